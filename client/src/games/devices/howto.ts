/** Devices' rules in brief, for the how-to-play dialog (the text: the "In brief" section of docs/rules/devices.md). */
import rules from '../../../../docs/rules/devices.md?raw';
import { briefSections, howToElement } from '../../ui/howTo';

const SECTIONS = briefSections(rules);

export function devicesHowTo(): HTMLElement {
  return howToElement(SECTIONS);
}
