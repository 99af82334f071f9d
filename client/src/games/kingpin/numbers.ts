/**
 * Kingpin's one number format for HP, ATK and damage on screen (card badges, damage floats, the
 * card tip, the planner, the threat line, the hand view): quarter points as fraction glyphs
 * (16.25 -> 16¼, 0.75 -> ¾, 5 -> 5). The log lines are built with the same function (shared), so
 * a float, the badge it changes and the log line that tells it read alike.
 */
export { quarters } from '@parlor/shared/games/kingpin/numbers';
