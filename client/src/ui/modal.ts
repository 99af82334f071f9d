/** A modal dialog over everything; closes on Escape, on the backdrop (when dismissable) or by code. */
import { h } from './dom';

export interface Modal {
  el: HTMLDivElement;
  body: HTMLDivElement;
  close(): void;
}

let open: Modal[] = [];

export function openModal(
  title: string,
  opts: { testid?: string; dismissable?: boolean; onClose?: () => void; wide?: boolean } = {},
): Modal {
  const body = h('div', {
    class: 'modal',
    testid: opts.testid,
    attrs: { role: 'dialog', 'aria-label': title },
  });
  if (opts.wide) body.style.width = 'min(620px, 100%)';
  body.append(h('h2', { text: title }));
  const back = h('div', { class: 'modal-back' }, body);
  const dismissable = opts.dismissable ?? true;
  const modal: Modal = {
    el: back,
    body,
    close() {
      if (!back.isConnected) return;
      back.remove();
      document.removeEventListener('keydown', onKey);
      open = open.filter((m) => m !== modal);
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
  return modal;
}

export function closeAllModals(): void {
  for (const m of [...open]) m.close();
}
