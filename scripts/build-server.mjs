#!/usr/bin/env node
// `npm run build:server`: the server as one ES module, server/dist/index.js (what `npm start`, the
// Docker image and the built-server tests run). Why a bundle: the server must load
// @colyseus/core and @colyseus/schema as ESM. A CommonJS server gets core's ESM build (Node 22's
// require picks its `module-sync` export) with schema's ESM copy, while the game schemas' decorators
// register in schema's CommonJS copy: every @view() field then silently goes unsent. esbuild
// compiles the server and the games (@parlor/shared, from source) into one ESM file, leaving the
// npm packages to Node's ESM loader, so the source keeps its extensionless imports. Types are
// checked by `npm run typecheck` (tsc), not here.
import { context } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'server');
/** `--entry file.ts --outdir dir`: another entry built the same way (the built-server tests' own). */
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? path.resolve(process.argv[i + 1]) : null;
};
const entry = arg('--entry') ?? path.join(serverDir, 'src', 'index.ts');
const outDir = arg('--outdir') ?? path.join(serverDir, 'dist');
const deps = (dir) =>
  Object.keys(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {});
/** Every npm package stays external; only the workspace's own shared package is compiled in. */
const external = [...deps(serverDir), ...deps(path.join(root, 'shared'))].filter(
  (d) => d !== '@parlor/shared',
);

/**
 * Worker threads the server starts from a file beside its own (uploads/uploadPool.ts starts
 * `uploadWorker.js` next to it): every `*Worker.ts` under server/src becomes `dist/<name>.js`.
 */
function workerEntries() {
  const src = path.join(serverDir, 'src');
  return Object.fromEntries(
    readdirSync(src, { recursive: true })
      .filter((f) => /Worker\.ts$/.test(f))
      .map((f) => [path.basename(f, '.ts'), path.join(src, f)]),
  );
}

/** Writes what sits beside the bundle: the package marker and the entry that loads the bundle. */
function writeEntry() {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
  // An ES module's imports all load before its first line runs: the entry sets libuv's pool size
  // (src/threadpool.ts) before it imports anything that could start the pool.
  writeFileSync(
    path.join(outDir, 'index.js'),
    "// Built by scripts/build-server.mjs.\nprocess.env.UV_THREADPOOL_SIZE ??= '8';\nawait import('./server.js');\n",
  );
}

/** `--watch` (npm run dev): rebuild on every change to the server or the games. */
const watch = process.argv.includes('--watch');
const ctx = await context({
  entryPoints: { server: entry, ...workerEntries() },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // tsconfig.json: experimentalDecorators on and useDefineForClassFields off, as schema needs.
  tsconfig: path.join(serverDir, 'tsconfig.json'),
  // @parlor/shared resolves through its package's exports map to its TypeScript source.
  external: [...external, ...external.map((d) => `${d}/*`)],
  // The few CommonJS habits in the source (require for optional Redis, __dirname for files next
  // to the build) keep working in the module.
  banner: {
    js: [
      "import { createRequire as __parlorCreateRequire } from 'node:module';",
      "import { fileURLToPath as __parlorFileURLToPath } from 'node:url';",
      'const require = __parlorCreateRequire(import.meta.url);',
      'const __filename = __parlorFileURLToPath(import.meta.url);',
      "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
    ].join('\n'),
  },
  logLevel: 'warning',
  plugins: [
    {
      name: 'parlor-entry',
      setup(b) {
        b.onEnd((result) => {
          if (result.errors.length) return;
          writeEntry();
          console.log(`build:server: ${path.relative(root, path.join(outDir, 'index.js'))} (ESM)`);
        });
      },
    },
  ],
});
if (watch) {
  await ctx.watch();
} else {
  const result = await ctx.rebuild();
  await ctx.dispose();
  if (result.errors.length) process.exit(1);
}
