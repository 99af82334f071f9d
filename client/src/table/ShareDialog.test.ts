/** The link a table is shared by: a private table by its code, a public one by its room. */
import { describe, expect, it } from '@jest/globals';
import { tableLink } from './ShareDialog';

describe('tableLink', () => {
  it('gives private tables by code (the room id alone does not seat anyone) and public ones by room', () => {
    expect(tableLink('http://192.168.1.20:2567', 'r0om', 'K7QP', true)).toBe(
      'http://192.168.1.20:2567/#/code/K7QP',
    );
    expect(tableLink('http://192.168.1.20:2567', 'r0om', 'K7QP', false)).toBe(
      'http://192.168.1.20:2567/#/table/r0om',
    );
    expect(tableLink('http://parlor.lan', 'r0om', '', true)).toBe('http://parlor.lan/#/table/r0om');
  });
});
