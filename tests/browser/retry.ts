// The browser project's setup (every browser test file).
// A browser test that fails is run once more before it counts as failed (BROWSER_RETRIES, default 1):
// three Chromium pages on a busy 2-core machine can miss an input now and then.
// Its first failure is printed, and `npm test` lists every test that needed the second run, so
// flakiness stays visible instead of hidden.
jest.retryTimes(Number(process.env.BROWSER_RETRIES ?? 1), { logErrorsBeforeRetry: true });
// Two browser files run at once (scripts/test.mjs) beside the room tests: a test that takes 20 s
// alone may take several times that when the machine is busy. A file's own jest.setTimeout wins.
jest.setTimeout(120_000);
