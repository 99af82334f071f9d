// Jest runs TypeScript through esbuild (scripts/jest-esbuild-ts.cjs), which checks no types; `npm run typecheck`
// checks them (tests included, through tsconfig.tests.json).
const tsTransform = { '^.+\\.ts$': '<rootDir>/../scripts/jest-esbuild-ts.cjs' };
/** ESM-only packages under node_modules that jest must turn into CommonJS (see the transform). */
const esmOnly = ['rou3'];
const esmTransform = { '^.+\\.m?js$': '<rootDir>/../scripts/jest-esm-to-cjs.cjs' };
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
// @parlor/shared as its exports map (shared/package.json) resolves it: the root for the platform core,
// a module path for anything else, both to the TypeScript source.
const sharedMap = {
  '^@parlor/shared$': '<rootDir>/../shared/src/index.ts',
  '^@parlor/shared/(.*)$': '<rootDir>/../shared/src/$1',
};

/** @type {import('jest').Config} */
module.exports = {
  // A global option (jest ignores it per project): room, discovery and browser tests do real I/O on a
  // busy 2-core machine. Long tests set their own timeout.
  testTimeout: 60000,
  // Long files first even on a fresh clone (files marked `@heavy`; see the script).
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  projects: [
    {
      displayName: 'shared',
      rootDir: 'shared',
      testEnvironment: 'node',
      // test/: the contract suite over every registered game, and games that exist only for tests.
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      transform: tsTransform,
      moduleNameMapper: sharedMap,
    },
    {
      displayName: 'server',
      rootDir: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/helpers/nodeWebSocket.ts'],
      // Each test file's journal writer thread stops at its end (else a jest worker collects them).
      setupFilesAfterEnv: ['<rootDir>/test/helpers/retireWriter.ts'],
      transform: { ...tsTransform, ...esmTransform },
      transformIgnorePatterns,
      moduleNameMapper: sharedMap,
    },
    {
      // The client's pure parts (view models, layout maths, clocks, parsing): no browser, no Phaser.
      // The client is an ES module package built by Vite; jest runs it as CommonJS.
      displayName: 'client',
      rootDir: 'client',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      setupFiles: ['<rootDir>/src/testing/nodeWindow.ts'],
      transform: {
        ...tsTransform,
        // Vite's `?raw` imports (a file's text): see the moduleNameMapper below.
        '^.+\\.md$': '<rootDir>/../scripts/jest-raw-text.cjs',
      },
      moduleNameMapper: { '^(.+\\.md)\\?raw$': '$1', ...sharedMap },
    },
    {
      // Playwright (playwright-core + Debian's chromium) against the built server and client.
      displayName: 'browser',
      rootDir: 'tests/browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/retry.ts'],
      transform: {
        '^.+\\.ts$': '<rootDir>/../../scripts/jest-esbuild-ts.cjs',
        '^.+\\.m?js$': '<rootDir>/../../scripts/jest-esm-to-cjs.cjs',
      },
      transformIgnorePatterns,
      moduleNameMapper: {
        '^@parlor/shared$': '<rootDir>/../../shared/src/index.ts',
        '^@parlor/shared/(.*)$': '<rootDir>/../../shared/src/$1',
      },
    },
  ],
};
