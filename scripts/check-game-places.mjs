#!/usr/bin/env node
// A game's folder is its whole territory. Fails, naming each file and line, when
// 1. a platform source file (shared/src, server/src, client/src, client/*.html; not a test, not in
//    any game's own places) names a game. A game's own places: its folders (shared/src/games/<id>/,
//    client/src/games/<id>/), its rules doc, and files or folders named after it
//    (`bench/<id>-bot.ts`, `server/test/rooms/<camelId>.test.ts`, `shared/src/<id>-engine/`);
// 2. any code file lists the games by hand (names three or more of them), except the registries.
// The games are the folders of shared/src/games/; a game is named by its id (`my-game`), its id in
// camel or Pascal case (`myGame`, `MyGame`), a former id (shared/src/games/ids.ts), or its title up
// to a colon (`My Game`). Usage: node scripts/check-game-places.mjs [--list]
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const gamesDir = path.join(root, 'shared/src/games');

/** The files allowed to list every game: the registries. */
const REGISTRIES = new Set([
  'shared/src/games/index.ts',
  'shared/src/games/ids.ts',
  'client/src/games/index.ts',
]);
/**
 * Files that still list games, each with its reason: to be read from the registry in time, never
 * added to without one.
 */
const KNOWN_LISTS = {
  'scripts/bench.mjs': 'the curated order of `npm run bench`: a chosen subset of the per-game benches',
  'bench/bot-levels.ts':
    "the bot-level bench's own registry (LEVEL_GAMES): each game's random baseline and options",
  'bench/party.ts':
    "the issue-38 evening: each game's tables set up as the issue gives them (seats, AI, pace)",
  'bench/party-clients.ts': "the party bench's players: how a person acts in each game's table",
  'bench/views-base-shared.ts': 'frozen: the comparison with the hand-written adapters of be14f07',
  'server/test/fixtures/legacy-seeds/make.ts':
    'frozen: the records made under legacy numeric seeds, one per game then',
  // Accessibility checks written game by game (issue 39), to become each game's own test-plan entry:
  'client/src/games/boardWords.test.ts': "each game's board in words, one describe per game",
  'tests/browser/axe.test.ts': "axe on a table of each game, with each game's checks beside it",
  'tests/browser/keyboardPlay.test.ts': 'the keyboard-alone turns the issue names (three games)',
  'tests/browser/pressAcrossRedraw.test.ts':
    'the controls seen losing a press in real runs (three games), each pressed across a redraw',
};
/** A file naming this many games lists them. */
const LIST = 3;

const camel = (id) => id.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const pascal = (id) => camel(id).replace(/^./, (c) => c.toUpperCase());
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const formerIds = Object.entries(
  Object.fromEntries(
    [
      ...readFileSync(path.join(gamesDir, 'ids.ts'), 'utf8').matchAll(/^\s*'?([\w-]+)'?:\s*'([\w-]+)',/gm),
    ].map((m) => [m[1], m[2]]),
  ),
);

const games = readdirSync(gamesDir)
  .filter((d) => statSync(path.join(gamesDir, d)).isDirectory())
  .map((id) => {
    const meta = readFileSync(path.join(gamesDir, id, 'meta.ts'), 'utf8');
    const title = /title:\s*'([^':]+)/.exec(meta)?.[1]?.trim();
    const forms = new Set([id, camel(id), pascal(id), ...(title ? [title] : [])]);
    for (const [former, now] of formerIds) if (now === id) forms.add(former);
    const re = new RegExp(`(?<![A-Za-z])(${[...forms].map(escape).join('|')})(?![a-z])`);
    return { id, forms: [...forms], re };
  });

/** Is `file` one of this game's own places? */
function ownPlace(file, game) {
  if (file.startsWith(`shared/src/games/${game.id}/`) || file.startsWith(`client/src/games/${game.id}/`))
    return true;
  if (file === `docs/rules/${game.id}.md`) return true;
  // Named after the game: a file or folder whose name begins with one of its names.
  const names = [game.id, camel(game.id), pascal(game.id), game.id.replace(/-/g, '')];
  return file.split('/').some((part) => names.some((n) => part.toLowerCase().startsWith(n.toLowerCase())));
}

const isProduct = (f) =>
  /^(shared\/src|server\/src|client\/src)\//.test(f) && !/\.test\.ts$/.test(f) && !f.includes('/testing/')
    ? true
    : /^client\/[^/]+\.html$/.test(f);
const isCode = (f) => /\.(ts|mts|cts|js|mjs|cjs|html)$/.test(f);

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && (isProduct(f) || isCode(f)));

const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  const lines = text.split('\n');
  const named = new Map();
  lines.forEach((line, i) => {
    for (const g of games) if (g.re.test(line) && !named.has(g.id)) named.set(g.id, i + 1);
  });
  if (isProduct(file) && !REGISTRIES.has(file) && !games.some((g) => ownPlace(file, g)))
    for (const [id, line] of named) {
      problems.push(`${file}:${line}: names ${id} (${lines[line - 1].trim().slice(0, 100)})`);
    }
  if (isCode(file) && named.size >= LIST && !REGISTRIES.has(file) && !Object.hasOwn(KNOWN_LISTS, file))
    problems.push(
      `${file}: lists games by hand (${[...named.keys()].join(', ')}); read the registry instead`,
    );
}

if (process.argv.includes('--list')) {
  console.log(games.map((g) => `${g.id}: ${g.forms.join(', ')}`).join('\n'));
  for (const [file, why] of Object.entries(KNOWN_LISTS)) console.log(`known list: ${file} (${why})`);
}
if (problems.length) {
  console.log(problems.join('\n'));
  console.log(
    `\n${problems.length} problem(s). A game's code lives in its own places (docs/architecture.md, "Adding a game"); everything else reads the registries.`,
  );
  process.exit(1);
}
console.log(`game places: ${files.length} files checked, ${games.length} games, none named out of place`);
