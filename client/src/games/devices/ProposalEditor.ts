/**
 * The proposal editor: a Blueprint written field by field, its Powers as RFC text checked live
 * with the shared parser (the error and where it is). Saving makes a private draft (only its author
 * sees it); Submit makes it public for the next Ballotday. The client checks for feedback only:
 * the server judges the draft again.
 */
import { MAX_POWERS, normalName, parsePower } from '@parlor/shared/devices-engine/index';
import type { ProposalSpec } from '@parlor/shared/games/devices/types';
import { button, h, replace, setText } from '../../ui/dom';
import { type MarketContext, has } from './context';

const EXAMPLE = 'Coin (Tap): Gain m6';

export class ProposalEditor {
  readonly el = h('section', { class: 'dv-section dv-editor', testid: 'dv-editor' });
  private name = input('text', 'dv-draft-name', { maxlength: '32', placeholder: 'e.g. Lucky Mint' });
  private uniq = h('select', { class: 'input', testid: 'dv-draft-uniq' });
  private count = input('number', 'dv-draft-count', { min: '0', max: '9999', value: '5' });
  private infinite = h('input', { testid: 'dv-draft-infinite', attrs: { type: 'checkbox' } });
  private price = input('number', 'dv-draft-price', { min: '0', max: '9999', value: '15' });
  private biddable = h('input', { testid: 'dv-draft-biddable', attrs: { type: 'checkbox' } });
  private start = input('number', 'dv-draft-start', { min: '0', max: '9999', value: '15' });
  private powers: { input: HTMLInputElement; msg: HTMLElement }[] = [];
  private attributes = input('text', 'dv-draft-attributes', {
    maxlength: '240',
    placeholder: 'colour = gold; weight = 3',
    spellcheck: 'false',
    autocomplete: 'off',
  });
  private properties = input('text', 'dv-draft-properties', {
    maxlength: '160',
    placeholder: 'Shiny, Heavy',
    spellcheck: 'false',
    autocomplete: 'off',
  });
  private problems = h('div', { class: 'dv-problems', testid: 'dv-draft-problems' });
  private status = h('div', { class: 'dv-draft-status', testid: 'dv-draft-status' });
  private save: HTMLButtonElement;
  private submit: HTMLButtonElement;
  private ctx: MarketContext | null = null;
  /** The player has typed since the last draft came back: never overwrite their fields. */
  private dirty = false;
  private loaded = '';

  constructor() {
    for (const [v, label] of [
      ['Non-Unique', 'Non-Unique'],
      ['Player', 'Player-unique'],
      ['Game', 'Game-unique'],
    ] as const)
      this.uniq.append(h('option', { text: label, attrs: { value: v } }));
    this.infinite.checked = true;
    const powerBox = h('div', { class: 'dv-power-inputs' });
    for (let i = 0; i < MAX_POWERS; i++) {
      const el = input('text', `dv-draft-power-${i}`, {
        maxlength: '200',
        placeholder: i === 0 ? EXAMPLE : 'Another Power (optional)',
        spellcheck: 'false',
        autocomplete: 'off',
      });
      const msg = h('div', { class: 'dv-parse' });
      this.powers.push({ input: el, msg });
      powerBox.append(h('div', { class: 'dv-power-input' }, el, msg));
    }
    this.save = button('Save draft', () => this.onSave(), {
      testid: 'dv-draft-save',
      title: 'Only you can see a draft until you submit it',
    });
    this.submit = button('Submit', () => this.onSubmit(), {
      kind: 'primary',
      testid: 'dv-draft-submit',
      title: 'Make your saved draft public: it is voted on at the next Ballotday',
    });
    const field = (label: string, ...els: HTMLElement[]) =>
      h('label', {}, h('span', { text: label }), ...els);
    this.el.append(
      h('h3', { text: 'Propose a Blueprint' }),
      h(
        'div',
        { class: 'dv-form dv-editor-grid' },
        field('Name', this.name),
        field('Uniqueness', this.uniq),
        field(
          'Production Count',
          h(
            'div',
            { class: 'dv-inline' },
            this.count,
            h('label', { class: 'dv-check' }, this.infinite, 'Infinite'),
          ),
        ),
        field('Price (m)', this.price),
        field(
          'Starting bid (m)',
          h(
            'div',
            { class: 'dv-inline' },
            this.start,
            h('label', { class: 'dv-check' }, this.biddable, 'Biddable'),
          ),
        ),
      ),
      h('div', { class: 'dv-label', text: 'Powers: Name (Costs): Game Actions' }),
      powerBox,
      h(
        'div',
        { class: 'dv-form dv-editor-grid' },
        field('Attributes (name = value; …)', this.attributes),
        field('Properties (comma separated)', this.properties),
      ),
      this.problems,
      h('div', { class: 'dv-editor-foot' }, this.status, this.save, this.submit),
    );
    this.el.addEventListener('input', () => {
      this.dirty = true;
      this.validate();
    });
    this.el.addEventListener('change', () => {
      this.dirty = true;
      this.validate();
    });
    this.validate();
  }

