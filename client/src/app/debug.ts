/**
 * `window.__parlor`: read-only views of what is on screen plus the same calls the buttons make,
 * for browser tests and bug reports. It grants nothing a player could not already do by hand.
 */
type Hooks = Record<string, unknown>;

export function debugRoot(): Hooks {
  const w = window as unknown as { __parlor?: Hooks };
  if (!w.__parlor) w.__parlor = {};
  return w.__parlor;
}

export function setDebug(key: string, value: unknown): void {
  const root = debugRoot();
  if (value === undefined) delete root[key];
  else root[key] = value;
}
