/** The last few public log lines, inside the market (the full log is in the side panel). */
import type { LogLine } from '../../net/TableConnection';
import { h, replace } from '../../ui/dom';
import { concerns, groupRepeats, withCount } from '../../ui/logGroups';

export class LogTicker {
  readonly el = h('section', { class: 'dv-section dv-ticker', testid: 'dv-log' });
  private list = h('ol', { class: 'dv-log' });
  private key = '';

  constructor() {
    this.el.append(h('h3', { text: 'Latest' }), this.list);
  }

  update(log: LogLine[], count: number, myName?: string): void {
    // Repeats fold into one line with a count; lines that name you stand out.
    const lines = groupRepeats(log.slice(-count * 4))
      .slice(-count)
      .reverse();
    const key = lines.map((l) => `${l.line.at}${l.line.text}${l.count}`).join('\n');
    if (key === this.key) return;
    this.key = key;
    replace(
      this.list,
      ...(lines.length
        ? lines.map(({ line: l, count: n }) => {
            const m = /^\[(nweek \d+), ([A-Za-z]+)\] (.*)$/.exec(l.text);
            return h(
              'li',
              { class: concerns(l.text, myName) ? 'mine' : '' },
              m ? h('span', { class: 'dv-when', text: `${m[2]}` }) : null,
              withCount(m ? m[3]! : l.text, n),
            );
          })
        : [h('li', { class: 'dv-empty', text: 'Nothing has happened yet.' })]),
    );
  }
}
