/**
 * The mDNS side of discovery (bonjour-service): advertise `_parlor._tcp`, browse for peers and hand
 * every sighting to the PeerRegistry, which decides over HTTP who is really there.
 *
 * Traps handled here (see STACK.md): "down" only fires on goodbye packets, a restarted peer may not
 * fire "up" again, a name clash silently stops advertising (hence the random suffix), and the
 * address the packet came from is more reliable than the A records a peer announces.
 */
import { Bonjour, type Browser, type Service } from 'bonjour-service';
import type { EventEmitter } from 'node:events';
import { httpUrl, isLinkLocal } from './lanAddresses';
import type { PeerRegistry } from './peerRegistry';
import type { ServerIdentity } from './serverIdentity';

export const SERVICE_TYPE = 'parlor';

export interface MdnsDiscoveryOptions {
  self: ServerIdentity;
  registry: PeerRegistry;
  /** How often every peer is asked again over HTTP. */
  refreshMs?: number;
  /** How often the browser is rebuilt, forgetting services that vanished without a goodbye. */
  rebrowseMs?: number;
  log?: (line: string) => void;
}

export interface MdnsDiscovery {
  /** Send goodbye packets and close the socket. */
  stop(): Promise<void>;
}

/** A DNS-SD instance name: the server name (no dots, they split labels) plus a random suffix. */
export function instanceName(serverName: string, id: string): string {
  const clean = serverName.replace(/[^\p{L}\p{N} ()'_-]+/gu, '-').slice(0, 50);
  return `${clean} [${id.slice(0, 6)}]`;
}

/** The IPv4 address to reach a service at: the packet's source first, then its A records. */
export function serviceAddress(service: Pick<Service, 'referer' | 'addresses'>): string | undefined {
  const usable = (a: string | undefined): a is string =>
    !!a && /^\d+\.\d+\.\d+\.\d+$/.test(a) && !isLinkLocal(a) && a !== '0.0.0.0';
  if (usable(service.referer?.address)) return service.referer.address;
  return (service.addresses ?? []).find(usable);
}

function txtId(service: Service): string | undefined {
  const id: unknown = (service.txt as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

export function startMdnsDiscovery(opts: MdnsDiscoveryOptions): MdnsDiscovery {
  const { self, registry } = opts;
  const log = opts.log ?? ((line: string) => console.warn(line));
  const refreshMs = opts.refreshMs ?? 2000;
  const rebrowseMs = opts.rebrowseMs ?? 30_000;

  // bonjour-service throws from its default error callback; a busy port 5353 or a network without
  // multicast must cost us discovery, never the game server.
  const bonjour = new Bonjour({}, (err: Error) => log(`discovery: mDNS error: ${err.message}`));
  const mdns = (bonjour as unknown as { server: { mdns: EventEmitter } }).server.mdns;
  mdns.on('error', (err: Error) => log(`discovery: mDNS socket error: ${err.message}`));
  mdns.on('warning', () => undefined);

  bonjour.publish({
    name: instanceName(self.name, self.id),
    type: SERVICE_TYPE,
    port: self.port,
    txt: { id: self.id, port: String(self.port), version: self.version },
  });

  const suggest = (service: Service) => {
    const id = txtId(service);
    if (id === self.id) return;
    const address = serviceAddress(service);
    if (!address || !service.port) return;
    void registry.consider({ id, baseUrl: httpUrl(address, service.port) });
  };
  const onDown = (service: Service) => {
    const id = txtId(service);
    if (id) registry.forget(id);
  };

  let browser: Browser;
  const browse = () => {
    browser = bonjour.find({ type: SERVICE_TYPE });
    browser.on('up', suggest);
    browser.on('srv-update', suggest);
    browser.on('txt-update', suggest);
    browser.on('down', onDown);
  };
  browse();

  const refreshTimer = setInterval(() => {
    void registry.refreshAll();
    // Peers dropped after a network blip come back through here (the browser keeps listing them).
    for (const service of browser.services) suggest(service);
  }, refreshMs);
  const rebrowseTimer = setInterval(() => {
    browser.stop();
    browse();
  }, rebrowseMs);
  refreshTimer.unref();
  rebrowseTimer.unref();

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        clearInterval(refreshTimer);
        clearInterval(rebrowseTimer);
        browser.stop();
        let destroyed = false;
        const done = () => {
          if (destroyed) return;
          destroyed = true;
          bonjour.destroy(() => resolve());
        };
        // Goodbye packets go out on unpublish; do not hang shutdown if the socket is gone.
        const fallback = setTimeout(done, 1000);
        bonjour.unpublishAll(() => {
          clearTimeout(fallback);
          done();
        });
      });
      return stopped;
    },
  };
}
