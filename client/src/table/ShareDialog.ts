/** Invite dialog: the table's link (the server's LAN address, not localhost), its QR code and code. */
import QRCode from 'qrcode';
import { shareBaseUrl } from '../net/api';
import { append, button, h } from '../ui/dom';
import { openModal } from '../ui/modal';
import { toast } from '../ui/toast';

/** The table screen's address (party mode: a TV shows the table for the room). */
export function screenLink(base: string, roomId: string): string {
  return `${base}/#/screen/${encodeURIComponent(roomId)}`;
}

export function tableLink(base: string, roomId: string, code: string, isPrivate: boolean): string {
  return isPrivate && code ? `${base}/#/code/${code}` : `${base}/#/table/${roomId}`;
}

/**
 * Carry this seat to another device: a link (and QR code) holding the seat token. Opening it there
 * takes the seat over (this screen then says so and can take it back).
 */
export async function openMoveSeatDialog(t: {
  roomId: string;
  tableName: string;
  seatToken: string;
}): Promise<void> {
  const base = await shareBaseUrl();
  const url = `${base}/#/seat/${encodeURIComponent(t.roomId)}/${encodeURIComponent(t.seatToken)}`;
  const m = openModal('Play on another device', { testid: 'move-seat-dialog' });
  const img = h('img', { attrs: { alt: 'QR code of your seat' }, testid: 'move-seat-qr' });
  QRCode.toDataURL(url, { margin: 1, width: 440, color: { dark: '#15171b', light: '#ffffff' } })
    .then((data) => (img.src = data))
    .catch(() => img.remove());
  append(
    m.body,
    h('p', {
      class: 'help',
      text: `Scan this with the phone or tablet you want to play ${t.tableName || 'this table'} on: it takes your seat there. Keep it to yourself: whoever opens it gets your seat.`,
    }),
    h('div', { class: 'qr' }, img),
    h('div', { class: 'link-box', testid: 'move-seat-link', text: url }),
    h(
      'div',
      { class: 'actions' },
      button('Close', () => m.close(), { kind: 'primary', testid: 'move-seat-close' }),
    ),
  );
}

export async function openShareDialog(t: {
  roomId: string;
  code: string;
  isPrivate: boolean;
  tableName: string;
  base?: string;
}): Promise<void> {
  const base = t.base ?? (await shareBaseUrl());
  const url = tableLink(base, t.roomId, t.code, t.isPrivate);
  const m = openModal(`Invite to ${t.tableName || 'this table'}`, { testid: 'share-dialog' });
  const img = h('img', { attrs: { alt: `QR code for ${url}` }, testid: 'share-qr' });
  QRCode.toDataURL(url, { margin: 1, width: 440, color: { dark: '#15171b', light: '#ffffff' } })
    .then((data) => (img.src = data))
    .catch(() => img.remove());
  append(
    m.body,
    h('p', { class: 'help', text: 'Scan with a phone on the same network, or send the link.' }),
    h('div', { class: 'qr' }, img),
    h('div', { class: 'link-box', testid: 'share-link', text: url }),
    t.code
      ? h(
          'p',
          { class: 'help' },
          'Join code: ',
          h('strong', { class: 'gold code-chip', testid: 'share-code', text: t.code }),
        )
      : null,
    h(
      'div',
      { class: 'actions' },
      button(
        'Copy link',
        () => {
          navigator.clipboard?.writeText(url).then(
            () => toast('Link copied', 'info', 1500),
            () => toast('Copy failed: select the link and copy it', 'error'),
          );
        },
        { kind: 'primary', testid: 'share-copy' },
      ),
      button('Close', () => m.close(), { testid: 'share-close' }),
    ),
    h(
      'div',
      { class: 'share-screen' },
      h('h3', { text: 'Show on a TV' }),
      h('p', {
        class: 'help',
        text: 'Open this address on the TV or projector: it shows the table in large type for the whole room, never anyone’s hand.',
      }),
      h('div', { class: 'link-box', testid: 'share-screen-link', text: screenLink(base, t.roomId) }),
      h(
        'div',
        { class: 'actions' },
        button(
          'Show on this screen',
          () => {
            m.close();
            location.href = screenLink(base, t.roomId);
          },
          { testid: 'share-screen-open' },
        ),
      ),
    ),
  );
}
