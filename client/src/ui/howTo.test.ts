/** The how-to text read from the rules documents, for every game. */
import { describe, expect, it } from '@jest/globals';
import bankout from '../../../docs/rules/bankout.md?raw';
import devices from '../../../docs/rules/devices.md?raw';
import jamesBland from '../../../docs/rules/james-bland.md?raw';
import kingpin from '../../../docs/rules/kingpin.md?raw';
import tacticalRisk from '../../../docs/rules/tactical-risk.md?raw';
import { briefSections } from './howTo';

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

  it.each([
    ['bankout', bankout, 'Goal'],
    ['kingpin', kingpin, 'Goal'],
    ['devices', devices, 'Goal'],
    ['james-bland', jamesBland, 'Your first round'],
    ['tactical-risk', tacticalRisk, 'Goal'],
  ])('docs/rules/%s.md has a brief for the screen', (_id, md, first) => {
    const sections = briefSections(md);
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(sections[0]![0]).toBe(first);
    for (const [title, items] of sections) {
      expect(title).not.toBe('');
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).not.toMatch(/^\s|\s{2}|\s$/);
    }
  });
});
