/** Which server a replay address names, and where a match's export is downloaded from. */
import { describe, expect, it } from '@jest/globals';
import { exportUrl, HERE, serverBase } from './historyApi';

describe('serverBase', () => {
  it('is this page for `here`, the origin of an http(s) URL, and null for anything else', () => {
    expect(serverBase(HERE)).toBe('');
    expect(serverBase('http://192.168.1.20:2567/some/path')).toBe('http://192.168.1.20:2567');
    expect(serverBase('https://parlor.lan')).toBe('https://parlor.lan');
    expect(serverBase('javascript:alert(1)')).toBeNull();
    expect(serverBase('file:///etc/passwd')).toBeNull();
    expect(serverBase('not a url')).toBeNull();
  });
});

describe('exportUrl', () => {
  it('escapes the match id and stays on this page for a bad server', () => {
    expect(exportUrl(HERE, 'a/b c')).toBe('/api/history/a%2Fb%20c');
    expect(exportUrl('http://10.0.0.2:2567', 'm1')).toBe('http://10.0.0.2:2567/api/history/m1');
    expect(exportUrl('ftp://x', 'm1')).toBe('/api/history/m1');
  });
});
