/** The how-to text read from the rules documents, for every game. */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gameIds } from '../games';
import { briefSections } from './howTo';

/** Every registered game's rules document. */
const rulesDocs = gameIds.map((id) => [
  id,
  readFileSync(path.join(__dirname, '../../../docs/rules', `${id}.md`), 'utf8'),
]);

describe('briefSections', () => {
  it('reads headings and items, joins continued lines, and stops at the next section', () => {
    const md = [
      '# Game',
      'Intro.',
      '## In brief',
      '',
      'What the screen shows.',
      '',
      '### Goal',
      '',
      '- Win the',
      '  game.',
      '- Have fun.',
      '',
      'A stray paragraph',
      '  is not an item.',
      '### Turn',
      '- Draw.',
      '## Full rules',
      '### Not shown',
      '- Hidden.',
    ].join('\n');
    expect(briefSections(md)).toEqual([
      ['Goal', ['Win the game.', 'Have fun.']],
      ['Turn', ['Draw.']],
    ]);
  });

  it('refuses a document without the section (a build would show an empty dialog)', () => {
    expect(() => briefSections('# Game\n\n## Rules\n')).toThrow(/In brief/);
  });

  it.each(rulesDocs)('docs/rules/%s.md has a brief for the screen', (_id, md) => {
    const sections = briefSections(md!);
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const [title, items] of sections) {
      expect(title).not.toBe('');
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).not.toMatch(/^\s|\s{2}|\s$/);
    }
  });
});
