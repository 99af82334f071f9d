// Jest transform for the few ESM-only packages the CommonJS test build loads (rou3, which
// @colyseus/core's router imports): esbuild rewrites them to CommonJS. The server itself runs as
// ESM (see scripts/build-server.mjs); jest keeps loading the packages' CommonJS builds.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      format: 'cjs',
      loader: 'js',
      target: 'node22',
      sourcefile: filename,
      sourcemap: 'external',
    });
    return { code, map };
  },
};
