/**
 * Keeps keyboard focus inside a table's action bar. A game redraws its buttons on every patch and
 * disables the one just pressed (Bank, End turn, Buy, Submit): the browser then drops the focus to
 * the page, and a keyboard or screen-reader player has to find their way back with a dozen Tabs.
 * Here, when the focus was in the bar and is lost (the element left the page, became disabled or
 * hidden), it goes to the same control drawn again (same test id or name), else to the next enabled
 * control after where it was, else to the bar itself. A player who clicks or tabs elsewhere on
 * purpose is left alone. Knows no game.
 */

const FOCUSABLE =
  'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"]';

/** An element a keyboard can reach now: enabled, shown, not taken out of the tab order. */
export function reachable(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  if ((el as HTMLButtonElement).disabled || el.closest('[inert], [hidden], [aria-hidden="true"]')) return false;
  if (el.tabIndex < 0 && el.getAttribute('tabindex') === '-1') return false;
  // getClientRects is empty for display:none (itself or an ancestor)
  if (el.getClientRects().length === 0) return false;
  return getComputedStyle(el).visibility !== 'hidden';
}

/** The controls of `area` a keyboard can reach, in document order. */
export function controlsOf(area: HTMLElement): HTMLElement[] {
  return [...area.querySelectorAll(FOCUSABLE)].filter(reachable);
}

/** What identifies a control across a redraw: its test id, else its role and name. */
function identity(el: HTMLElement): string {
  return el.dataset.testid ?? `${el.tagName}|${el.getAttribute('aria-label') ?? el.textContent ?? ''}`;
}

/** Focus `el` without scrolling the page (a phone keeps its view of the board). */
function put(el: HTMLElement): void {
  el.focus({ preventScroll: true });
}

/** Focus the first control of the bar that can take it, else the bar itself. */
export function focusActions(area: HTMLElement): void {
  const first = controlsOf(area)[0];
  put(first ?? area);
}

function lost(area: HTMLElement): boolean {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return true;
  // Still "focused" but no longer usable (disabled in place, or removed while focused).
  return area.contains(a) && a !== area && !reachable(a);
}

/**
 * Watches `area` and puts the focus back in it when it is lost from there. Returns the undo.
 * `area` gets tabindex -1 (focusable by script, not a Tab stop) so it can hold the focus itself.
 */
export function keepFocusIn(area: HTMLElement): () => void {
  if (!area.hasAttribute('tabindex')) area.tabIndex = -1;
  /** The control last focused in the bar, its identity and its place among the bar's controls. */
  let last: { el: HTMLElement; id: string; index: number } | null = null;
  let pending = 0;

  const onFocusIn = (e: FocusEvent): void => {
    const t = e.target;
    if (!(t instanceof HTMLElement)) return;
    if (area.contains(t) && t !== area) last = { el: t, id: identity(t), index: controlsOf(area).indexOf(t) };
    else if (t !== area) last = null; // the player went elsewhere on purpose
  };
  // A pointer press outside the bar means the player chose to leave it (the board, the chat).
  const onPointerDown = (e: PointerEvent): void => {
    if (!(e.target instanceof Node) || !area.contains(e.target)) last = null;
  };

  const restore = (): void => {
    pending = 0;
    if (!last || !lost(area)) return;
    const controls = controlsOf(area);
    const prev = last;
    const again = controls.find((c) => c !== prev.el && identity(c) === prev.id);
    const target = again ?? controls[Math.min(Math.max(prev.index, 0), controls.length - 1)] ?? area;
    put(target);
    last = target === area ? prev : { el: target, id: identity(target), index: controls.indexOf(target) };
  };
  // After the redraw that caused it is complete (several mutations come in one patch).
  const schedule = (): void => {
    if (!pending && last) pending = window.setTimeout(restore, 0);
  };

  const observer = new MutationObserver(schedule);
  observer.observe(area, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'class', 'style', 'inert', 'aria-hidden'],
  });
  // A focused control disabled in place may blur with no mutation of its own in some browsers.
  const onFocusOut = (e: FocusEvent): void => {
    if (e.relatedTarget === null) schedule();
  };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointerDown, true);
  area.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    window.clearTimeout(pending);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointerDown, true);
    area.removeEventListener('focusout', onFocusOut);
  };
}
