/** The last few public log lines, inside the market (the full log is in the side panel). */
import type { LogLine } from '../../net/TableConnection';
import { h, replace } from '../../ui/dom';

export class LogTicker {
  readonly el = h('section', { class: 'dv-section dv-ticker', testid: 'dv-log' });
  private list = h('ol', { class: 'dv-log' });
  private key = '';

  constructor() {
    this.el.append(h('h3', { text: 'Latest' }), this.list);
  }

  update(log: LogLine[], count: number): void {
    const lines = log.slice(-count).reverse();
    const key = lines.map((l) => `${l.at}${l.text}`).join('\n');
    if (key === this.key) return;
    this.key = key;
    replace(
      this.list,
      ...(lines.length
        ? lines.map((l) => {
            const m = /^\[(nweek \d+), ([A-Za-z]+)\] (.*)$/.exec(l.text);
            return h(
              'li',
              {},
              m ? h('span', { class: 'dv-when', text: `${m[2]}` }) : null,
              m ? m[3] : l.text,
            );
          })
        : [h('li', { class: 'dv-empty', text: 'Nothing has happened yet.' })]),
    );
  }
}
