/** What an open dialog leaves live behind it (the rest needs a browser: tests/browser/lobby). */
import { describe, expect, it } from '@jest/globals';
import { syncBackground } from './modal';

const el = (id: string): { id: string; inert: boolean } => ({ id, inert: false });

describe('syncBackground', () => {
  it('makes all but the top dialog and the toasts inert, then frees them all', () => {
    const app = el('app');
    const toasts = el('toasts');
    const lower = el('');
    const top = el('');
    const page = [app, toasts, lower, top];
    syncBackground(page, top);
    expect(page.map((c) => c.inert)).toEqual([true, false, true, false]);
    page.pop(); // the top dialog closed (its backdrop left the page): the lower one is live again
    syncBackground(page, lower);
    expect(page.map((c) => c.inert)).toEqual([true, false, false]);
    page.pop();
    syncBackground(page, null);
    expect(page.map((c) => c.inert)).toEqual([false, false]);
  });
});
