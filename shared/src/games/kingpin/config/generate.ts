/**
 * Regenerates cards.generated.ts from cards.csv (the browser cannot read the CSV at runtime):
 *
 *   npx tsx shared/src/games/kingpin/config/generate.ts
 *
 * A test fails when the checked-in module differs from a fresh parse of the CSV.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCardsCsv } from './parse';

const dir = __dirname;
const cards = parseCardsCsv(readFileSync(path.join(dir, 'cards.csv'), 'utf8'));
const body = [
  '// Generated from cards.csv by generate.ts: do not edit by hand.',
  "import type { CardDef } from '../types';",
  '',
  `export const CARD_TABLE: readonly CardDef[] = ${JSON.stringify(cards, null, 2)};`,
  '',
].join('\n');
writeFileSync(path.join(dir, 'cards.generated.ts'), body);
console.log(`wrote ${cards.length} cards`);
