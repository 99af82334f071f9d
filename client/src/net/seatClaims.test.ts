/** This browser's seat codes for saved games: kept by lineage, its own seat only, the newest kept. */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { rememberSeatClaim, seatClaimOf, spacedCode } from './seatClaims';

const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};
const claim = (lineage: string, seat: number, code: string) => ({
  lineage,
  seat,
  code,
  game: 'bankout',
  tableName: 'T',
});

describe('seat claims', () => {
  beforeEach(() => store.clear());
  it('are kept under their match’s lineage, the latest code of a lineage winning', () => {
    expect(seatClaimOf('r1-1')).toBeUndefined();
    rememberSeatClaim(claim('r1-1', 1, 'ABCD2345'));
    rememberSeatClaim(claim('r2-1', 0, 'WXYZ6789'));
    expect(seatClaimOf('r1-1')).toEqual({ seat: 1, code: 'ABCD2345' });
    expect(seatClaimOf('r2-1')).toEqual({ seat: 0, code: 'WXYZ6789' });
    rememberSeatClaim(claim('r1-1', 1, 'EFGH2345'));
    expect(seatClaimOf('r1-1')).toEqual({ seat: 1, code: 'EFGH2345' });
    expect(seatClaimOf(undefined)).toBeUndefined();
  });
  it('keep the 50 newest', () => {
    for (let i = 0; i < 55; i++) rememberSeatClaim(claim(`r${i}-1`, 0, 'ABCD2345'));
    const kept = JSON.parse(store.get('parlor.seatClaims')!) as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(50);
    expect(seatClaimOf('r54-1')).toBeDefined();
  });
  it('read as two groups of four', () => {
    expect(spacedCode('ABCD2345')).toBe('ABCD 2345');
  });
});
