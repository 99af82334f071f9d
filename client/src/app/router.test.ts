/** Hash routes and what a failed join means for the player. */
import { describe, expect, it } from '@jest/globals';
import { JoinErrorCode } from '@parlor/shared/core/protocol';
import { joinFailure, parseRoute } from './router';

describe('parseRoute', () => {
  it('reads every route', () => {
    expect(parseRoute('')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/table/abc123')).toEqual({ kind: 'table', roomId: 'abc123', spectator: false });
    expect(parseRoute('#/watch/abc123')).toEqual({ kind: 'table', roomId: 'abc123', spectator: true });
    expect(parseRoute('#/seat/abc123/tok%2Fen')).toEqual({ kind: 'seat', roomId: 'abc123', token: 'tok/en' });
    expect(parseRoute('#/hotseat/tactical-risk')).toEqual({ kind: 'hotseat', game: 'tactical-risk' });
    expect(parseRoute(`#/replay/${encodeURIComponent('http://10.0.0.2:2567')}/m1`)).toEqual({
      kind: 'replay',
      server: 'http://10.0.0.2:2567',
      id: 'm1',
    });
  });
  it('upper-cases join codes, as they are typed in any case', () => {
    expect(parseRoute('#/code/k7qp')).toEqual({ kind: 'code', code: 'K7QP' });
  });
  it('falls back to the lobby for an incomplete or unknown route', () => {
    expect(parseRoute('#/table')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/seat/abc123')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/replay/here')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/nowhere/x')).toEqual({ kind: 'lobby' });
  });
});

describe('joinFailure', () => {
  it('tells a full table, a gone table, a refusal and an unreachable server apart', () => {
    expect(joinFailure({ code: JoinErrorCode.TABLE_FULL, message: '' })).toBe('full');
    expect(joinFailure({ code: 522, message: 'room "x" is gone' })).toBe('gone');
    expect(joinFailure(new Error('room not found'))).toBe('gone');
    // The server's own refusals (Colyseus 0.18 answers them with the code as the HTTP status).
    for (const code of Object.values(JoinErrorCode).filter((c) => c !== JoinErrorCode.TABLE_FULL))
      expect(joinFailure({ code, message: 'refused' })).toBe('refused');
    expect(joinFailure({ code: 4003, message: 'onJoin refused' })).toBe('refused');
    // An expired seat reservation (busy connection) is worth retrying, like a network failure.
    expect(joinFailure({ code: 524, message: 'seat reservation expired' })).toBe('unreachable');
    expect(joinFailure({ code: 503, message: 'Service Unavailable' })).toBe('unreachable');
    expect(joinFailure(new TypeError('Failed to fetch'))).toBe('unreachable');
  });
});
