/** GET /api/games: what the create-table dialog needs to know about each game. */
import { games, type OptionField } from '@parlor/shared';

export interface GameSummary {
  id: string;
  title: string;
  tagline: string;
  seats: { min: number; max: number };
  optionFields: OptionField[];
  /** The options a table gets when the dialog changes nothing. */
  defaults: Record<string, unknown>;
}

export function gameCatalog(): GameSummary[] {
  return games.map((g) => {
    const parsed = g.optionsSchema.safeParse({});
    const defaults = parsed.success && typeof parsed.data === 'object' && parsed.data ? parsed.data : {};
    return {
      id: g.id,
      title: g.title,
      tagline: g.tagline,
      seats: { min: g.seats.min, max: g.seats.max },
      optionFields: g.optionFields,
      defaults: defaults as Record<string, unknown>,
    };
  });
}
