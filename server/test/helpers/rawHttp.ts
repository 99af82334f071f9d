/**
 * HTTP as an attacker's script sends it: any Host and Origin header, a chosen source address
 * (127.0.0.x: each is another client to the server's per-client limits), bodies streamed without
 * end. fetch() can do none of these.
 */
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's address: 127.0.0.1 unless given. */
  from?: string;
}

export function rawRequest(port: number, req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method ?? 'GET',
        path: req.path,
        headers: req.headers,
        localAddress: req.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/**
 * Streams up to `totalBytes` of body (chunked, no declared length) until the server answers or
 * closes: how far it got, and the answer if one came.
 */
export function streamBody(
  port: number,
  path: string,
  totalBytes: number,
  from?: string,
): Promise<{ sent: number; status: number | null; json: unknown }> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let status: number | null = null;
    let json: unknown = null;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve({ sent, status, json });
    };
    const r = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        localAddress: from,
        agent: false,
      },
      (res) => {
        status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON
          }
          r.destroy();
          done();
        });
      },
    );
    r.on('error', done);
    r.on('close', done);
    const pump = () => {
      while (!settled && status === null && sent < totalBytes) {
        sent += chunk.length;
        if (!r.write(chunk)) {
          r.once('drain', pump);
          return;
        }
      }
      if (sent >= totalBytes && !settled) r.end();
    };
    pump();
  });
}

/** A request whose body is sent up to a point and never finished (see holdBody). */
export interface HeldBody {
  /** The server's answer (a refusal), once it comes; status -1 if the connection broke first. */
  answered: Promise<{ status: number; json: unknown }>;
  /** The answer if it has come, else null (the body is still waited for). */
  answer(): { status: number; json: unknown } | null;
  /** Closes the connection (the client gives up). */
  close(): void;
}

/**
 * Declares a `declared`-byte body and sends `send` bytes of it (one shared 64 kB buffer, so
 * holding hundreds costs the test next to nothing), then waits: the body is never finished.
 */
export function holdBody(
  port: number,
  path: string,
  { declared, send, from }: { declared: number; send: number; from?: string },
): HeldBody {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  let answer: { status: number; json: unknown } | null = null;
  let closing = false;
  let finish: (a: { status: number; json: unknown }) => void = () => undefined;
  const answered = new Promise<{ status: number; json: unknown }>((resolve) => {
    finish = (a) => {
      if (answer || closing) return;
      answer = a;
      resolve(a);
    };
  });
  const r = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(declared) },
      localAddress: from,
      agent: false,
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let json: unknown = null;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON
        }
        finish({ status: res.statusCode ?? 0, json });
      });
    },
  );
  r.on('error', () => finish({ status: -1, json: null }));
  const pump = () => {
    while (!answer && !r.destroyed && sent < send) {
      const piece = chunk.subarray(0, Math.min(chunk.length, send - sent));
      sent += piece.length;
      if (!r.write(piece)) {
        r.once('drain', pump);
        return;
      }
    }
  };
  pump();
  return {
    answered,
    answer: () => answer,
    close: () => {
      closing = true;
      r.destroy();
    },
  };
}
