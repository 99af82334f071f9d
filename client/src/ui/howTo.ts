/**
 * The how-to-play dialog's text is the "## In brief" section of the game's docs/rules/<id>.md,
 * imported as text when the client is built (`?raw`): the rules are written once. The section holds
 * `### Heading` lines and `- item` lines (an item may go on over indented lines); anything else in
 * it (the sentence under "## In brief") is not shown.
 */
import { h } from './dom';

export type HowToSections = [title: string, items: string[]][];

const BRIEF = /^## In brief\s*$/;

/** The "## In brief" section of a rules document, as headings with their items. */
export function briefSections(markdown: string): HowToSections {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((l) => BRIEF.test(l));
  if (start < 0) throw new Error('The rules document has no "## In brief" section');
  const sections: HowToSections = [];
  let item = false;
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2} /.test(line)) break;
    const heading = /^### (.+)$/.exec(line);
    const bullet = /^- (.+)$/.exec(line);
    const last = sections.at(-1);
    if (heading) {
      sections.push([heading[1]!.trim(), []]);
      item = false;
    } else if (bullet && last) {
      last[1].push(bullet[1]!.trim());
      item = true;
    } else if (/^\s+\S/.test(line) && item && last) {
      last[1][last[1].length - 1] += ` ${line.trim()}`;
    } else item = false;
  }
  return sections;
}

/** The dialog's body: each heading with its list. */
export function howToElement(sections: HowToSections): HTMLElement {
  const root = h('div', { class: 'prose' });
  for (const [title, items] of sections)
    root.append(h('h3', { text: title }), h('ul', {}, ...items.map((l) => h('li', { text: l }))));
  return root;
}
