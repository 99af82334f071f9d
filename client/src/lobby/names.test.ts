import { describe, expect, it } from '@jest/globals';
import { createButtonName } from './names';

describe('createButtonName', () => {
  it('tells the games apart and keeps the visible words first', () => {
    expect(createButtonName('Kingpin')).toBe('Create table for Kingpin');
    expect(createButtonName('Kingpin')).not.toBe(createButtonName('Bankout'));
  });
});
