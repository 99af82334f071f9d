/**
 * libuv's thread pool runs the journal's writes and fdatasyncs (up to four at once, see
 * storage/Journal.ts) beside checkpoints, history files, file reads and crypto. Four threads, the
 * default, would leave none for the rest while the journal is busy. Imported first by the entry point: the size
 * is read when the pool first starts. An operator's UV_THREADPOOL_SIZE wins.
 */
process.env.UV_THREADPOOL_SIZE ??= '8';
