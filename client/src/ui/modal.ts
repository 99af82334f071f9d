/**
 * A modal dialog over everything; closes on Escape, on the backdrop (when dismissable) or by code.
 * While one is open the rest of the page is `inert` (Tab and screen readers stay in the dialog);
 * focus moves into it on open and back to whatever had it on close.
 */
import { h } from './dom';

export interface Modal {
  el: HTMLDivElement;
  body: HTMLDivElement;
  close(): void;
}

let open: Modal[] = [];

/** Where toasts are announced: left live while a dialog is open. */
const KEEP_LIVE = new Set(['toasts']);

/**
 * Makes every top-level element but the topmost dialog's backdrop (and the live toasts) inert, or
 * none when no dialog is open. Stacked dialogs: the lower ones go inert under the top one.
 */
export function syncBackground(children: Iterable<{ id: string; inert: boolean }>, top: object | null): void {
  for (const c of children) c.inert = top !== null && c !== top && !KEEP_LIVE.has(c.id);
}

/**
 * The dialog itself (tabindex -1): a screen reader reads its name, the next Tab reaches its first
 * control, and a phone's keyboard does not pop up over it. Callers may focus a field instead.
 */
function focusInto(body: HTMLElement): void {
  if (!body.contains(document.activeElement)) body.focus();
}

let titles = 0;

export function openModal(
  title: string,
  opts: { testid?: string; dismissable?: boolean; onClose?: () => void; wide?: boolean } = {},
): Modal {
  const titleId = `modal-title-${++titles}`;
  const body = h('div', {
    class: 'modal',
    testid: opts.testid,
    attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, tabindex: '-1' },
  });
  if (opts.wide) body.style.width = 'min(620px, 100%)';
  body.append(h('h2', { text: title, attrs: { id: titleId } }));
  const back = h('div', { class: 'modal-back' }, body);
  const dismissable = opts.dismissable ?? true;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const modal: Modal = {
    el: back,
    body,
    close() {
      if (!back.isConnected) return;
      const hadFocus = back.contains(document.activeElement);
      back.remove();
      document.removeEventListener('keydown', onKey);
      open = open.filter((m) => m !== modal);
      syncBackground(document.body.children as unknown as Iterable<HTMLElement>, open.at(-1)?.el ?? null);
      // Back to the opener, unless the close moved focus on purpose (or the opener is gone).
      if ((hadFocus || document.activeElement === document.body) && opener?.isConnected) opener.focus();
      opts.onClose?.();
    },
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && dismissable && open[open.length - 1] === modal) modal.close();
  };
  if (dismissable) {
    back.addEventListener('click', (e) => {
      if (e.target === back) modal.close();
    });
    document.addEventListener('keydown', onKey);
  }
  document.body.append(back);
  open.push(modal);
  syncBackground(document.body.children as unknown as Iterable<HTMLElement>, back);
  // Callers fill the body after this returns: focus once they have (unless they focused already).
  queueMicrotask(() => {
    if (back.isConnected) focusInto(body);
  });
  return modal;
}

export function closeAllModals(): void {
  for (const m of [...open]) m.close();
}
