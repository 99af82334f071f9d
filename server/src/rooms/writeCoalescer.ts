/**
 * Coalesces what a room writes to its clients within one tick into one socket write per client.
 *
 * An accepted action sends each client an `events` frame and then the patch, back to back; without
 * this, each frame is its own write syscall, which costs more server CPU than everything else an
 * action does. Corking the client sockets until the end of the tick lets both frames leave
 * together. The ws transport exposes the socket as `client.ref._socket` (a net.Socket); when it
 * does not (tests with other transports), this does nothing.
 */
import type { Client } from '@colyseus/core';

interface Corkable {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

function socketOf(client: Client): Corkable | undefined {
  const socket = (client as unknown as { ref?: { _socket?: Corkable } }).ref?._socket;
  return socket && typeof socket.cork === 'function' ? socket : undefined;
}

export class WriteCoalescer {
  private held: Corkable[] = [];

  /**
   * Hold writes to these clients until the returned function is called (once). Corks nest: a
   * socket held by hold() and holdUntil() flows again only when both have let go.
   */
  holdUntil(clients: Iterable<Client>): () => void {
    const corked: Corkable[] = [];
    for (const client of clients) {
      const socket = socketOf(client);
      if (!socket || socket.destroyed || corked.includes(socket)) continue;
      socket.cork();
      corked.push(socket);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const socket of corked) if (!socket.destroyed) socket.uncork();
    };
  }

  /** Hold writes to these clients until the current tick ends. */
  hold(clients: Iterable<Client>): void {
    const first = this.held.length === 0;
    for (const client of clients) {
      const socket = socketOf(client);
      if (!socket || socket.destroyed || this.held.includes(socket)) continue;
      socket.cork();
      this.held.push(socket);
    }
    if (first && this.held.length) process.nextTick(() => this.release());
  }

  private release(): void {
    const held = this.held;
    this.held = [];
    for (const socket of held) if (!socket.destroyed) socket.uncork();
  }
}
