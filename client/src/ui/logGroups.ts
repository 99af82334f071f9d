/**
 * The table log as people read it: a run of identical lines in a row becomes one line with a count
 * ("A Mint is produced for Bot 4 for m12 ×3"), and a line naming you is marked as yours.
 */
export interface Grouped<L extends { text: string }> {
  line: L;
  count: number;
}

export function groupRepeats<L extends { text: string }>(
  lines: readonly L[],
  key: (l: L) => string = (l) => l.text,
): Grouped<L>[] {
  const out: Grouped<L>[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (last && key(last.line) === key(line)) {
      last.count++;
      last.line = line;
    } else out.push({ line, count: 1 });
  }
  return out;
}

/** Does the line name this player (a whole-word match of the name)? */
export function concerns(text: string, name: string | undefined): boolean {
  if (!name) return false;
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${esc}($|[^\\p{L}\\p{N}])`, 'u').test(text);
}

export const withCount = (text: string, count: number): string => (count > 1 ? `${text} ×${count}` : text);
