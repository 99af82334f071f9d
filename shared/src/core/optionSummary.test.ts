/** Option summaries come from the create dialog's fields: every game's, read the same way. */
import { describeOptions } from './optionSummary';
import type { OptionField } from './contract';
import { games } from '../games';

const fields: OptionField[] = [
  {
    key: 'mode',
    label: 'Mode',
    kind: 'choice',
    choices: [
      { value: 'classic', label: 'Classic: two sides' },
      { value: 'ffa', label: 'Free-for-all (everyone alone)' },
    ],
  },
  {
    key: 'capitals',
    label: 'Capitals to win',
    kind: 'number',
    min: 2,
    max: 5,
    showWhen: { key: 'mode', in: ['ffa'] },
  },
  { key: 'fog', label: 'Fog of war', kind: 'toggle' },
  { key: 'turnSeconds', label: 'Turn time limit (seconds)', kind: 'number', min: 0, max: 300, zero: 'off' },
  { key: 'bank', label: 'Time bank (seconds per seat)', kind: 'number', min: 0, max: 300 },
];

describe('describeOptions', () => {
  it('names choices, toggles and numbers with their units, and says what 0 means', () => {
    expect(
      describeOptions(fields, { mode: 'classic', capitals: 3, fog: true, turnSeconds: 0, bank: 120 }),
    ).toEqual(['Mode: Classic', 'Fog of war: on', 'Turn time limit: off', 'Time bank: 120 s per seat']);
    expect(describeOptions(fields, { mode: 'ffa', capitals: 3, fog: false, turnSeconds: 45 })).toEqual([
      'Mode: Free-for-all',
      'Capitals to win: 3',
      'Fog of war: off',
      'Turn time limit: 45 s',
    ]);
  });

  it('shows an unknown choice value as it is, and leaves out options the table does not have', () => {
    expect(describeOptions(fields, { mode: 'coop' })).toEqual(['Mode: coop']);
    expect(describeOptions(fields, {})).toEqual([]);
  });

  it.each(games.map((g) => [g.id, g] as const))(
    '%s: a line for every shown field of its default table',
    (_id, game) => {
      const defaults = game.optionsSchema.parse({}) as Record<string, unknown>;
      const lines = describeOptions(game.optionFields, defaults);
      const shownFields = game.optionFields.filter(
        (f) => !f.showWhen || f.showWhen.in.includes(defaults[f.showWhen.key] as never),
      );
      expect(lines).toHaveLength(shownFields.length);
      for (const line of lines) expect(line).toMatch(/^[A-Z][^:()]*: \S/);
    },
  );
});
