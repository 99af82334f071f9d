/** James Bland's single-click action for the latency test (latency.test.ts): "Submit plan" (the default plan, a safe turn); one click: the next plan waits for the round's planning to end. */
import type { SingleClick } from './singleClick';

export const singleClick: SingleClick = { name: 'James Bland', ids: ['jb-submit'], clicks: 1 };
