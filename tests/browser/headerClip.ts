/// <reference lib="dom" />
/** A browser-test check shared by the James Bland and Devices result tests. */
import type { Page } from 'playwright-core';

/**
 * Header controls cut by the screen's edge or by their own box (text wider than the button), and
 * those of `required` (test ids: by default Leave and the join code) not shown at all.
 */
export async function clippedHeaderControls(
  page: Page,
  required: string[] = ['leave-button', 'share-button'],
): Promise<string[]> {
  return page.evaluate((required) => {
    const out: string[] = [];
    const header = document.querySelector('header');
    if (!header) return ['no header'];
    for (const id of required) {
      const el = header.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      if (!el || !el.checkVisibility()) out.push(`${id}: not shown`);
      else if (!el.textContent?.trim() && !el.getAttribute('aria-label')) out.push(`${id}: empty`);
    }
    for (const el of Array.from(header.querySelectorAll<HTMLElement>('button, a, select'))) {
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      const label = el.getAttribute('data-testid') ?? el.textContent ?? '?';
      if (r.left < 0 || r.right > window.innerWidth + 0.5 || r.top < 0 || r.bottom > window.innerHeight + 0.5)
        out.push(
          `${label}: off screen by ${Math.round(Math.max(-r.left, r.right - window.innerWidth, -r.top))} px`,
        );
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`${label}: text cut by ${el.scrollWidth - el.clientWidth} px`);
      let p = el.parentElement;
      while (p && p !== document.body) {
        const cs = getComputedStyle(p);
        if (cs.overflowX !== 'visible' || cs.overflow !== 'visible') {
          const b = p.getBoundingClientRect();
          // A box-less wrapper (display: contents) clips nothing.
          if (b.width === 0 && b.height === 0) {
            p = p.parentElement;
            continue;
          }
          const cut = Math.max(r.right - b.right, b.left - r.left, r.bottom - b.bottom, b.top - r.top);
          if (cut > 0.5)
            out.push(`${label}: clipped by ${p.className || p.tagName} by ${Math.round(cut)} px`);
          break;
        }
        p = p.parentElement;
      }
    }
    return out;
  }, required);
}
