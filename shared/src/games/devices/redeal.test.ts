/** Redeal (issue 31): nothing in Devices is face down; only the rng comes from the new key. */
import { seedRng } from '../../core/rng';
import { KEY_A, expectSameToEveryone, midMatch } from '../../../test/redealKit';
import { devices } from './index';
import type { DevicesState } from './types';

test("the rng is the key's; everything else, every view, legal actions and timer stay", () => {
  const s: DevicesState = midMatch(devices, { nweeks: 1, targetPoints: 10 }, 3, 9, 40);
  const r = devices.redeal(s, KEY_A);
  expect(r.rng).toEqual(seedRng(KEY_A));
  expect({ ...r, rng: null }).toEqual({ ...s, rng: null });
  expectSameToEveryone(devices, s, r, 3);
});
