/**
 * The baseline for the load benchmark: a bare Colyseus 0.16 room with two seats that alternate,
 * applies each action and patches at once. Same transport and schema as the real server.
 */
import { Room, Server, type Client } from '@colyseus/core';
import { Schema, type } from '@colyseus/schema';
import { WebSocketTransport } from '@colyseus/ws-transport';

class BareState extends Schema {
  @type('uint8') turn = 0;
  @type('uint32') counter = 0;
}

class BareRoom extends Room<{ state: BareState }> {
  override maxClients = 2;
  private seats = new Map<string, number>();

  override onCreate(): void {
    this.setState(new BareState());
    this.onMessage('action', (client: Client) => {
      if (this.seats.get(client.sessionId) !== this.state.turn) return;
      this.state.counter++;
      this.state.turn = 1 - this.state.turn;
      this.broadcastPatch();
    });
  }

  override onJoin(client: Client): void {
    const seat = this.seats.size;
    this.seats.set(client.sessionId, seat);
    client.send('seat', { seat });
  }
}

const port = Number(process.env.PORT ?? 2580);
const server = new Server({ transport: new WebSocketTransport() });
server.define('bare', BareRoom);
void server.listen(port).then(() => console.log(`bare server on ${port}`));
