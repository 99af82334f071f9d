/** Bankout's rules in brief, for the how-to-play dialog (the text: the "In brief" section of docs/rules/bankout.md). */
import rules from '../../../../docs/rules/bankout.md?raw';
import { briefSections, howToElement } from '../../ui/howTo';

const SECTIONS = briefSections(rules);

export function bankoutHowTo(): HTMLElement {
  return howToElement(SECTIONS);
}
