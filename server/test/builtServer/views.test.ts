/**
 * Hidden information through the server as `npm start` runs it (server/dist/index.js, an ES
 * module, as a process of its own) and real @colyseus/sdk clients: for every game, each seat decodes
 * its own `private` part and nothing of another seat's, a spectator none; and, with the Hoard
 * fixture game built the same way, six seats whose large secret hands start in one patch (past
 * 64 KB together) each decode their whole hand, with no other seat's card in any frame received.
 * Jest's own loader runs the packages' CommonJS builds, where a CommonJS server's fault (two copies
 * of @colyseus/schema: every @view() field silently unsent) cannot show; here it would.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@colyseus/sdk';
import { ClientMsg } from '@parlor/shared';
import { gameAdapters } from '../../src/games';
import { buildServerEntry } from '../helpers/builtServer';
import { type StateJson, type Tracked, changeKey, sendAnswered, track, waitUntil } from '../helpers/clients';
import { framesOf, installFrameCapture } from '../helpers/leakDetector';
import { startServer, stopAllServers } from '../persistence/serverProcess';
import { HOARD_CARDS, HOARD_SEATS, hoardCard } from './hoardGame';
import { freePort } from '../helpers/freePort';

jest.setTimeout(300_000);
const PORT = freePort();
const HOARD_PORT = freePort();

/** What the SDK prints when a client's classes do not match the server's (the CommonJS fault). */
const warnings: string[] = [];
beforeAll(() => {
  installFrameCapture();
  for (const level of ['warn', 'error'] as const) {
    const original = console[level];
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      original(...args);
    });
  }
});
afterAll(() => jest.restoreAllMocks());

interface Table {
  players: Tracked[];
  spectator: Tracked;
  all: Tracked[];
}

async function seatTable(port: number, game: string, seats: number): Promise<Table> {
  const endpoint = `ws://127.0.0.1:${port}`;
  const host = track(await new Client(endpoint).create(game, { name: 'p0', seats }));
  const players = [host];
  for (let i = 1; i < seats; i++)
    players.push(track(await new Client(endpoint).joinById(host.room.roomId, { name: `p${i}` })));
  const spectator = track(
    await new Client(endpoint).joinById(host.room.roomId, { name: 'watcher', spectator: true }),
  );
  const all = [...players, spectator];
  await waitUntil(() => all.every((t) => t.welcome !== null), 'welcomes');
  expect(players.map((p) => p.welcome!.seat)).toEqual(players.map((_, i) => i));
  host.room.send(ClientMsg.start);
  await waitUntil(() => all.every((t) => t.json().status === 'playing'), `${game} playing`);
  return { players, spectator, all };
}

/** Every client has decoded the same public picture (its own secrets aside). */
async function settled(table: Table, label: string): Promise<string> {
  let key = '';
  await waitUntil(() => {
    const keys = table.all.map((t) => changeKey(t.json()));
    key = keys[0]!;
    return keys.every((k) => k === key);
  }, label);
  return key;
}

/** Each seat has its own private part and no other; the spectator none. */
function expectOwnSecretsOnly(table: Table, game: string): void {
  for (const [seat, p] of table.players.entries()) {
    const json: StateJson = p.json();
    json.seats.forEach((s: StateJson, i: number) => {
      if (i === seat)
        expect({ game, seat, private: typeof s.private }).toEqual({ game, seat, private: 'object' });
      else
        expect({ game, seat, other: i, private: s.private }).toEqual({
          game,
          seat,
          other: i,
          private: undefined,
        });
    });
  }
  for (const s of table.spectator.json().seats) expect(s.private).toBeUndefined();
}

/** Is this decoded private part more than a freshly made one (some secret in it)? */
function holdsSecrets(priv: StateJson): boolean {
  return Object.values(priv).some((v) =>
    Array.isArray(v)
      ? v.length > 0
      : v && typeof v === 'object'
        ? Object.keys(v).length > 0
        : typeof v === 'string'
          ? v !== '' && v !== '[]'
          : typeof v === 'number'
            ? v !== 0 && v !== -1
            : v === true,
  );
}

