/**
 * The browser client: `npm run dev -w client` serves it with a proxy to the game server on 2567;
 * `npm run build -w client` writes client/dist, which the server serves at /.
 */
import { defineConfig } from 'vite';

const target = process.env.PARLOR_SERVER ?? 'http://localhost:2567';

export default defineConfig({
  // @parlor/shared resolves through its package's exports map (shared/package.json) to its source.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // Phaser in a chunk of its own: it changes only when its version does, so a browser keeps it
    // cached across Parlor updates (and neither chunk passes the size warning).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'phaser', test: /node_modules[\\/]phaser[\\/]/ }] } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: true },
      '/matchmake': { target, changeOrigin: true },
      // Colyseus room websockets live under /<processId>/<roomId>: proxy every upgrade that is not Vite's own HMR.
      '^/(?!@vite|@fs|@id|src|node_modules|api|matchmake)[^/]+/[^/]+': {
        target,
        ws: true,
        changeOrigin: true,
      },
    },
  },
});
