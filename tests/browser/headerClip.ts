/// <reference lib="dom" />
/** A browser-test check shared by the James Bland and Devices result tests. */
import type { Page } from 'playwright-core';

/**
 * Header controls cut by the screen's edge or by their own box (text wider than the button), those
 * of `required` (test ids: by default Leave and the join code) not shown at all, and any two of the
 * bar's pieces that overlap: its controls, countdown, connection pill and badges, the game's name,
 * and the party mode's Hand pill (placed over the bar's title row on a phone).
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
    // No two pieces of the bar overlap (each as drawn: a hidden or empty one takes no room).
    const pieces = [
      ...Array.from(
        header.querySelectorAll<HTMLElement>(
          '.title .game, .tools > *, .tools button, [data-testid="hand-toggle"]',
        ),
      ),
      ...Array.from(document.querySelectorAll<HTMLElement>('[data-testid="hand-toggle"]')),
    ]
      .filter((el, k, all) => all.indexOf(el) === k && el.checkVisibility())
      // A piece inside another (a button in the tools row) is checked against the others, not its box.
      .filter((el, _k, all) => !all.some((o) => o !== el && el.contains(o)))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const name = (el: HTMLElement) =>
      el.getAttribute('data-testid') ?? (el.className || el.tagName) + ` "${el.textContent?.trim() ?? ''}"`;
    for (let i = 0; i < pieces.length; i++) {
      const a = pieces[i]!;
      if (a.r.left < -0.5 || a.r.right > window.innerWidth + 0.5)
        out.push(`${name(a.el)}: outside the screen's width`);
      for (let j = i + 1; j < pieces.length; j++) {
        const b = pieces[j]!;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const hgt = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 0.5 && hgt > 0.5)
          out.push(`${name(a.el)} overlaps ${name(b.el)} by ${Math.round(w)}x${Math.round(hgt)} px`);
      }
    }
    return out;
  }, required);
}
