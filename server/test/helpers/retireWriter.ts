/**
 * Jest setup (server project, after the framework): at the end of each test file, the journal's
 * writer thread of that file's copy of the server modules stops once its writes are done (see
 * `retireDurableWriter`). Safe whichever of the file's own afterAll hooks runs first: a write after
 * it goes through the thread pool.
 */
import { retireDurableWriter } from '../../src/storage/durableWriter';

afterAll(async () => {
  await retireDurableWriter();
});