describe('every game through the built server', () => {
  beforeAll(async () => {
    await startServer(PORT, mkdtempSync(path.join(os.tmpdir(), 'parlor-built-')));
  });
  afterAll(async () => {
    await stopAllServers(); // this block's server, even one whose start failed
  });

  test.each(gameAdapters.map((a) => [a.definition.id, a.definition.seats.max] as const))(
    '%s, %i seats: each seat decodes its own private part and nothing of another seat',
    async (game, seats) => {
      const table = await seatTable(PORT, game, seats);
      const withSecrets = new Set<number>();
      for (let step = 0; step < 2 * seats; step++) {
        const key = await settled(table, `${game}: clients agree (step ${step})`);
        expectOwnSecretsOnly(table, game);
        table.players.forEach((p, seat) => {
          if (holdsSecrets(p.json().seats[seat].private)) withSecrets.add(seat);
        });
        const json = table.players[0]!.json();
        if (json.status !== 'playing' || json.toAct.length === 0) break;
        const seat: number = json.toAct[0];
        const actor = table.players[seat]!;
        // The legal moves exist only in the actor's own private part.
        const legal: string[] = actor.json().seats[seat].private.legal;
        expect({ game, seat, legal: legal.length > 0 }).toEqual({ game, seat, legal: true });
        await sendAnswered(
          actor,
          ClientMsg.action,
          JSON.parse(legal[0]!),
          () => changeKey(actor.json()) !== key,
          `${game}: the action's patch`,
        );
      }
      expect(withSecrets.size).toBeGreaterThan(0);
      expect(warnings.filter((w) => /mismatch|not defined/i.test(w))).toEqual([]);
      for (const t of table.all) await t.room.leave();
    },
  );
});

describe('six seats of large secret hands in one patch', () => {
  beforeAll(async () => {
    const entry = buildServerEntry(path.join(__dirname, 'hoardServer.ts'), 'hoard-server');
    await startServer(HOARD_PORT, mkdtempSync(path.join(os.tmpdir(), 'parlor-hoard-')), {}, entry);
  });
  afterAll(async () => {
    await stopAllServers(); // this block's server, even one whose start failed
  });

  test('each seat decodes its whole hand; no frame carries another seat’s card', async () => {
    const table = await seatTable(HOARD_PORT, 'hoard', HOARD_SEATS);
    await waitUntil(
      () => table.players.every((p, seat) => p.json().seats[seat].private?.hand?.length === HOARD_CARDS),
      'every hand decoded',
    );
    await settled(table, 'clients agree');
    expectOwnSecretsOnly(table, 'hoard');
    let secretBytes = 0;
    for (const [seat, p] of table.players.entries()) {
      const hand: string[] = p.json().seats[seat].private.hand;
      expect(hand).toEqual(Array.from({ length: HOARD_CARDS }, (_, i) => hoardCard(seat, i)));
      secretBytes += hand.reduce((n, card) => n + card.length, 0);
      const frames = Buffer.concat(framesOf(p.room));
      for (let other = 0; other < HOARD_SEATS; other++)
        expect({ seat, other, leaked: other !== seat && frames.includes(`HOARD-S${other}-`) }).toEqual({
          seat,
          other,
          leaked: false,
        });
    }
    expect(Buffer.concat(framesOf(table.spectator.room)).includes('HOARD-S')).toBe(false);
    // The six hands together are past the 64 KB the schema 3 workaround's buffer held.
    expect(secretBytes).toBeGreaterThan(64 * 1024);
    expect(warnings.filter((w) => /mismatch|not defined/i.test(w))).toEqual([]);
    for (const t of table.all) await t.room.leave();
  });
});
