/**
 * Kingpin's hand view on a phone (party mode): the board is on the TV, the phone holds what this
 * seat does on its turn without it. Its status, safe, Boss and shields; its hand and its own gang as
 * chips (tap one for what it can do now: put on board, sell, shields to and from the safe...); the
 * attack planner's essentials (a target, then the attackers with the damage they deal); buys and
 * bribes. Every button is one exact payload from the legal list. Prompts (ammunition, place, pick,
 * emergency) and End turn stay in the controls under it, as ever.
 */
import type { KingpinAction, KingpinPrivate, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import './hand.css';
import type { HandHost, HandView } from '../../party/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { button, h, replace, setText } from '../../ui/dom';
import { defOf, nameOf } from './cards';
import { actionTestId, label } from './describe';
import { attackChoices } from './preview';
import { quarters } from './numbers';

type Attack = Extract<KingpinAction, { type: 'attack' }>;
type Sel = { zone: 'hand'; card: string } | { zone: 'board'; slot: number } | null;

const fmt = quarters;

function targetKey(a: Attack): string {
  return a.target.zone === 'hand' ? `${a.target.seat}:hand` : `${a.target.seat}:${a.target.slot}`;
}

function targetName(pub: KingpinPublic, a: Attack): string {
  const p = pub.players[a.target.seat];
  const who = p?.name || `Seat ${a.target.seat + 1}`;
  if (a.target.zone === 'hand') return `${who}'s hand (a random card)`;
  const c = p?.board[a.target.slot];
  return c
    ? `${who}: ${nameOf(c.id)} ${fmt(c.hp)} HP${c.shields ? `, ${c.shields} shield${c.shields === 1 ? '' : 's'}` : ''}`
    : who;
}

/** The actions about one selected card (hand card by id, own board card by slot). */
function actionsFor(sel: Sel, legal: KingpinAction[], pub: KingpinPublic, me: number): KingpinAction[] {
  if (!sel) return [];
  const boardId = sel.zone === 'board' ? pub.players[me]?.board[sel.slot]?.id : undefined;
  return legal.filter((a) => {
    if (sel.zone === 'hand')
      return (a.type === 'deploy' || a.type === 'sell' || a.type === 'discard') && a.card === sel.card;
    if (a.type === 'moveShield') return a.from === sel.slot;
    if (a.type === 'shieldToSafe' || a.type === 'safeToShield' || a.type === 'recall')
      return a.slot === sel.slot;
    if (a.type === 'discard' || a.type === 'sell') return a.card === boardId;
    return false;
  });
}

export function kingpinHandView(host: HandHost): HandView {
  const status = h('div', { class: 'hv-status', testid: 'hand-status' });
  const figures = h('div', { class: 'hv-figures', testid: 'hand-figures' });
  const hand = h('div', { class: 'hv-chips', testid: 'hand-cards' });
  const gang = h('div', { class: 'hv-chips', testid: 'hand-gang' });
  const selRow = h('div', { class: 'hv-do', testid: 'hand-do' });
  const attackRow = h('div', { class: 'hv-do', testid: 'hand-attack' });
  // The chosen attackers' whole line (a phone's closed list cuts it: "…destroys · on th…").
  const attackFull = h('div', { class: 'hv-attack-full', testid: 'hand-attack-full' });
  const otherRow = h('div', { class: 'hv-do', testid: 'hand-other' });
  const handLabel = h('div', { class: 'hv-label' });
  // The rivals at a glance (public figures), in the room the view has left: early in a match the
  // phone would otherwise be half empty.
  const rivals = h('div', { class: 'hv-rivals', testid: 'hand-rivals' });
  const rivalsBox = h(
    'div',
    { class: 'hv-rivals-box' },
    h('div', { class: 'hv-label', text: 'Rivals' }),
    rivals,
  );
  host.el.append(
    status,
    figures,
    handLabel,
    hand,
    h('div', { class: 'hv-label', text: 'Your gang' }),
    gang,
    selRow,
    attackRow,
    attackFull,
    otherRow,
    rivalsBox,
  );
  let sel: Sel = null;
  let target = '';
  let last: TableSnapshot | null = null;
  let key = '';
  const send = (a: KingpinAction) => {
    sel = null;
    host.conn.send(a);
  };
  const act = (a: KingpinAction, pub: KingpinPublic, primary = false) => {
    const { text, title } = label(a, pub);
    return button(text, () => send(a), {
      small: true,
      kind: primary ? 'primary' : undefined,
      testid: `hand-${actionTestId(a)}`,
      title,
    });
  };
  const chip = (text: string, sub: string, on: boolean, pick: () => void, testid: string, about = '') =>
    h(
      'button',
      {
        class: `hv-chip${on ? ' on' : ''}`,
        testid,
        attrs: { type: 'button', 'aria-pressed': String(on) },
        on: { click: pick },
      },
      h('span', { class: 'hv-chip-name', text }),
      sub ? h('span', { class: 'hv-chip-sub', text: sub }) : null,
      about ? h('span', { class: 'hv-chip-text', text: about }) : null,
    );
  // Few cards (early in a match): figures as tiles, each card full-width with its text, and the
  // rivals under them, filling the phone; when that would scroll, compact chips (names and figures
  // only), then no rivals, then tight (smaller chips and gaps, the attack's choice and its button
  // side by side): six cards, a selection's buttons, the attack and a buy still fit a 360x740 phone.
  const fitRoomy = () => {
    const el = host.el;
    const scrolls = () => el.scrollHeight > el.clientHeight + 1;
    el.classList.remove('kp-tight');
    el.classList.add('kp-roomy');
    attackFull.hidden = true;
    rivalsBox.hidden = rivals.childElementCount === 0;
    if (scrolls()) el.classList.remove('kp-roomy');
    if (scrolls()) rivalsBox.hidden = true;
    if (scrolls()) el.classList.add('kp-tight');
    // The attack's whole line under its row only where it does not make the view scroll (it never
    // takes the layout a step tighter).
    attackFull.hidden = !attackFull.textContent;
    if (scrolls()) attackFull.hidden = true;
  };
  // The controls under the view grow and shrink with their prompts: fit again when its room changes.
  const resized = new ResizeObserver(() => fitRoomy());
  resized.observe(host.el);
  const redraw = () => {
    key = '';
    if (last) view.update(last);
  };

  const view: HandView = {
    update(s: TableSnapshot) {
      last = s;
      const pub = s.view?.public as KingpinPublic | undefined;
      const priv = s.view?.private as KingpinPrivate | null | undefined;
      const me = pub?.players[s.mySeat];
      if (!pub || !me) return;
      const legal = s.legal as KingpinAction[];
      const k = JSON.stringify([pub, priv, legal, s.status, sel, target]);
      if (k === key) return;
      key = k;
      const mine = s.status === 'playing' && pub.turn === s.mySeat && pub.phase === 'turn' && !pub.prompt;
      const turnName = pub.players[pub.turn]?.name || `Seat ${pub.turn + 1}`;
      setText(
        status,
        s.status !== 'playing'
          ? ''
          : pub.prompt
            ? s.toAct.includes(s.mySeat)
              ? 'Your answer: see below'
              : `${turnName}'s attack resolves`
            : mine
              ? 'Your turn'
              : `${turnName} is playing`,
      );
      status.classList.toggle('mine', mine || s.toAct.includes(s.mySeat));
      const boss = me.board.find((c) => c?.id.startsWith('boss_'));
      const shields = me.board.reduce((n, c) => n + (c?.shields ?? 0), 0);
      // Label then value ("Safe $12"); with few cards, tiles with the value large (hand.css).
      const fig = (label: string, value: string, cls = '') =>
        h('span', { class: `hv-fig ${cls}`.trim() }, h('small', { text: label }), h('b', { text: value }));
      replace(
        figures,
        fig('Safe', `$${me.safe}`),
        boss ? fig('Boss', `${fmt(boss.hp)} HP`) : fig('Boss (hidden)', nameOf(priv?.boss ?? '')),
        fig('Shields', String(shields)),
        me.eliminated ? fig('', 'Out', 'risk') : null,
      );

      replace(
        rivals,
        ...pub.players.flatMap((p, seat) => {
          if (seat === s.mySeat) return [];
          const rBoss = p.board.find((c) => c?.id.startsWith('boss_'));
          const rShields = p.board.reduce((n, c) => n + (c?.shields ?? 0), 0);
          const facts = p.eliminated
            ? 'out'
            : [
                rBoss ? `Boss ${fmt(rBoss.hp)} HP` : 'Boss not out yet',
                `${rShields} shield${rShields === 1 ? '' : 's'}`,
                `$${p.safe}`,
                `hand ${p.handCount}`,
              ].join(' · ');
          return [
            h(
              'div',
              {
                class: `hv-rival${p.eliminated ? ' out' : ''}${pub.turn === seat ? ' turn' : ''}`,
                testid: `hand-rival-${seat}`,
              },
              h('b', { text: p.name || `Seat ${seat + 1}` }),
              h('span', { text: facts }),
            ),
          ];
        }),
      );

      // Chips: the hand, then the gang; a stale selection (card gone) is let go.
      const cards = priv?.hand ?? [];
      if (sel?.zone === 'hand' && !cards.includes(sel.card)) sel = null;
      if (sel?.zone === 'board' && !me.board[sel.slot]) sel = null;
      setText(handLabel, `Your hand (${cards.length})`);
      const pick = (next: Sel) => () => {
        sel = sel && next && JSON.stringify(sel) === JSON.stringify(next) ? null : next;
        redraw();
      };
      replace(
        hand,
        ...(cards.length
          ? cards.map((id) => {
              const d = defOf(id);
              const sub = d
                ? d.type === 'event'
                  ? `Event · $${d.price}`
                  : `$${d.price} · ATK ${d.atk} · HP ${d.hp}`
                : '';
              return chip(
                nameOf(id),
                sub,
                sel?.zone === 'hand' && sel.card === id,
                pick({ zone: 'hand', card: id }),
                `hand-card-${id}`,
                d?.text ?? '',
              );
            })
          : [h('span', { class: 'hv-none', text: 'No cards' })]),
      );
      replace(
        gang,
        ...me.board.flatMap((c, slot) =>
          c
            ? [
                chip(
                  nameOf(c.id),
                  `${fmt(c.hp)}/${fmt(c.maxHp)} HP · ATK ${c.atk}${c.shields ? ` · ${c.shields} sh.` : ''}${c.frozen ? ' · frozen' : ''}`,
                  sel?.zone === 'board' && sel.slot === slot,
                  pick({ zone: 'board', slot }),
                  `hand-slot-${slot}`,
                  defOf(c.id)?.text ?? '',
                ),
              ]
            : [],
        ),
      );
      if (!gang.childElementCount)
        gang.append(
          h('span', { class: 'hv-none', text: 'Nobody on the board yet: tap a hand card to deploy it' }),
        );

      // What the selected card can do now.
      const forSel = actionsFor(sel, legal, pub, s.mySeat);
      replace(
        selRow,
        ...(sel
          ? forSel.length
            ? forSel.map((a) => act(a, pub))
            : [
                h('span', {
                  class: 'hv-none',
                  text: mine ? 'Nothing to do with this card now' : 'Not your turn',
                }),
              ]
          : []),
      );

      // The attack: a target, then the attacker sets that may hit it, strongest first.
      const attacks = legal.filter((a): a is Attack => a.type === 'attack');
      const targets = [...new Map(attacks.map((a) => [targetKey(a), a])).entries()];
      if (!targets.some(([t]) => t === target)) target = targets[0]?.[0] ?? '';
      if (!targets.length) {
        replace(attackRow);
        attackFull.textContent = '';
      } else {
        const tSel = h(
          'select',
          { class: 'hv-select', testid: 'hand-attack-target', attrs: { 'aria-label': 'Attack target' } },
          ...targets.map(([t, a]) => h('option', { text: targetName(pub, a), attrs: { value: t } })),
        );
        tSel.value = target;
        tSel.addEventListener('change', () => {
          target = tSel.value;
          redraw();
        });
        // The attacker sets, strongest first, with the planner's words (and its Boss label).
        const options = attackChoices(
          pub,
          s.mySeat,
          attacks.filter((a) => targetKey(a) === target),
          legal,
        );
        const aSel = h(
          'select',
          { class: 'hv-select', testid: 'hand-attack-with', attrs: { 'aria-label': 'Attack with' } },
          ...options.map(({ text }, i) => h('option', { text, attrs: { value: String(i) } })),
        );
        attackFull.textContent = options[0]?.text ?? '';
        aSel.addEventListener('change', () => {
          attackFull.textContent = options[Number(aSel.value)]?.text ?? '';
          fitRoomy();
        });
        replace(
          attackRow,
          tSel,
          aSel,
          button(
            'Attack',
            () => {
              const o = options[Number(aSel.value)];
              if (o) send(o.a);
            },
            {
              small: true,
              kind: 'primary',
              testid: 'hand-attack-go',
              title: 'Declare this attack; you choose ammunition next',
            },
          ),
        );
      }

      // Buys from the Reserve and bribes (buying from the pile and ending the turn are below).
      const other = legal.filter((a) => (a.type === 'buy' && a.source === 'reserve') || a.type === 'bribe');
      if (!other.length) replace(otherRow);
      else {
        const oSel = h(
          'select',
          { class: 'hv-select', testid: 'hand-other-pick', attrs: { 'aria-label': 'Buy or bribe' } },
          ...other.map((a, i) => {
            let text = label(a, pub).text;
            if (a.type === 'buy' && a.source === 'reserve')
              text = `Buy ${nameOf(a.card)} ($${defOf(a.card)?.price ?? '?'})`;
            if (a.type === 'bribe') {
              const c = pub.players[a.target.seat]?.board[a.target.slot];
              text = `Bribe ${nameOf(c?.id ?? '')} of ${pub.players[a.target.seat]?.name ?? ''} ($${c?.bribeCost ?? '?'})`;
            }
            return h('option', { text, attrs: { value: String(i) } });
          }),
        );
        replace(
          otherRow,
          oSel,
          button(
            'Do it',
            () => {
              const a = other[Number(oSel.value)];
              if (a) send(a);
            },
            { small: true, testid: 'hand-other-go' },
          ),
        );
      }
      fitRoomy();
    },
    destroy() {
      resized.disconnect();
      host.el.classList.remove('kp-roomy', 'kp-tight');
      host.el.replaceChildren();
    },
  };
  return view;
}
