/** Issue 24: trades carry a price the receiver pays on accepting; bots keep to a budget per nday. */
import { devicesBot, BOT_BUDGET } from './bot';
import { legalActions } from './legal';
import { act, clockOn, deviceId, newGame, passAll, refused } from './testkit';
import { view } from './view';

function withMint() {
  const s = act(newGame(3), 0, { type: 'purchase', blueprint: 'Mint' }).state;
  return { s, mint: deviceId(s, 0, 'Mint') };
}

describe('trades with a price', () => {
  test('the price is public, said in the log, and paid to the giver on acceptance', () => {
    const { s, mint } = withMint();
    const offered = act(s, 0, { type: 'offer', device: mint, to: 1, money: 12, points: 0 });
    expect(offered.events[0]!.text).toMatch(/offers Mint #\d+ to Bo for m12$/);
    const offer = view(offered.state, 2).public.offers[0]!;
    expect(offer).toMatchObject({ device: mint, from: 0, to: 1, money: 12, points: 0 });
    const before = offered.state.engine.wallets.map((w) => w.money);
    const accepted = act(offered.state, 1, { type: 'accept', offer: offer.id });
    expect(accepted.events[0]!.text).toMatch(/accepts Mint #\d+ from Ada and pays m12$/);
    const after = accepted.state.engine.wallets.map((w) => w.money);
    expect(after[0]! - before[0]!).toBe(12);
    expect(after[1]! - before[1]!).toBe(-12);
    expect(accepted.state.engine.devices.find((d) => d.id === mint)!.owner).toBe(1);
    expect(accepted.state.offerPrices).toEqual({});
  });

  test('a price in Points moves Points; a receiver who cannot pay cannot accept, and nothing changes', () => {
    const { s, mint } = withMint();
    const offered = act(s, 0, { type: 'offer', device: mint, to: 1, points: 2 }).state;
    const id = offered.engine.offers[0]!.id;
    expect(legalActions(offered, 1).some((a) => a.type === 'accept')).toBe(false);
    const e = refused(offered, 1, { type: 'accept', offer: id });
    expect(e.code).toBe('NOT_ENOUGH_POINTS');
    const rich = structuredClone(offered);
    rich.engine.wallets[1]!.score = 3;
    expect(legalActions(rich, 1)).toContainEqual({ type: 'accept', offer: id });
    const done = act(rich, 1, { type: 'accept', offer: id }).state;
    expect(done.engine.wallets.map((w) => w.score)).toEqual([2, 1, 0]);
    const broke = act(s, 0, { type: 'offer', device: mint, to: 2, money: 999 }).state;
    expect(refused(broke, 2, { type: 'accept', offer: broke.engine.offers[0]!.id }).code).toBe(
      'NOT_ENOUGH_MONEY',
    );
  });

  test('no price is a gift, and the log says so', () => {
    const { s, mint } = withMint();
    const r = act(s, 0, { type: 'offer', device: mint, to: 2 });
    expect(r.events[0]!.text).toMatch(/as a gift$/);
    expect(view(r.state, -1).public.offers[0]).toMatchObject({ money: 0, points: 0 });
  });

  test('the bot accepts an offer worth more than its price and refuses an overpriced one', () => {
    const { s, mint } = withMint();
    const on = clockOn(s);
    const cheap = act(on, 0, { type: 'offer', device: mint, to: 1, money: 1 }).state;
    const pick = (st: typeof cheap) => devicesBot.decide(view(st, 1), legalActions(st, 1), () => 0.5);
    expect(pick(cheap)).toMatchObject({ type: 'accept' });
    const dear = act(on, 0, { type: 'offer', device: mint, to: 1, money: 45 }).state;
    expect(pick(dear).type).not.toBe('accept');
  });
});

describe('bots keep to a budget of market moves per nday', () => {
  test('after its budget the bot only passes (or votes); a new nday gives a fresh budget', () => {
    let s = clockOn(newGame(3));
    const budget = BOT_BUDGET.normal;
    let moves = 0;
    for (let i = 0; i < 20 && !s.passed[1]; i++) {
      const a = devicesBot.decide(view(s, 1), legalActions(s, 1), () => 0.5);
      if (a.type !== 'pass' && a.type !== 'vote' && a.type !== 'panic') moves++;
      s = act(s, 1, a).state;
    }
    expect(s.passed[1]).toBe(true);
    expect(moves).toBeLessThanOrEqual(budget);
    expect(view(s, 1).private!.actedThisNday).toBe(moves);
    s = passAll(s).state;
    expect(view(s, 1).private!.actedThisNday).toBe(0);
  });
});

describe('proposals with Attributes and Properties', () => {
  test('an adopted proposal gives its Devices the Attributes and Properties', () => {
    let s = act(newGame(3), 1, {
      type: 'draft',
      spec: {
        name: 'Gilded Loom',
        uniqueness: 'Non-Unique',
        count: 'Infinite',
        price: 5,
        powers: ['Weave (Tap): Gain m2'],
        attributes: { colour: 'gold', weight: 3 },
        properties: ['Shiny'],
      },
    }).state;
    s = act(s, 1, { type: 'submit' }).state;
    expect(view(s, 0).public.proposals[0]!.spec).toMatchObject({
      attributes: { colour: 'gold', weight: 3 },
      properties: ['Shiny'],
    });
    s = clockOn(s);
    while (s.nday !== 9) s = passAll(s).state;
    for (const seat of [0, 1, 2]) s = act(s, seat, { type: 'vote', proposal: 1, yes: true }).state;
    s = passAll(s).state;
    const bp = view(s, 0).public.blueprints.find((b) => b.name === 'Gilded Loom')!;
    expect(bp).toMatchObject({ attributes: { colour: 'gold', weight: 3 }, properties: ['Shiny'] });
    s = act(s, 2, { type: 'purchase', blueprint: 'Gilded Loom' }).state;
    const d = view(s, 0).public.devices.find((x) => x.name === 'Gilded Loom')!;
    expect(d).toMatchObject({ owner: 2, attributes: { colour: 'gold', weight: 3 }, properties: ['Shiny'] });
  });

  test('Tapped and Biddable are the rules’ own Properties: a draft cannot give them', () => {
    const e = refused(newGame(3), 0, {
      type: 'draft',
      spec: { name: 'Sneaky', uniqueness: 'Player', count: 1, price: 1, powers: [], properties: ['Tapped'] },
    });
    expect(e.code).toBe('RESERVED_PROPERTY');
  });
});
