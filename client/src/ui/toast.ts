/** Short messages at the bottom of the screen: refusals from the server, connection news. */
import { h } from './dom';

/** Shows a toast for `ms`; gives back a function that takes it away sooner. */
export function toast(message: string, kind: 'error' | 'info' = 'error', ms = 3600): () => void {
  const box = document.getElementById('toasts');
  if (!box) return () => {};
  const el = h('div', {
    class: `toast ${kind === 'info' ? 'info' : ''}`,
    testid: `toast-${kind}`,
    text: message,
  });
  box.append(el);
  while (box.children.length > 4) box.firstElementChild?.remove();
  window.setTimeout(() => el.remove(), ms);
  return () => el.remove();
}
