/**
 * A game's definition from its concerns, each a piece of its own: the lobby's metadata (`meta.ts`),
 * the rules, the options, the actions' schema, the bot, and the table spec (view description and
 * table habits). The platform reads the flat GameDefinition this builds.
 */
import type {
  Bot,
  GameAction,
  GameDefinition,
  GameMeta,
  GameOptions,
  GameRules,
  TableSpec,
} from './contract';
import type { z } from 'zod';

export interface GamePieces<S, A extends GameAction, O, Pub, Priv> {
  meta: GameMeta;
  rules: GameRules<S, A, O, Pub, Priv>;
  options: GameOptions<O>;
  /** The shape of an incoming action (see core/actions.ts: the schema is its type's source). */
  actions: z.ZodType<A>;
  bot: Bot<A, Pub, Priv>;
  /** Not where the types are read from: a wire description is of another shape than the view. */
  table: TableSpec<NoInfer<S>, NoInfer<A>, NoInfer<Pub>, NoInfer<Priv>>;
}

export function defineGame<S, A extends GameAction, O, Pub, Priv>(
  pieces: GamePieces<S, A, O, Pub, Priv>,
): GameDefinition<S, A, O, Pub, Priv> {
  const { meta, rules, options, actions, bot, table } = pieces;
  return {
    ...meta,
    ...rules,
    optionsSchema: options.schema,
    optionFields: options.fields,
    actionSchema: actions,
    bot,
    table,
  };
}
