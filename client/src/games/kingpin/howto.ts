/** Kingpin's rules in brief, for the how-to-play dialog (the text: the "In brief" section of docs/rules/kingpin.md). */
import rules from '../../../../docs/rules/kingpin.md?raw';
import { briefSections, howToElement } from '../../ui/howTo';

const SECTIONS = briefSections(rules);

export function kingpinHowTo(): HTMLElement {
  return howToElement(SECTIONS);
}
