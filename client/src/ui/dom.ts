/**
 * A tiny DOM builder. Text always goes in through textContent (never innerHTML), so names, chat
 * lines and table names can never inject markup.
 */
type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  testid?: string;
  title?: string;
  text?: string | number;
  attrs?: Record<string, string>;
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (ev: HTMLElementEventMap[K]) => void }>;
  style?: Partial<CSSStyleDeclaration>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.testid) el.dataset.testid = props.testid;
  if (props.title) el.title = props.title;
  if (props.text !== undefined) el.textContent = String(props.text);
  if (props.attrs) for (const [k, v] of Object.entries(props.attrs)) el.setAttribute(k, v);
  if (props.style) Object.assign(el.style, props.style);
  if (props.on) for (const [type, fn] of Object.entries(props.on)) listen(el, type, fn as EventListener);
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
}

/** Replace every child of `el`. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, ...children);
}

export function button(
  label: string,
  onClick: () => void,
  props: Props & { kind?: 'primary' | 'danger' | 'ghost'; small?: boolean; disabled?: boolean } = {},
): HTMLButtonElement {
  const cls = ['btn', props.kind, props.small ? 'small' : '', props.class].filter(Boolean).join(' ');
  const b = h('button', { ...props, class: cls, text: label, attrs: { type: 'button', ...props.attrs } });
  b.disabled = !!props.disabled;
  listen(b, 'click', (e) => {
    if (!(e.currentTarget as HTMLButtonElement).disabled) onClick();
  });
  return b;
}

/**
 * The handlers `h()` and `button()` registered, per element and event type. The element listens
 * through one `dispatch`, so a redraw that keeps an element (ui/keyed.ts) can hand it the handlers
 * of its fresh copy: a kept button does what the latest drawing says, never what the first did.
 */
const handlers = new WeakMap<EventTarget, Map<string, EventListener[]>>();

function dispatch(e: Event): void {
  const list = e.currentTarget && handlers.get(e.currentTarget)?.get(e.type);
  if (list) for (const fn of [...list]) fn(e);
}

/** Adds `fn` as a handler of `type` events on `el` (passed on by `adoptHandlers`). */
export function listen(el: Element, type: string, fn: EventListener): void {
  let byType = handlers.get(el);
  if (!byType) handlers.set(el, (byType = new Map()));
  byType.set(type, [...(byType.get(type) ?? []), fn]);
  el.addEventListener(type, dispatch);
}

/** `to` takes `from`'s handlers in place of its own (a kept element and its fresh copy). */
export function adoptHandlers(to: Element, from: Element): void {
  const mine = handlers.get(from);
  if (!mine && !handlers.has(to)) return;
  const byType = new Map(mine ?? []);
  handlers.set(to, byType);
  for (const type of byType.keys()) to.addEventListener(type, dispatch);
}

/** Set text only when it changed (keeps DOM churn and layout work low on every patch). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

export function toggleClass(el: Element, cls: string, on: boolean): void {
  el.classList.toggle(cls, on);
}

/** Lets the browser download `data` as a JSON file named `name`. */
export function downloadJson(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/json' }));
  const a = h('a', { attrs: { href: url, download: name } });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
