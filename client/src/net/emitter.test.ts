/** The typed emitter every screen listens through: unsubscribing, and one failing listener not stopping the rest. */
import { describe, expect, it, jest } from '@jest/globals';
import { Emitter } from './emitter';

describe('Emitter', () => {
  it('calls the listeners of a type with the payload until they unsubscribe', () => {
    const e = new Emitter<{ change: number; other: string }>();
    const got: number[] = [];
    const off = e.on('change', (n) => got.push(n));
    e.emit('change', 1);
    e.emit('other', 'x');
    off();
    e.emit('change', 2);
    expect(got).toEqual([1]);
  });

  it('keeps calling the others when one listener throws', () => {
    const e = new Emitter<{ change: number }>();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const got: number[] = [];
    e.on('change', () => {
      throw new Error('broken screen');
    });
    e.on('change', (n) => got.push(n));
    e.emit('change', 7);
    expect(got).toEqual([7]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('a listener that unsubscribes while called does not disturb the round', () => {
    const e = new Emitter<{ change: number }>();
    const got: string[] = [];
    const offA = e.on('change', () => (got.push('a'), offA()));
    e.on('change', () => got.push('b'));
    e.emit('change', 1);
    e.emit('change', 2);
    expect(got).toEqual(['a', 'b', 'b']);
    e.clear();
    e.emit('change', 3);
    expect(got).toEqual(['a', 'b', 'b']);
  });
});
