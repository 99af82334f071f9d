/** Kingpin's rules in brief, for the how-to-play dialog (the text: the "In brief" section of docs/rules/kingpin.md). */
import rules from '../../../../docs/rules/kingpin.md?raw';
import { button, h } from '../../ui/dom';
import { briefSections, howToElement } from '../../ui/howTo';
import { resetHints } from './coach';

const SECTIONS = briefSections(rules);

export function kingpinHowTo(): HTMLElement {
  const root = howToElement(SECTIONS);
  const done = h('span', { class: 'muted' });
  root.append(
    h(
      'p',
      {},
      button(
        'Show the first-match hints again',
        () => {
          resetHints();
          done.textContent = ' They will show at your next first turn, truce end and first attack.';
        },
        { small: true, kind: 'ghost', testid: 'kp-hints-again' },
      ),
      done,
    ),
  );
  return root;
}