  update(ctx: MarketContext): void {
    this.ctx = ctx;
    this.el.hidden = ctx.me < 0;
    const draft = ctx.priv?.draft ?? null;
    const key = JSON.stringify(draft);
    if (draft && key !== this.loaded && !this.dirty) this.load(draft);
    this.loaded = key;
    const submitted = ctx.priv?.submitted ?? false;
    setText(
      this.status,
      submitted
        ? 'You have submitted your proposal for this nweek.'
        : draft
          ? `Draft “${draft.name}” saved: only you can see it.`
          : 'No draft saved yet.',
    );
    const canSubmit = !!has(ctx, (a) => a.type === 'submit');
    this.submit.disabled = !canSubmit;
    // A greyed Submit says why: no saved draft yet, one proposal per nweek, or an unsaved edit.
    this.submit.title = canSubmit
      ? 'Make your saved draft public: it is voted on at the next Ballotday'
      : submitted
        ? 'You have already submitted a proposal this nweek'
        : !draft
          ? 'Save your draft first: Submit makes the saved draft public'
          : ctx.pub.phase === 'emergency'
            ? 'Not during an emergency'
            : 'Your saved draft cannot be submitted now';
    if (!submitted && !draft) setText(this.status, 'No draft saved yet: “Save draft” first, then Submit.');
    this.validate();
  }

  private load(d: ProposalSpec): void {
    this.name.value = d.name;
    this.uniq.value = d.uniqueness;
    this.infinite.checked = d.count === 'Infinite';
    if (d.count !== 'Infinite') this.count.value = String(d.count);
    this.price.value = String(d.price);
    this.biddable.checked = d.startingPrice !== undefined;
    if (d.startingPrice !== undefined) this.start.value = String(d.startingPrice);
    this.powers.forEach((p, i) => (p.input.value = d.powers[i] ?? ''));
    this.attributes.value = Object.entries(d.attributes ?? {})
      .map(([k, v]) => `${k} = ${v}`)
      .join('; ');
    this.properties.value = (d.properties ?? []).join(', ');
  }

