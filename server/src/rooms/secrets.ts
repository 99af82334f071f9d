/**
 * Seat tokens and join codes. A seat token is a random secret handed to the seat's owner once;
 * the room keeps only its sha256, so nothing in memory (or later on disk) can be replayed.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newSeatToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenMatches(token: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** No 0/O, 1/I/L: codes are read aloud and typed on phones. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newJoinCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** Upper-cases and drops spaces/dashes, so "ab-3 xy" finds "AB3XY". */
export function normaliseJoinCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}
