/**
 * A private LAN on one machine: a "switch" namespace holding a bridge, and one namespace per host
 * joined to it by a veth pair. Nothing is created in the root namespace, so no traffic can leave
 * these namespaces, and deleting them removes every interface with them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Why namespaces cannot be used here, or undefined when they can. */
export function netnsUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'creating network namespaces needs root';
  const probe = `parlor-probe-${randomBytes(3).toString('hex')}`;
  try {
    ip('netns', 'add', probe);
  } catch (err) {
    return `"ip netns add" failed: ${(err as { stderr?: Buffer }).stderr?.toString().trim() || String(err)}`;
  } finally {
    try {
      ip('netns', 'del', probe);
    } catch {
      // It was never created.
    }
  }
  return undefined;
}

export interface Lan {
  /** Namespace name of each host, in the order given. */
  hosts: { ns: string; address: string }[];
  destroy(): void;
}

/** Hosts get 10.203.<subnet>.1, .2, ... on eth0, loopback up and a multicast route. */
export function createLan(hostCount: number, subnet = 7): Lan {
  const tag = randomBytes(3).toString('hex');
  const sw = `parlor-sw-${tag}`;
  const hosts = Array.from({ length: hostCount }, (_, i) => ({
    ns: `parlor-h${i}-${tag}`,
    address: `10.203.${subnet}.${i + 1}`,
  }));
  const created: string[] = [];
  const destroy = () => {
    for (const ns of created.splice(0)) {
      try {
        ip('netns', 'del', ns);
      } catch {
        // Already gone.
      }
    }
  };
  // A crashed test run must not leave namespaces behind.
  process.once('exit', destroy);
  try {
    for (const ns of [sw, ...hosts.map((h) => h.ns)]) {
      ip('netns', 'add', ns);
      created.push(ns);
    }
    ip('-n', sw, 'link', 'add', 'br0', 'type', 'bridge');
    ip('-n', sw, 'link', 'set', 'br0', 'up');
    hosts.forEach((h, i) => {
      const port = `port${i}`;
      ip('-n', h.ns, 'link', 'add', 'eth0', 'type', 'veth', 'peer', 'name', port, 'netns', sw);
      ip('-n', sw, 'link', 'set', port, 'master', 'br0');
      ip('-n', sw, 'link', 'set', port, 'up');
      ip('-n', h.ns, 'addr', 'add', `${h.address}/24`, 'dev', 'eth0');
      ip('-n', h.ns, 'link', 'set', 'eth0', 'up');
      ip('-n', h.ns, 'link', 'set', 'lo', 'up');
      // No default route in here: mDNS needs one for multicast.
      ip('-n', h.ns, 'route', 'add', '224.0.0.0/4', 'dev', 'eth0');
    });
  } catch (err) {
    destroy();
    throw err;
  }
  return { hosts, destroy };
}

/**
 * GETs JSON documents from inside a namespace (the test itself lives outside the private LAN).
 * One long-lived node process per namespace answers requests in order, one JSON line each: far
 * cheaper than a process per request on a busy machine, so polling measures the servers, not us.
 */
export class NamespaceFetcher {
  private readonly child: ChildProcess;
  private readonly waiting: Array<(line: string) => void> = [];
  private buffer = '';

  constructor(ns: string) {
    const script = `
      const rl = require('node:readline').createInterface({ input: process.stdin });
      rl.on('line', async (line) => {
        const { url, timeoutMs, body } = JSON.parse(line);
        try {
          const init = body === undefined ? {} : {
            method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' },
          };
          const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
          process.stdout.write(JSON.stringify({ ok: res.ok, status: res.status, body: await res.text() }) + '\\n');
        } catch (e) {
          process.stdout.write(JSON.stringify({ ok: false, error: String(e) }) + '\\n');
        }
      });`;
    this.child = spawn('ip', ['netns', 'exec', ns, process.execPath, '-e', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString();
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        this.waiting.shift()?.(line);
      }
    });
  }

  /** GET, or POST `body` as JSON. Requests are answered in order, so concurrent calls are fine. */
  json<T>(url: string, timeoutMs = 2000, body?: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push((line) => {
        const r = JSON.parse(line) as { ok: boolean; status?: number; body?: string; error?: string };
        if (r.ok && r.body !== undefined) resolve(JSON.parse(r.body) as T);
        else reject(new Error(r.error ?? `HTTP ${r.status}`));
      });
      this.child.stdin?.write(`${JSON.stringify({ url, timeoutMs, body })}\n`);
    });
  }

  close(): void {
    this.child.stdin?.end();
    this.child.kill('SIGKILL');
  }
}
