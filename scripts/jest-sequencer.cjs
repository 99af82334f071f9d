// The order jest runs test files in: longest first, so no worker sits idle at the end. Jest orders
// by the last run's times; without them (a fresh clone) by file size, which puts a short file that
// drives a long suite last (shared/test/contract.test.ts: 12 lines, a minute of playouts). Such a
// file says so in its header comment (`@heavy`): when jest has no times, those go first.
const fs = require('node:fs');
const TestSequencer = require('@jest/test-sequencer').default;

const isHeavy = (test) => /@heavy\b/.test(fs.readFileSync(test.path, 'utf8').slice(0, 2000));

class HeavyFirst extends TestSequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((t) => t.duration != null)) return sorted;
    return [...sorted.filter(isHeavy), ...sorted.filter((t) => !isHeavy(t))];
  }
}

module.exports = HeavyFirst;
