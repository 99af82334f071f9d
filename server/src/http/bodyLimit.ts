/**
 * Request bodies read with a ceiling, before anything is buffered past it: a declared
 * Content-Length over the limit is refused at once (nothing read), a body that grows past it while
 * arriving (chunked, or lying about its length) is refused at that byte. Either way the answer is
 * a 413 and the connection is closed, so the rest of the body is never read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Refusal, sendRefusal } from './clientLimits';

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than this server takes here (${formatBytes(limit)}).`);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} bytes`;
}

export function tooLarge(limit: number): Refusal {
  return { status: 413, code: 'TOO_LARGE', message: new BodyTooLarge(limit).message };
}

/** True when the declared length is over `limit` (then nothing needs reading). */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/** The whole body, or BodyTooLarge as soon as it passes `limit` (reading stops there). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (declaredTooLarge(req, limit)) {
      reject(new BodyTooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        chunks.length = 0;
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onAborted = () => onError(new Error('The request was aborted.'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

/**
 * readBody, answering the refusal itself: resolves null once a 413 (or, for a broken upload,
 * nothing: the client is gone) has been sent.
 */
export async function readBodyOrRefuse(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
): Promise<Buffer | null> {
  try {
    return await readBody(req, limit);
  } catch (e) {
    if (e instanceof BodyTooLarge) sendRefusal(res, tooLarge(limit), true);
    else res.destroy();
    return null;
  }
}
