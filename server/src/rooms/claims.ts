/**
 * Claim codes of a saved game's seats. Saving gives each person's seat a random code (in the file,
 * for the host to hand out); the table that carries the game on keeps only their sha256 and seats
 * a person there only with the seat's code. A name alone takes no saved seat (issue 20).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { newJoinCode } from './secrets';

/** Characters of a claim code (the join codes' alphabet: no 0/O, 1/I/L), about 40 bits. */
export const CLAIM_CODE_LENGTH = 8;

export function newClaimCode(): string {
  return newJoinCode(CLAIM_CODE_LENGTH);
}

/** What a table keeps of a code. Case and spaces do not matter when it is typed. */
export function claimHash(code: string): string {
  return createHash('sha256').update(code.replace(/\s+/g, '').toUpperCase()).digest('hex');
}

export function claimMatches(code: string, hash: string): boolean {
  const a = Buffer.from(claimHash(code), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
