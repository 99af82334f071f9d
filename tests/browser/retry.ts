// A browser test that fails is run once more before it counts as failed (BROWSER_RETRIES, default 1):
// three Chromium pages on a busy 2-core machine can miss an input now and then.
// Its first failure is printed, and `npm test` lists every test that needed the second run, so
// flakiness stays visible instead of hidden.
jest.retryTimes(Number(process.env.BROWSER_RETRIES ?? 1), { logErrorsBeforeRetry: true });
