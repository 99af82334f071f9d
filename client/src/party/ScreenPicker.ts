/**
 * The table screen with no table chosen (`#/screen`): this server's tables in large type, each
 * opening its screen, and a QR code to the lobby so the people in the room can start one from their
 * phones. The list stays live (the lobby's realtime listing).
 */
import QRCode from 'qrcode';
import { LobbyData, type LobbyModel } from '../lobby/LobbyData';
import { shareBaseUrl } from '../net/api';
import { button, h } from '../ui/dom';
import { patchChildren } from '../ui/keyed';
import { APP_NAME } from '../app/title';

const STATUS: Record<string, string> = {
  waiting: 'Waiting for players',
  playing: 'Playing',
  finished: 'Over',
};

export class ScreenPicker {
  readonly el: HTMLElement;
  private list = h('div', { class: 'pick-list', testid: 'screen-tables' });
  private qr = h('img', {
    class: 'screen-qr',
    testid: 'screen-lobby-qr',
    attrs: { alt: 'QR code of the lobby' },
  });
  private url = h('div', { class: 'sj-words' });
  private data = new LobbyData();

  constructor(private readonly open: (roomId: string) => void) {
    this.el = h(
      'div',
      { class: 'screen-pick', testid: 'screen-pick' },
      h(
        'div',
        { class: 'pick-main' },
        h('h1', { text: 'Pick a table to show' }),
        h('p', { class: 'pick-help', text: 'This screen shows the table for everyone in the room.' }),
        this.list,
      ),
      h(
        'aside',
        { class: 'pick-join' },
        this.qr,
        h('div', { class: 'sj-words', text: 'Scan to open the lobby' }),
        this.url,
      ),
    );
    document.body.classList.remove('mode-lobby', 'mode-table');
    document.body.classList.add('mode-screen');
    (document.getElementById('ui') as HTMLElement).replaceChildren(this.el);
    document.title = ['Table screen', APP_NAME].join(' · ');
    this.data.on((m) => this.render(m));
    this.data.start();
    this.render(this.data.current);
    void shareBaseUrl().then(async (base) => {
      this.url.textContent = base.replace(/^https?:\/\//, '');
      this.qr.src = await QRCode.toDataURL(`${base}/#/`, {
        margin: 1,
        width: 360,
        color: { dark: '#15171b', light: '#ffffff' },
      });
    });
  }

  private render(m: LobbyModel): void {
    const tables = (m.self?.tables ?? []).filter((t) => t.status !== 'finished');
    const titles = new Map(m.games.map((g) => [g.id, g.title]));
    // Kept buttons: a listing patch (a seat taken at another table) must not eat a press.
    patchChildren(
      this.list,
      ...(tables.length
        ? tables.map((t) => {
            const b = button('', () => this.open(t.roomId), {
              class: 'pick-table',
              testid: `screen-pick-${t.roomId}`,
            });
            b.append(
              h('span', { class: 'pt-name', text: t.tableName || 'Table' }),
              h('span', {
                class: 'pt-meta',
                text: `${titles.get(t.game) ?? t.game} · ${STATUS[t.status] ?? t.status} · ${t.seatsTaken}/${t.seatsTotal} seats`,
              }),
            );
            return b;
          })
        : [h('p', { class: 'pick-empty', text: 'No table yet: start one from a phone, it shows up here.' })]),
    );
  }

  destroy(): void {
    this.data.stop();
    document.body.classList.remove('mode-screen');
    this.el.remove();
  }
}
