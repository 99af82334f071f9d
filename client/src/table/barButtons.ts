/** The icon buttons a live table's and a replay's bars share, built in one place. */
import { button } from '../ui/dom';
import { icon } from '../ui/icons';

/** A button that shows its icon alone (its title names it). */
export function withIcon(b: HTMLButtonElement, name: Parameters<typeof icon>[0]): HTMLButtonElement {
  b.replaceChildren(icon(name));
  return b;
}

/** The top bar's "How to play". */
export function howToButton(onClick: () => void): HTMLButtonElement {
  return withIcon(
    button('', onClick, { small: true, class: 'icon', testid: 'howto-button', title: 'How to play' }),
    'help',
  );
}

/** The top bar's button that opens the side panel (on a phone), titled with what the panel holds. */
export function panelToggleButton(onClick: () => void, title: string): HTMLButtonElement {
  const b = button('', onClick, { small: true, class: 'icon panel-toggle', testid: 'panel-toggle', title });
  return withIcon(b, 'menu');
}

/** The side panel's close button (on a phone). */
export function sideCloseButton(onClose: () => void): HTMLButtonElement {
  return withIcon(
    button('', onClose, { small: true, class: 'icon side-close', kind: 'ghost', title: 'Close' }),
    'close',
  );
}
