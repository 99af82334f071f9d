/**
 * The floor under a game room, for the load benchmark's `floor-*` rows: the bare room (two seats
 * that alternate, patching at once) plus, cumulatively, what every Parlor table must also do:
 *   FLOOR_VIEW=1     a hidden hand per seat, sent to its seat alone through a StateView;
 *   FLOOR_EVENTS=1   an `events` message with each action, before its patch;
 *   FLOOR_DURABLE=1  each action recorded durably (a line through the server's own writer thread,
 *                    O_DSYNC) before its patch leaves.
 * No rules, no projection, no log: what these rows cost is what no game adapter can avoid, so the
 * gap between them and the `bankout` rows is the part the server's own code could still win.
 */
import { Room, Server, type Client } from '@colyseus/core';
import { ArraySchema, Schema, StateView, type, view } from '@colyseus/schema';
import { WebSocketTransport } from '@colyseus/ws-transport';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DurableWriter } from '../server/src/storage/durableWriter';
import { Descriptor } from '../server/src/storage/fileIo';

const VIEW = process.env.FLOOR_VIEW === '1';
const EVENTS = process.env.FLOOR_EVENTS === '1';
const DURABLE = process.env.FLOOR_DURABLE === '1';

class FloorPrivate extends Schema {
  @type(['string']) hand = new ArraySchema<string>();
}
class FloorSeat extends Schema {
  @type('uint8') handCount = 0;
  @view() @type(FloorPrivate) private = new FloorPrivate();
}
class FloorState extends Schema {
  @type('uint8') turn = 0;
  @type('uint32') counter = 0;
  @type([FloorSeat]) seats = new ArraySchema<FloorSeat>();
}

/** One preallocated journal written through O_DSYNC, as the server's (so a write is an overwrite). */
function openJournal(): { file: Descriptor; writer: DurableWriter } {
  const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR ?? os.tmpdir(), 'floor-'));
  const name = path.join(dir, 'journal');
  fs.writeFileSync(name, Buffer.alloc(64 * 1024 * 1024));
  const fd = fs.openSync(name, fs.constants.O_RDWR | fs.constants.O_DSYNC);
  return { file: new Descriptor(fd), writer: new DurableWriter() };
}
const journal = DURABLE ? openJournal() : null;
let journalAt = 0;

const CARDS = ['A♠', 'K♥', 'Q♦', 'J♣', '10♠', '9♥', '8♦'];

class FloorRoom extends Room<{ state: FloorState }> {
  override maxClients = 2;
  private seats = new Map<string, number>();

  override onCreate(): void {
    const state = new FloorState();
    if (VIEW) for (let i = 0; i < 2; i++) state.seats.push(new FloorSeat());
    this.setState(state);
    this.onMessage('action', (client: Client) => {
      const seat = this.seats.get(client.sessionId);
      if (seat !== this.state.turn) return;
      const n = ++this.state.counter;
      const card = CARDS[n % CARDS.length]!;
      if (VIEW) {
        const hand = this.state.seats[seat]!.private.hand;
        if (hand.length >= 5) hand.pop();
        else hand.push(card);
        this.state.seats[seat]!.handCount = hand.length;
      }
      this.state.turn = 1 - this.state.turn;
      if (EVENTS) this.sendEvents([{ type: 'draw', seat, card: VIEW ? null : card }]);
      if (!journal) {
        this.broadcastPatch();
        return;
      }
      const line = Buffer.from(
        `${this.roomId}\t${n}\t${JSON.stringify({ t: 'action', at: Date.now(), seat })}\n`,
      );
      // As the server's journal does at every commit: release what landed for other tables now,
      // not when the event loop next sees the writer's wake-up.
      journal.writer.poll();
      const at = journalAt;
      journalAt = (journalAt + line.length) % (60 * 1024 * 1024);
      const sent = journal.writer.write(journal.file, line, at, () => this.broadcastPatch(), console.warn);
      if (!sent) this.broadcastPatch();
    });
  }

  /** Named as the game room's, so the CPU breakdown charges both to `events` (bench/cpuBreakdown.ts). */
  private sendEvents(events: unknown[]): void {
    this.broadcast('events', events);
  }

  override onJoin(client: Client): void {
    const seat = this.seats.size;
    this.seats.set(client.sessionId, seat);
    if (VIEW) {
      client.view = new StateView();
      client.view.add(this.state.seats[seat]!.private);
    }
    client.send('seat', { seat });
  }
}

const port = Number(process.env.PORT ?? 2580);
const server = new Server({ transport: new WebSocketTransport() });
server.define('bare', FloorRoom);
void server.listen(port).then(() => console.log(`floor server on ${port}`));
