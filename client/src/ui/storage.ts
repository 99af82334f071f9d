/** Everything the client remembers in localStorage, behind one small typed module. */
const PREFIX = 'parlor.';

function get(key: string): string | null {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, value);
  } catch {
    // Private mode or full storage: the client works, it just forgets.
  }
}

export const prefs = {
  get name(): string {
    return get('name') ?? '';
  },
  set name(v: string) {
    set('name', v.trim() || null);
  },
  get muted(): boolean {
    return get('muted') === '1';
  },
  set muted(v: boolean) {
    set('muted', v ? '1' : '0');
  },
  /** Party mode: a chime when it becomes this player's turn (off unless turned on). */
  get turnChime(): boolean {
    return get('turnChime') === '1';
  },
  set turnChime(v: boolean) {
    set('turnChime', v ? '1' : null);
  },
  /** Party mode: this phone shows its hand view rather than the board. */
  get handView(): boolean {
    return get('handView') === '1';
  },
  set handView(v: boolean) {
    set('handView', v ? '1' : null);
  },
  /** The table this browser last sat at (a new table it opens names it: party mode's next table). */
  get lastSeatedTable(): string {
    return get('lastSeatedTable') ?? '';
  },
  set lastSeatedTable(roomId: string) {
    set('lastSeatedTable', roomId || null);
  },
  seatToken(roomId: string): string | undefined {
    return get(`seat.${roomId}`) ?? undefined;
  },
  setSeatToken(roomId: string, token: string | null): void {
    set(`seat.${roomId}`, token);
  },
  /** The host removed this browser from the table: reopening its link offers to watch instead. */
  wasKicked(roomId: string): boolean {
    return get(`kicked.${roomId}`) === '1';
  },
  setKicked(roomId: string, kicked: boolean): void {
    set(`kicked.${roomId}`, kicked ? '1' : null);
  },
  getJson<T>(key: string): T | null {
    const raw = get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    set(key, JSON.stringify(value));
  },
};
