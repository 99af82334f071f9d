/** Table options: the zod schema (with defaults) and the create-table dialog fields. */
import { z } from 'zod';
import type { OptionField } from '../../core/contract';
import { field } from '../../core/optionFields';
import {
  CURRENT_EDITION,
  EDITION_1_OPTIONS,
  EDITION_2,
  EDITION_2_OPTIONS,
  EDITION_3,
  EDITION_3_OPTIONS,
  EDITION_4,
  LEGACY_EDITION,
} from './edition';
import { DEFAULT_BOSS_HP, DESIGN_BOSS_HP, TOTAL_TOKENS } from './state';
import type { KingpinOptions } from './types';

export const MAX_TURN_SECONDS = 600;
export const MIN_BOSS_HP = 5;
export const MAX_BOSS_HP = 40;
/** The highest ammunition cap a table may set (12 = a whole starting safe). */
export const MAX_AMMO_CAP = 12;
/** The highest base income a table may set ($ at the start of each of your turns). */
export const MAX_INCOME = 3;
/** The default table's base income (edition 3; see docs/rules/kingpin.md "Money"). */
export const DEFAULT_INCOME = 1;

const fields = z.object({
  emergencyDefense: z.boolean().default(false),
  turnSeconds: z.number().int().min(0).max(MAX_TURN_SECONDS).default(0),
  bossTruce: z.boolean().default(true),
  bossHp: z.number().int().min(MIN_BOSS_HP).max(MAX_BOSS_HP).default(DEFAULT_BOSS_HP),
  ammoCap: z.number().int().min(0).max(MAX_AMMO_CAP).default(0),
  economicCollapse: z.boolean().default(false),
  dominationTokens: z.number().int().min(0).max(TOTAL_TOKENS).default(0),
  income: z.number().int().min(0).max(MAX_INCOME).default(DEFAULT_INCOME),
  reinforcements: z.boolean().default(true),
  // Not in the create dialog: new tables take the newest edition; records without one are edition 1.
  edition: z.number().int().min(LEGACY_EDITION).max(CURRENT_EDITION).default(CURRENT_EDITION),
});

/**
 * An older edition fills the options it did not have with its own values (edition 1: no truce,
 * 10 HP Bosses; editions 1 and 2: no base income; editions 1-3: no reinforcements), not today's
 * defaults; edition 4's reinforcements were off by default.
 */
function withEditionDefaults(raw: unknown): unknown {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || !('edition' in raw)) return raw;
  if (raw.edition === LEGACY_EDITION) return { ...EDITION_1_OPTIONS, ...raw };
  if (raw.edition === EDITION_2) return { ...raw, ...EDITION_2_OPTIONS };
  if (raw.edition === EDITION_3) return { ...raw, ...EDITION_3_OPTIONS };
  if (raw.edition === EDITION_4) return { reinforcements: false, ...raw };
  return raw;
}

export const optionsSchema: z.ZodType<KingpinOptions> = z.preprocess(withEditionDefaults, fields);

export const DEFAULT_OPTIONS: KingpinOptions = {
  emergencyDefense: false,
  turnSeconds: 0,
  bossTruce: true,
  bossHp: DEFAULT_BOSS_HP,
  ammoCap: 0,
  economicCollapse: false,
  dominationTokens: 0,
  income: DEFAULT_INCOME,
  // On by default from edition 5 (the catch-up): Boss-only turns 80% -> 25% of a two-player bot
  // match at the same length (docs/rules/kingpin.md "The endgame").
  reinforcements: true,
  edition: CURRENT_EDITION,
};

/**
 * The design document's rules as written (no truce, Bosses at 10 HP, uncapped ammunition, no base
 * income, no reinforcements).
 */
export const DESIGN_RULES: Pick<
  KingpinOptions,
  'bossTruce' | 'bossHp' | 'ammoCap' | 'income' | 'reinforcements'
> = {
  bossTruce: false,
  bossHp: DESIGN_BOSS_HP,
  ammoCap: 0,
  income: 0,
  reinforcements: false,
};

export const optionFields: OptionField[] = [
  field.toggle('bossTruce', 'Opening truce', {
    help: "No Boss can be attacked until every player has had two turns. Off = the design's rules.",
  }),
  field.number(
    'bossHp',
    'Boss HP',
    { min: MIN_BOSS_HP, max: MAX_BOSS_HP, step: 1 },
    { help: "Each Boss's printed HP. 20 by default; the design's pure rules use 10." },
  ),
  field.number(
    'income',
    'Income per turn',
    { min: 0, max: MAX_INCOME, step: 1, zero: 'none' },
    {
      help: "Money each player takes from the Golden Fund (else the Bank) at the start of each of their turns. 0 = the design's rules (money only from cards and events).",
    },
  ),
  field.number(
    'ammoCap',
    'Ammunition cap per attack',
    { min: 0, max: MAX_AMMO_CAP, step: 1, zero: 'none' },
    { help: 'Most money one attack may spend as ammunition. 0 = uncapped (the design).' },
  ),
  field.toggle('reinforcements', 'Reinforcements', {
    help: "A catch-up: from your third turn, a lone Boss with an empty hand that has lost more HP than a rival Boss gets the Draw Pile's first non-event card, frozen through your next turn. Off = the design's rules.",
  }),
  field.toggle('emergencyDefense', 'Emergency Defense', {
    help: 'When a card in your hand is attacked, you may move shields from your board onto it first.',
  }),
  field.toggle('economicCollapse', 'Economic Collapse victory', {
    help: 'A player who starts a turn with no money and no shields is out.',
  }),
  field.number(
    'dominationTokens',
    'Domination victory (tokens)',
    { min: 0, max: TOTAL_TOKENS, step: 1, zero: 'off' },
    { help: '0 = off. A player who ends their turn holding this many tokens (safe + shields) wins.' },
  ),
  field.number(
    'turnSeconds',
    'Turn time limit (seconds)',
    { min: 0, max: MAX_TURN_SECONDS, step: 15, zero: 'off' },
    { help: '0 = no limit. When time runs out the turn passes (open choices take their safe default).' },
  ),
];
