/**
 * One-line summaries of a table's options ("Mode: Blitz", "Turn time limit: 30 s"), read from the
 * game's option fields (the create dialog's labels), so no game writes its labels twice.
 */
import type { OptionField } from './contract';

/** A choice's name: its label up to the explanation ("Blitz: 3 rounds, ..." -> "Blitz"). */
function choiceName(label: string): string {
  return label.split(/:| \(/, 1)[0]!.trim();
}

/** "Turn time limit (seconds)" -> ["Turn time limit", "s"]; no brackets, no unit. */
function nameAndUnit(label: string): [string, string] {
  const m = /^(.*?)\s*\(([^)]*)\)$/.exec(label);
  if (!m) return [label, ''];
  return [m[1]!, m[2]!.replace(/^seconds\b/, 's')];
}

function shown(field: OptionField, options: Record<string, unknown>): boolean {
  const when = field.showWhen;
  return !when || when.in.includes(options[when.key] as string | number | boolean);
}

/** The summary lines of `options`, in the fields' order; fields the options do not have are left out. */
export function describeOptions(fields: readonly OptionField[], options: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of fields) {
    const value = options[field.key];
    if (value === undefined || !shown(field, options)) continue;
    if (field.kind === 'toggle') out.push(`${field.label}: ${value ? 'on' : 'off'}`);
    else if (field.kind === 'choice') {
      const choice = field.choices.find((c) => c.value === value);
      out.push(`${field.label}: ${choice ? choiceName(choice.label) : String(value)}`);
    } else {
      const [name, unit] = nameAndUnit(field.label);
      const n = Number(value);
      out.push(`${name}: ${n === 0 && field.zero ? field.zero : unit ? `${n} ${unit}` : n}`);
    }
  }
  return out;
}
