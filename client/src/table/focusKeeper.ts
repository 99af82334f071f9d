/**
 * Keeps keyboard focus on a table's controls. A game redraws its buttons on every patch and
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
  if ((el as HTMLButtonElement).disabled || el.closest('[inert], [hidden], [aria-hidden="true"]'))
    return false;
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

/**
 * Watches `home` (the action bar) and `boards` (layers over the board where a game puts its
 * prompts) and puts the focus back when it is lost from there: in the same layer while it has
 * controls, else in `home`. A prompt (`role="dialog"`) that opens over the board while the focus is
 * in the bar (or nowhere) takes the focus: its options are what the player must answer now.
 * Returns the undo. `home` gets tabindex -1 (focusable by script, not a Tab stop) so it can hold
 * the focus itself when it has no enabled control.
 */
export function keepFocusIn(home: HTMLElement, boards: HTMLElement[] = []): () => void {
  if (!home.hasAttribute('tabindex')) home.tabIndex = -1;
  const areas = [home, ...boards];
  const areaOf = (n: Node): HTMLElement | undefined => areas.find((a) => a.contains(n));
  /** The control last focused in a watched area, its identity and its place among the area's controls. */
  let last: { el: HTMLElement; area: HTMLElement; id: string; index: number } | null = null;
  let pending = 0;
  let prompts = 0;
  /** Prompts that took the focus once already (a redraw of the same one does not again). */
  const seenPrompts = new WeakSet<HTMLElement>();

  const remember = (t: HTMLElement, area: HTMLElement): void => {
    last = { el: t, area, id: identity(t), index: controlsOf(area).indexOf(t) };
  };
  const onFocusIn = (e: FocusEvent): void => {
    const t = e.target;
    if (!(t instanceof HTMLElement)) return;
    const area = areaOf(t);
    if (area && t !== area) remember(t, area);
    else if (!area) last = null; // the player went elsewhere on purpose
  };
  // A pointer press outside the watched areas means the player chose to leave them (board, chat).
  const onPointerDown = (e: PointerEvent): void => {
    if (!(e.target instanceof Node) || !areaOf(e.target)) last = null;
  };

  const lost = (): boolean => {
    const a = document.activeElement;
    if (!a || a === document.body || a === document.documentElement) return true;
    // Still "focused" but no longer usable (disabled in place, or removed while focused).
    const area = areaOf(a);
    return !!area && a !== area && !reachable(a);
  };

  const restore = (): void => {
    pending = 0;
    if (!last || !lost()) return;
    const prev = last;
    const inPlace = controlsOf(prev.area);
    const area = inPlace.length ? prev.area : home;
    const controls = area === prev.area ? inPlace : controlsOf(home);
    const again = controls.find((c) => c !== prev.el && identity(c) === prev.id);
    const index = area === prev.area ? prev.index : 0;
    const target = again ?? controls[Math.min(Math.max(index, 0), controls.length - 1)] ?? home;
    put(target);
    if (target !== home) remember(target, area);
    else last = { ...prev, area: home, index: 0 };
  };
  /** A prompt just opened over the board: its first option takes the focus from the bar. */
  const promptOpened = (): void => {
    prompts = 0;
    const a = document.activeElement;
    const idle = !a || a === document.body || home.contains(a);
    if (!idle) return;
    for (const board of boards)
      for (const dialog of board.querySelectorAll<HTMLElement>('[role="dialog"]')) {
        if (seenPrompts.has(dialog)) continue;
        seenPrompts.add(dialog);
        const first = controlsOf(dialog)[0];
        if (first) return put(first);
      }
  };
  // After the redraw that caused it is complete (several mutations come in one patch).
  const schedule = (): void => {
    if (!pending && last) pending = window.setTimeout(restore, 0);
  };

  const observer = new MutationObserver(schedule);
  for (const area of areas)
    observer.observe(area, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'class', 'style', 'inert', 'aria-hidden'],
    });
  const promptWatch = new MutationObserver((records) => {
    const added = records.some((r) => [...r.addedNodes].some((n) => n instanceof HTMLElement));
    if (added && !prompts) prompts = window.setTimeout(promptOpened, 0);
  });
  for (const board of boards) promptWatch.observe(board, { subtree: true, childList: true });
  // A focused control disabled in place may blur with no mutation of its own in some browsers.
  const onFocusOut = (e: FocusEvent): void => {
    if (e.relatedTarget === null) schedule();
  };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointerDown, true);
  for (const area of areas) area.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    promptWatch.disconnect();
    window.clearTimeout(pending);
    window.clearTimeout(prompts);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointerDown, true);
    for (const area of areas) area.removeEventListener('focusout', onFocusOut);
  };
}
