/** Kingpin's single-click action for the latency test (latency.test.ts): its turn: place the hand, buy from the pile, or pass. */
import type { SingleClick } from './singleClick';

export const singleClick: SingleClick = {
  name: 'Kingpin',
  ids: ['kp-place-hand', 'kp-buy-pile', 'kp-pass', 'kp-emergencyDone'],
  clicks: 3,
};
