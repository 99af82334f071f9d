/** Tactical Risk's single-click action for the latency test (latency.test.ts): its phase button (End the purchase phase). */
import type { SingleClick } from './singleClick';

export const singleClick: SingleClick = { name: 'Tactical Risk', ids: ['tr-end-phase'], clicks: 3 };
