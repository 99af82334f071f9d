/**
 * Kingpin's one number format for HP, ATK and damage in words (log lines, advice) and on screen
 * (the client's badges, floats, tips and planner import it): quarter points as fraction glyphs
 * (16.25 -> 16¼, 0.75 -> ¾, 5 -> 5), so a log line and the badge it changes read alike.
 */
const GLYPHS = ['', '¼', '½', '¾'];

export function quarters(n: number): string {
  if (n < 0) return `-${quarters(-n)}`;
  const q4 = Math.round(n * 4);
  if (Math.abs(n * 4 - q4) > 1e-6) return String(Math.round(n * 100) / 100); // not a quarter
  const whole = Math.floor(q4 / 4);
  const q = q4 % 4;
  if (q === 0) return String(whole);
  return `${whole > 0 ? whole : ''}${GLYPHS[q]}`;
}
