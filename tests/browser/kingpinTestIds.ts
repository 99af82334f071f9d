/**
 * The Kingpin controls' test id of an exact payload (`kp-safeToShield-2`, `kp-bribe-1-2`), as
 * client/src/games/kingpin/describe.ts's actionTestId makes it (kept here: the browser tests do not
 * import client code). Used by kingpin.test.ts and keyboardPlay.test.ts.
 */
export function kingpinTestId(a: { type: string; [k: string]: unknown }): string {
  const parts: string[] = [a.type];
  for (const [k, v] of Object.entries(a)) {
    if (k === 'type') continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) parts.push(...Object.values(v).map(String));
    else if (Array.isArray(v)) parts.push(v.join('.'));
    else parts.push(String(v));
  }
  return `kp-${parts.join('-')}`;
}
