/**
 * The offline single file: client/dist-single/bankout.html, every script, style and font inlined.
 * Built from client/bankout.html + src/games/bankout/offline/main.ts; it never opens a network connection.
 */
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

export default defineConfig({
  plugins: [viteSingleFile({ removeViteModuleLoader: true })],
  build: {
    outDir: 'dist-single',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    assetsInlineLimit: 100_000_000,
    rollupOptions: { input: 'bankout.html' },
  },
});
