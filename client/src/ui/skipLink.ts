/**
 * The page's first stop for the Tab key: "Skip to the table actions" at a table, "Skip to content"
 * elsewhere. Hidden until focused. Its target is the screen's element marked `data-skip` (the
 * table's action strip, the lobby's games): the first enabled control in it takes the focus, or
 * the region itself when none is enabled (the next Tab then enters it). A button, not a link to a
 * fragment: the address's hash is the app's route.
 */
import { h } from './dom';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

function visible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

export function skipTarget(root: ParentNode = document): HTMLElement | null {
  const region = root.querySelector<HTMLElement>('[data-skip]');
  if (!region) return null;
  const first = [...region.querySelectorAll<HTMLElement>(FOCUSABLE)].find(visible);
  if (first) return first;
  if (!region.hasAttribute('tabindex')) region.tabIndex = -1;
  return region;
}

export function installSkipLink(app: HTMLElement): HTMLElement {
  const atTable = (): boolean => document.body.classList.contains('mode-table');
  const link = h('button', {
    class: 'skip-link',
    testid: 'skip-link',
    attrs: { type: 'button' },
    text: 'Skip to content',
    on: {
      click: () => skipTarget()?.focus(),
    },
  });
  const name = (): void => {
    link.textContent = atTable() ? 'Skip to the table actions' : 'Skip to content';
  };
  link.addEventListener('focus', name);
  new MutationObserver(name).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  app.prepend(link);
  return link;
}
