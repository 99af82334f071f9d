/**
 * Redraws that keep their elements. A browser sends a click only when the press (pointerdown) and
 * the release (pointerup) land on the same element: a button replaced by a fresh copy between the
 * two (a patch from the server, another player's move) loses the click, for a person and a test
 * alike. The renderers here still build fresh elements with `h()` and `button()`; these helpers put
 * them in place of the old ones by updating the old elements instead (text, attributes, disabled,
 * classes, children and the handlers `h()`/`button()` registered), so a press begun on a control
 * ends on the same element.
 *
 * An element's identity (key) is its `data-ident`, else its test id; elements without either are
 * matched by tag in order. Two controls that do different things must have different keys (a
 * "Kick" must never become an "Add AI" under a press): give them test ids.
 *
 * Rules for callers: pass elements built fresh for this redraw, or elements already in the parent
 * (kept on purpose: they are left as they are). A fresh element replaces no reference the caller
 * keeps: do not hold on to an element built for a patch (look it up in the parent instead).
 * Listeners added with `addEventListener` (not through `h()`'s `on` or `button()`) stay those of
 * the first drawing.
 */
import { adoptHandlers } from './dom';

/** An element's identity across redraws, or null (matched by tag and order). */
function keyOf(n: Node): string | null {
  if (!(n instanceof HTMLElement || n instanceof SVGElement)) return null;
  return n.dataset.ident ?? n.dataset.testid ?? null;
}

function sameKind(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
function isFormControl(n: Node): n is FormControl {
  return n instanceof HTMLInputElement || n instanceof HTMLSelectElement || n instanceof HTMLTextAreaElement;
}

/**
 * Makes `old` look and act like `next` (same kind: tag and key), keeping `old` (and every
 * descendant that matches) in the page. Returns `old`.
 */
export function morph<T extends Node>(old: T, next: Node): T {
  if (old === next) return old;
  if (!(old instanceof Element) || !(next instanceof Element)) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return old;
  }
  for (const a of [...old.attributes]) if (!next.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of next.attributes)
    if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  // What is a property, not an attribute: a field's value as set by code (never under the cursor).
  if (isFormControl(old) && isFormControl(next) && document.activeElement !== old) {
    if (old.value !== next.value) old.value = next.value;
    if (old instanceof HTMLInputElement && next instanceof HTMLInputElement) old.checked = next.checked;
  }
  adoptHandlers(old, next);
  patchChildren(old, ...next.childNodes);
  return old;
}

/**
 * Puts `nodes` in `parent`, in order, as they are (no morph): nodes already there stay without
 * being taken out (a press on one still ends on it), the rest are removed or inserted.
 */
export function placeChildren(parent: Node, nodes: readonly Node[]): void {
  const wanted = new Set(nodes);
  for (const c of [...parent.childNodes]) if (!wanted.has(c)) c.remove();
  let at: ChildNode | null = parent.firstChild;
  for (const n of nodes) {
    if (at === n) at = at.nextSibling;
    else parent.insertBefore(n, at);
  }
}

type Child = Node | string | number | null | undefined | false;

/**
 * `replace(parent, ...children)` that keeps what stays: each child takes the place of the old child
 * of the same kind (key, else tag in order), which is updated in place (`morph`).
 */
export function patchChildren(parent: Node, ...children: Child[]): void {
  const next: Node[] = [];
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    next.push(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
  const free = [...parent.childNodes];
  const stays = new Set<Node>(next.filter((n) => n.parentNode === parent));
  const placed = next.map((n) => {
    if (stays.has(n)) return n;
    const i = free.findIndex((o) => !stays.has(o) && sameKind(o, n));
    if (i < 0) return n;
    const old = free.splice(i, 1)[0]!;
    stays.add(old);
    return morph(old, n);
  });
  placeChildren(parent, placed);
}

/**
 * Keeps a container's children in step with a list of items. An item whose signature did not
 * change keeps its element untouched; one whose signature changed is built again and the old
 * element updated to match (`morph`), so it too stays in the page. In a real-time market patches
 * arrive all the time: a tap is never lost to a redraw.
 */
export interface KeyedItem {
  key: string;
  /** Anything that changes whenever the element must be drawn again. */
  sig: string;
  make(): HTMLElement;
}

export class KeyedList {
  private shown = new Map<string, { sig: string; el: HTMLElement }>();

  constructor(private readonly container: HTMLElement) {}

  update(items: KeyedItem[]): void {
    const next = new Map<string, { sig: string; el: HTMLElement }>();
    for (const item of items) {
      const old = this.shown.get(item.key);
      if (old && old.sig === item.sig) next.set(item.key, old);
      else {
        const el = item.make();
        next.set(item.key, { sig: item.sig, el: old && sameKind(old.el, el) ? morph(old.el, el) : el });
      }
    }
    placeChildren(
      this.container,
      [...next.values()].map((x) => x.el),
    );
    this.shown = next;
  }
}
