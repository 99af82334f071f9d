/**
 * Keeps a container's children in step with a list of items, rebuilding only the items whose
 * signature changed. In a real-time market patches arrive all the time: a card that did not
 * change keeps its element, so a tap on it is never lost to a redraw.
 */
export interface KeyedItem {
  key: string;
  /** Anything that changes whenever the element must be rebuilt. */
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
      next.set(item.key, old && old.sig === item.sig ? old : { sig: item.sig, el: item.make() });
    }
    for (const [key, { el }] of this.shown) if (next.get(key)?.el !== el) el.remove();
    // Put the elements in order, moving only those out of place.
    let at: ChildNode | null = this.container.firstChild;
    for (const { el } of next.values()) {
      if (at === el) at = el.nextSibling;
      else this.container.insertBefore(el, at);
    }
    while (at) {
      const after: ChildNode | null = at.nextSibling;
      at.remove();
      at = after;
    }
    this.shown = next;
  }
}
