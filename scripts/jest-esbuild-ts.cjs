// Jest transform for the TypeScript of every project: esbuild strips the types and writes CommonJS, much
// cheaper in CPU than ts-jest. It checks no types: `npm run typecheck` does (tsconfig.tests.json).
// Per file, like ts-jest's isolatedModules, so no `const enum` across files, no namespaces merged across
// files. It does not hoist `jest.mock` above the imports as babel-jest and ts-jest do: a test that mocks
// a module must load it lazily after the jest.mock call (client/src/games/registry.test.ts mocks a
// chunk the registry imports dynamically).
const crypto = require('node:crypto');
const fs = require('node:fs');
const { transformSync, version } = require('esbuild');

const options = {
  loader: 'ts',
  format: 'cjs',
  target: 'node22',
  sourcemap: 'external',
  // import() as require(), as ts-jest wrote it: jest runs no ES modules without --experimental-vm-modules.
  supported: { 'dynamic-import': false },
  // As tsconfig.json has them: strict ("use strict", so writes to frozen state throw, as the contract tests
  // expect), and legacy decorators for the Colyseus schema classes.
  tsconfigRaw: {
    compilerOptions: { strict: true, experimentalDecorators: true, useDefineForClassFields: false },
  },
};

// esbuild's CommonJS keeps ESM's semantics: exports are fixed getters, and `import * as m` is a copy of
// the module. Tests spy on module exports (jest.spyOn(fileIo, 'fsyncDirAsync')), which needs what
// TypeScript's CommonJS gives: configurable exports and a namespace import that is the module itself.
// The helpers are patched where esbuild (pinned) writes them (it may rename their local variables when the
// module has top-level names alike); a changed helper fails loudly.
const helperPatches = [
  ['var __export =', /(var __export = [^]*?enumerable: true)( \}\);)/, '$1, configurable: true$2'],
  ['var __copyProps =', /(var __copyProps = [^]*?\|\| \w+\.enumerable)( \}\);)/, '$1, configurable: true$2'],
  [
    'var __toESM =',
    /var __toESM = \((\w+), (\w+), (\w+)\) => \(/,
    'var __toESM = ($1, $2, $3) => !$2 && $1 && $1.__esModule ? $1 : (',
  ],
];

function patchHelpers(code, filename) {
  let out = code;
  for (const [helper, pattern, replacement] of helperPatches) {
    if (!out.includes(helper)) continue;
    if (!pattern.test(out)) {
      throw new Error(`jest-esbuild-ts: esbuild ${version} wrote ${helper} unlike expected (${filename})`);
    }
    out = out.replace(pattern, replacement);
  }
  return out;
}

const self = fs.readFileSync(__filename);

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, { ...options, sourcefile: filename });
    return { code: patchHelpers(code, filename), map };
  },
  getCacheKey(source, filename) {
    return crypto
      .createHash('sha256')
      .update(self)
      .update(version)
      .update('\0')
      .update(filename)
      .update('\0')
      .update(source)
      .digest('hex');
  },
};
