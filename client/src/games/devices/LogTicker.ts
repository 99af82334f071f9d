/** The last few public log lines, inside the market (the full log is in the side panel). */
import type { LogLine } from '../../net/TableConnection';
import { marketSection } from './bits';
import { h, replace } from '../../ui/dom';
import { marksYou, tellStory } from '../../ui/logGroups';

export class LogTicker {
  private list = h('ol', { class: 'dv-log' });
  private key = '';

  readonly el = marketSection('ticker', 'dv-log', 'Latest', this.list);

  update(log: LogLine[], count: number, names: readonly string[], myName?: string): void {
    // The story: lines of one kind fold ("Ada, Bo and Bot 3 pass"); lines that name you stand out.
    const lines = tellStory(log.slice(-count * 12), names)
      .slice(-count)
      .reverse();
    const key = lines.map((l) => `${l.line.at}${l.text}`).join('\n');
    if (key === this.key) return;
    this.key = key;
    replace(
      this.list,
      ...(lines.length
        ? lines.map((story) => {
            const { text } = story;
            const m = /^\[(nweek \d+), ([A-Za-z]+)\] (.*)$/.exec(text);
            return h(
              'li',
              { class: marksYou(story, myName) ? 'mine' : '' },
              m ? h('span', { class: 'dv-when', text: `${m[2]}` }) : null,
              m ? m[3]! : text,
            );
          })
        : [h('li', { class: 'dv-empty', text: 'Nothing has happened yet.' })]),
    );
  }
}