  /** The spec as typed, and the problems the client can see (the server checks again). */
  private read(): { spec: ProposalSpec; problems: string[] } {
    const problems: string[] = [];
    const name = normalName(this.name.value);
    if (!this.name.value.trim()) problems.push('Give the Blueprint a name.');
    else if (!name)
      problems.push("A name starts with a letter: letters, digits, spaces, - and ' (32 at most).");
    else if (this.ctx?.pub.blueprints.some((b) => b.name.toLowerCase() === name.toLowerCase()))
      problems.push(`A Blueprint named ${name} already exists.`);
    const num = (el: HTMLInputElement) => Math.max(0, Math.min(9999, Math.floor(Number(el.value) || 0)));
    const powers: string[] = [];
    const names = new Set<string>();
    this.powers.forEach(({ input: el, msg }, i) => {
      const text = el.value.trim();
      el.classList.remove('bad', 'good');
      if (!text) {
        replace(msg);
        return;
      }
      const r = parsePower(text);
      if (r.ok) {
        el.classList.add('good');
        const dup = names.has(r.value.name.toLowerCase());
        names.add(r.value.name.toLowerCase());
        replace(
          msg,
          h('span', {
            class: dup ? 'dv-bad' : 'dv-ok',
            text: dup ? `Another Power is already called ${r.value.name}.` : '✓ valid Power',
          }),
        );
        if (dup) problems.push(`Power ${i + 1}: two Powers share a name.`);
      } else {
        el.classList.add('bad');
        const at = Math.min(r.error.at, text.length);
        replace(
          msg,
          h('span', { class: 'dv-bad' }, `${r.error.message} `),
          h(
            'code',
            {},
            text.slice(0, at),
            h('mark', { text: text.slice(at, at + 12) || ' ' }),
            text.length > at + 12 ? '…' : '',
          ),
        );
        problems.push(`Power ${i + 1} does not parse (${r.error.code}).`);
      }
      powers.push(text);
    });
    const traits = readTraits(this.attributes.value, this.properties.value, problems);
    const spec: ProposalSpec = {
      ...traits,
      name: name ?? this.name.value.trim(),
      uniqueness: this.uniq.value as ProposalSpec['uniqueness'],
      count: this.infinite.checked ? 'Infinite' : num(this.count),
      price: num(this.price),
      ...(this.biddable.checked ? { startingPrice: num(this.start) } : {}),
      powers,
    };
    return { spec, problems };
  }

  private validate(): void {
    const { problems } = this.read();
    this.count.disabled = this.infinite.checked;
    this.start.disabled = !this.biddable.checked;
    replace(this.problems, ...problems.map((p) => h('div', { text: p })));
    const me = this.ctx?.me ?? -1;
    const submitted = this.ctx?.priv?.submitted ?? false;
    this.save.disabled = me < 0 || problems.length > 0 || submitted || this.ctx?.pub.phase === 'emergency';
  }

  private onSave(): void {
    const { spec, problems } = this.read();
    if (problems.length || !this.ctx) return;
    this.dirty = false;
    this.ctx.send({ type: 'draft', spec });
  }

  private onSubmit(): void {
    const a = this.ctx && has(this.ctx, (x) => x.type === 'submit');
    if (a) this.ctx!.send(a);
  }
}

/** "colour = gold; weight = 3" and "Shiny, Heavy" as the spec's Attributes and Properties. */
function readTraits(
  attrText: string,
  propText: string,
  problems: string[],
): Pick<ProposalSpec, 'attributes' | 'properties'> {
  const attributes: Record<string, string | number> = {};
  for (const part of attrText.split(';')) {
    const t = part.trim();
    if (!t) continue;
    const eq = t.indexOf('=');
    const k = eq > 0 ? t.slice(0, eq).trim() : '';
    const v = eq > 0 ? t.slice(eq + 1).trim() : '';
    if (!k || !v || k.length > 24 || v.length > 32) {
      problems.push(
        `Write each Attribute as "name = value" (name up to 24, value up to 32 characters): ${t}`,
      );
      continue;
    }
    attributes[k] = /^\d{1,9}$/.test(v) ? Number(v) : v;
  }
  if (Object.keys(attributes).length > 6) problems.push('At most 6 Attributes.');
  const properties = propText
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (properties.length > 6) problems.push('At most 6 Properties.');
  for (const p of properties) {
    if (p.length > 24) problems.push(`A Property name is 24 characters at most: ${p}`);
    if (['tapped', 'biddable'].includes(p.toLowerCase()))
      problems.push(`${p} is a Property only the rules give.`);
  }
  return {
    ...(Object.keys(attributes).length ? { attributes } : {}),
    ...(properties.length ? { properties } : {}),
  };
}

function input(type: string, testid: string, attrs: Record<string, string>): HTMLInputElement {
  return h('input', { class: 'input', testid, attrs: { type, ...attrs } });
}
