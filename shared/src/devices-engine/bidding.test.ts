/** RFC: Bidding, from Breakday to Ballotday, production at the end of Thirnight, the shortfall rule. */
import { findBlueprint } from './blueprints';
import { bid, closeBidding, openBidding, settleAuctions } from './bidding';
import { purchase } from './market';
import { ctx, engine, ok } from './testkit';

function auction(money = 100) {
  return engine(
    [
      { name: 'Statue', price: 30, count: 1, uniqueness: 'Game' },
      { name: 'Mint', price: 10 },
    ],
    money,
  );
}

/** Opens the bidding, `seat` alone bids `amount` on the Statue, and the bidding closes. */
function soleBid(e: ReturnType<typeof auction>, seat: number, amount: number) {
  openBidding(e, ctx());
  ok(bid(e, seat, 'Statue', amount, ctx()));
  closeBidding(e, ctx());
}

describe('RFC: Bidding', () => {
  test('no bids before bidding opens at Breakday', () => {
    const e = auction();
    expect(bid(e, 0, 'Statue', 40, ctx())?.code).toBe('BIDDING_CLOSED');
  });

  test('opening sets the Price to the Starting Price', () => {
    const e = auction();
    findBlueprint(e, 'Statue')!.price = 77;
    openBidding(e, ctx());
    expect(findBlueprint(e, 'Statue')).toMatchObject({ price: 30, biddingOpen: true });
  });

  test('a bid must exceed the Price, the highest bid becomes the Price, and Blueprints that are not Biddable take no bids', () => {
    const e = auction();
    openBidding(e, ctx());
    expect(bid(e, 0, 'Statue', 30, ctx())?.code).toBe('BID_TOO_LOW');
    ok(bid(e, 0, 'Statue', 31, ctx()));
    expect(bid(e, 1, 'Statue', 31, ctx())?.code).toBe('BID_TOO_LOW');
    ok(bid(e, 1, 'Statue', 45, ctx()));
    expect(findBlueprint(e, 'Statue')).toMatchObject({ price: 45, highBid: { seat: 1, amount: 45 } });
    expect(bid(e, 0, 'Mint', 60, ctx())?.code).toBe('NOT_BIDDABLE');
  });

  test('bids are not limited by money (the shortfall rule settles them) and no money moves before Thirnight', () => {
    const e = auction(10);
    openBidding(e, ctx());
    ok(bid(e, 2, 'Statue', 90, ctx()));
    expect(e.wallets[2]!.money).toBe(10);
  });

  test('bidding ends at Ballotday: the highest bidder wins and later bids are refused', () => {
    const e = auction();
    openBidding(e, ctx());
    ok(bid(e, 0, 'Statue', 35, ctx()));
    ok(bid(e, 2, 'Statue', 40, ctx()));
    closeBidding(e, ctx());
    expect(findBlueprint(e, 'Statue')!.winner).toEqual({ seat: 2, amount: 40 });
    expect(bid(e, 1, 'Statue', 99, ctx())?.code).toBe('BIDDING_CLOSED');
  });

  test('at the end of Thirnight the winner with enough money gets the Device for their bid; count 0 removes the Blueprint', () => {
    const e = auction();
    soleBid(e, 1, 40);
    settleAuctions(e, ctx());
    expect(e.wallets[1]!.money).toBe(60);
    expect(e.devices).toMatchObject([{ name: 'Statue', owner: 1 }]);
    expect(findBlueprint(e, 'Statue')).toBeUndefined();
  });

  test('a winner short of money converts one Point at a time until they can pay', () => {
    const e = auction(20);
    e.wallets[0]!.score = 10;
    soleBid(e, 0, 32);
    const c = ctx();
    settleAuctions(e, c);
    // 20 + 3 Points x m5 = 35 >= 32: three Points, not more.
    expect(e.wallets[0]).toEqual({ money: 3, score: 7 });
    expect(e.devices).toHaveLength(1);
    expect(c.events.map((x) => x.type)).toEqual(['converted', 'produced', 'blueprintGone']);
  });

  test('still short after converting every Point: money set to zero, nothing produced, the Blueprint stays for next nweek', () => {
    const e = auction(20);
    e.wallets[0]!.score = 2;
    soleBid(e, 0, 50);
    settleAuctions(e, ctx());
    expect(e.wallets[0]).toEqual({ money: 0, score: 0 });
    expect(e.devices).toEqual([]);
    expect(findBlueprint(e, 'Statue')).toMatchObject({ count: 1, winner: null });
    openBidding(e, ctx());
    expect(findBlueprint(e, 'Statue')).toMatchObject({ price: 30, biddingOpen: true });
  });

  test('uniqueness: no bid for a Device one cannot hold, and a breach at production voids the win without charge', () => {
    const e = engine([
      { name: 'Press', price: 10, uniqueness: 'Player', count: 3 },
      { name: 'Press Two', price: 10, count: 1 },
    ]);
    ok(purchase(e, 0, 'Press', ctx()));
    const b = findBlueprint(e, 'Press')!;
    b.count = 1;
    b.biddable = true;
    b.startingPrice = 10;
    openBidding(e, ctx());
    expect(bid(e, 0, 'Press', 20, ctx())?.code).toBe('UNIQUENESS');
    ok(bid(e, 1, 'Press', 20, ctx()));
    closeBidding(e, ctx());
    // Seat 1 gets a Press some other way before Thirnight.
    e.devices.push({ ...e.devices[0]!, id: 99, owner: 1 });
    settleAuctions(e, ctx());
    expect(e.wallets[1]!.money).toBe(100);
    expect(e.devices.filter((d) => d.owner === 1)).toHaveLength(1);
  });
});
