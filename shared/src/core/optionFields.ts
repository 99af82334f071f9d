/**
 * The create-table dialog's fields (OptionField, core/contract.ts), written short: a game's
 * `options.ts` lists them as `field.choice(...)`, `field.toggle(...)`, `field.number(...)`.
 */
import type { OptionField } from './contract';

/** What any field may add: a line of help, and the other field's values it shows for. */
export interface FieldMore {
  help?: string;
  showWhen?: OptionField['showWhen'];
}

/** A number's range: `zero` is what a summary says for 0 where 0 turns the option off. */
export interface NumberRange {
  min: number;
  max: number;
  step?: number;
  zero?: string;
}

export const field = {
  /** `choices`: each value and its label ("Blitz: 3 rounds, ..."), in the dialog's order. */
  choice(key: string, label: string, choices: Record<string, string>, more: FieldMore = {}): OptionField {
    const list = Object.entries(choices).map(([value, text]) => ({ value, label: text }));
    return { key, label, kind: 'choice', choices: list, ...more };
  },
  toggle(key: string, label: string, more: FieldMore = {}): OptionField {
    return { key, label, kind: 'toggle', ...more };
  },
  number(key: string, label: string, range: NumberRange, more: FieldMore = {}): OptionField {
    return { key, label, kind: 'number', ...range, ...more };
  },
};
