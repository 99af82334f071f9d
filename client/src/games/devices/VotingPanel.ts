/**
 * Submitted proposals and the Ballotday vote: each proposal's Blueprint, its author, every seat's
 * vote so far (votes are public), and For / Against buttons while the seat may vote.
 */
import { BALLOTDAY } from '@parlor/shared/games/devices/calendar';
import { button, h, replace } from '../../ui/dom';
import { type MarketContext, has, nameOf } from './context';
import { marketSection, powerLine, seatTag, traitsLine } from './bits';
import { countLabel, money } from './format';
import { uniqLabel } from './BlueprintBoard';
import { KeyedList } from '../../ui/keyed';

export class VotingPanel {
  private body = h('div', { class: 'dv-proposal-list' });
  private cards = new KeyedList(this.body);
  private key = '';

  readonly el = marketSection('votes', 'dv-proposals', 'Proposals · vote on Ballotday', this.body);

  update(ctx: MarketContext): void {
    const key = JSON.stringify([
      ctx.pub.proposals,
      ctx.pub.nday,
      ctx.legal.filter((a) => a.type === 'vote'),
      ctx.pub.players.length,
    ]);
    if (key === this.key) return;
    this.key = key;
    const need = Math.floor(ctx.pub.players.length / 2) + 1;
    if (!ctx.pub.proposals.length) {
      replace(
        this.body,
        h('p', {
          class: 'dv-empty',
          text: `No proposal yet. Write one below; it needs ${need} of ${ctx.pub.players.length} votes at Ballotday (nday ${BALLOTDAY}).`,
        }),
      );
      return;
    }
    this.cards.update(
      ctx.pub.proposals.map((p) => ({
        key: String(p.id),
        sig: JSON.stringify([p, ctx.legal.filter((a) => a.type === 'vote' && a.proposal === p.id)]),
        make: () => this.card(ctx, p, need),
      })),
    );
  }

  private card(ctx: MarketContext, p: MarketContext['pub']['proposals'][number], need: number): HTMLElement {
    const yes = has(ctx, (a) => a.type === 'vote' && a.proposal === p.id && a.yes);
    const no = has(ctx, (a) => a.type === 'vote' && a.proposal === p.id && !a.yes);
    const forCount = p.votes.filter((v) => v === true).length;
    const s = p.spec;
    return h(
      'article',
      { class: 'dv-card dv-proposal', testid: `dv-proposal-${p.id}` },
      h(
        'div',
        { class: 'dv-bp-head' },
        h('div', { class: 'dv-bp-name', text: s.name }),
        h('div', { class: 'dv-price', text: money(s.price) }),
      ),
      h(
        'div',
        { class: 'dv-facts' },
        h('span', {}, 'by ', seatTag(nameOf(ctx, p.author), p.author)),
        h('span', { class: 'dv-chip', text: uniqLabel(s.uniqueness) }),
        h('span', { class: 'dv-chip', text: `Count ${countLabel(s.count)}` }),
        s.startingPrice !== undefined
          ? h('span', { class: 'dv-chip bid', text: `Biddable from ${money(s.startingPrice)}` })
          : null,
      ),
      h(
        'div',
        { class: 'dv-powers' },
        ...s.powers.map((t) => powerLine(t)),
        traitsLine(s.attributes, s.properties),
      ),
      h(
        'div',
        { class: 'dv-ballot' },
        ...p.votes.map((v, seat) =>
          h(
            'span',
            { class: `dv-vote ${v === null ? 'none' : v ? 'yes' : 'no'}`, title: nameOf(ctx, seat) },
            v === null ? '·' : v ? '✓' : '✗',
            ` ${nameOf(ctx, seat)}`,
          ),
        ),
        h('span', { class: 'dv-tally', text: `${forCount} for · ${need} needed` }),
      ),
      yes || no
        ? h(
            'div',
            { class: 'dv-bid-row' },
            button('Vote for', () => yes && ctx.send(yes), {
              small: true,
              kind: 'primary',
              disabled: !yes,
              testid: `dv-vote-yes-${p.id}`,
            }),
            button('Vote against', () => no && ctx.send(no), {
              small: true,
              disabled: !no,
              testid: `dv-vote-no-${p.id}`,
            }),
          )
        : null,
    );
  }
}
