/** Table options: the zod schema (with defaults) and the create-table dialog fields. */
import { z } from 'zod';
import type { OptionField } from '../../core/contract';
import { field } from '../../core/optionFields';
import { BID_EDITION, LATEST_EDITION } from './edition';

/**
 * The create dialog's advice for a first game, from bench/tactical-risk-allbots.ts (the easy AI as a
 * stand-in newcomer in the Russians' seat, 40 seeded games to the default round limit, the design's
 * table against the first-game one: docs/rules/tactical-risk.md, "A first game"). The Russians are
 * the first seat: the one a table's creator plays against the AI. The first-game table is the
 * design's rules with one option (the bid) and two AI seats' levels changed.
 */
export const FIRST_GAME_ADVICE =
  'First game? Play Classic against the AI in the first seat (the Russians, the Allies), the one you get when you create the table. Easier: in the waiting room, “Set up a first match” puts the Axis AIs at Easy, your allies’ AIs at Normal and the bid at 18 for the Allies; in 40 test games Moscow then held to the end in 39 and the Allies won the war outright in 21. On your first turn, send two or three stacks into one territory: one alone has poor odds. The default (bid 9, every AI Normal) is the balanced table.';

/** The largest bid a table may give (about a faction's income for two rounds). */
export const MAX_BID = 60;
/**
 * A new table's bid for the Allies (3 IPC each). Measured with bench/tactical-risk-allbots.ts over 40
 * seeded games of five normal AIs to the default round limit (docs/rules/tactical-risk.md): a bid of
 * 9 splits them Axis 18 / Allies 22; the default before, 18, gave Axis 12 / Allies 28 with the
 * current AI. Tables keep the bid they were created with (their options carry it).
 */
export const DEFAULT_BID = 9;
/**
 * A new table's round limit (at its end each side's production against its economic target decides,
 * turns.ts limitLead): the Allies' AI seldom takes both Axis capitals, so an all-AI table seldom ends
 * before it (bench/tactical-risk-allbots.ts, docs/rules/tactical-risk.md). Recorded tables keep their
 * own limit.
 */
export const DEFAULT_ROUND_LIMIT = 12;
import type { TacticalRiskOptions } from './types';

export const optionsSchema: z.ZodType<TacticalRiskOptions> = z
  .object({
    mode: z.enum(['classic', 'draft', 'ffa']).default('classic'),
    economicVictory: z.boolean().default(false),
    capitalsToWin: z.number().int().min(2).max(5).default(3),
    fogOfWar: z.boolean().default(false),
    roundLimit: z.number().int().min(0).max(200).default(DEFAULT_ROUND_LIMIT),
    phaseSeconds: z.number().int().min(0).max(3600).default(0),
    bankSeconds: z.number().int().min(0).max(3600).default(300),
    promptSeconds: z.number().int().min(10).max(3600).default(60),
    bid: z.number().int().min(0).max(MAX_BID).default(DEFAULT_BID),
    bidSide: z.enum(['Allies', 'Axis']).default('Allies'),
    botPace: z.enum(['watch', 'quick']).default('watch'),
    edition: z.number().int().min(1).max(LATEST_EDITION).default(LATEST_EDITION),
  })
  // Edition 1 had no prompt timer without phase timers: its options never carry promptSeconds.
  // Editions before 4 had no bid and no AI pace option (stateOptions drops them the same way).
  .transform((o): TacticalRiskOptions => {
    if (o.edition >= BID_EDITION) return o;
    const { bid: _b, bidSide: _s, botPace: _p, ...kept } = o;
    if (o.edition !== 1) return kept;
    const { promptSeconds: _prompt, ...old } = kept;
    return old;
  })
  .prefault({});

export const DEFAULT_OPTIONS: TacticalRiskOptions = {
  mode: 'classic',
  economicVictory: false,
  capitalsToWin: 3,
  fogOfWar: false,
  roundLimit: DEFAULT_ROUND_LIMIT,
  phaseSeconds: 0,
  bankSeconds: 300,
  promptSeconds: 60,
  bid: DEFAULT_BID,
  bidSide: 'Allies',
  botPace: 'watch',
  edition: LATEST_EDITION,
};

export const optionFields: OptionField[] = [
  field.choice(
    'mode',
    'Mode',
    {
      classic: 'Classic: Axis against Allies, factions dealt to the seats',
      draft: 'Draft: seats pick their factions in turn, Axis against Allies',
      ffa: 'Free-for-all: every faction for itself, win by capitals',
    },
    { help: FIRST_GAME_ADVICE },
  ),
  field.toggle('economicVictory', 'Economic victory', {
    showWhen: { key: 'mode', in: ['classic', 'draft'] },
    help: 'Axis wins at 84 production, Allies at 140, at the end of a round.',
  }),
  field.number(
    'capitalsToWin',
    'Capitals to win',
    { min: 2, max: 5 },
    { showWhen: { key: 'mode', in: ['ffa'] } },
  ),
  field.toggle('fogOfWar', 'Fog of war', { help: 'Enemy units are seen only next to your own.' }),
  field.number(
    'roundLimit',
    'Round limit',
    { min: 0, max: 200, zero: 'none' },
    {
      help: '0 = none. At the limit the side nearer its economic target wins (its production against 84 for the Axis, 140 for the Allies).',
    },
  ),
  field.number(
    'phaseSeconds',
    'Seconds per phase',
    { min: 0, max: 3600, step: 30, zero: 'off' },
    {
      help: '0 = no timer. When time runs out the time bank is drawn on, then the phase ends (battles take the suggested choices).',
    },
  ),
  field.number(
    'bankSeconds',
    'Time bank (seconds per seat)',
    { min: 0, max: 3600, step: 30, zero: 'none' },
    { help: 'With a phase timer: extra time for the whole match, used when a phase runs out. 0 = none.' },
  ),
  field.number(
    'promptSeconds',
    'Seconds to answer a battle or draft pick',
    { min: 10, max: 3600, step: 10 },
    {
      showWhen: { key: 'phaseSeconds', in: [0] },
      help: 'Without a phase timer: casualties, press on or retreat, submerge and draft picks time out after this and take the suggested answer, so nobody waits on a player who stepped away.',
    },
  ),
  field.number(
    'bid',
    'Bid: extra IPC for one side',
    { min: 0, max: MAX_BID, step: 3, zero: 'none' },
    {
      showWhen: { key: 'mode', in: ['classic', 'draft'] },
      help: 'The Axis & Allies bid: a head start for the weaker side, shared among its countries for their first purchase. 0 = none. 9 to the Allies balances the AIs against each other; 18 makes a first game as the Allies easier.',
    },
  ),
  field.choice(
    'bidSide',
    'Bid goes to',
    {
      Allies: 'Allies: Russians, British and Americans share it',
      Axis: 'Axis: Germans and Japanese share it',
    },
    { showWhen: { key: 'mode', in: ['classic', 'draft'] } },
  ),
  field.choice('botPace', 'AI pace', {
    watch: 'Watch: about a second per AI move, to follow it on the map',
    quick: 'Quick: an AI country moves in a few seconds',
  }),
];
