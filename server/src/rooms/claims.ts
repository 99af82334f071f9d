/**
 * Claim codes of a saved game's seats. The first save of a match gives each person's seat a random
 * code, sent to that seat alone (ServerMsg.claim) and kept with the table; the file holds only
 * their sha256, sealed (issue 31: the host's file opens no seat but the host's). The table that
 * carries the game on keeps the hashes and seats a person there only with the seat's code, which it
 * then keeps for that seat's later saves. A name alone takes no saved seat (issue 20).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { newJoinCode } from './secrets';

/** Characters of a claim code (the join codes' alphabet: no 0/O, 1/I/L), about 40 bits. */
export const CLAIM_CODE_LENGTH = 8;

export function newClaimCode(): string {
  return newJoinCode(CLAIM_CODE_LENGTH);
}

/** A code as typed (case and spaces do not matter), as it is kept and hashed. */
export function normalClaim(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** What a save keeps of a code. */
export function claimHash(code: string): string {
  return createHash('sha256').update(normalClaim(code)).digest('hex');
}

export function claimMatches(code: string, hash: string): boolean {
  const a = Buffer.from(claimHash(code), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
