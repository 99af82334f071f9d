/**
 * The starter Blueprints, written as proposals are (Powers as text), so the first nweek already has
 * income (Mint), Points (Printing Press, Lucky Charm), an auction (Golden Statue, Biddable from
 * Breakday), attacks (Pickpocket, Wrench, Bomb) and a Point-to-mackerel deal better than the bank's
 * (Fish Stall), several with limited counts that turn Biddable when one is left.
 */
import type { ProposalSpec } from './types';

export const STARTER_BLUEPRINTS: readonly ProposalSpec[] = [
  { name: 'Mint', uniqueness: 'Non-Unique', count: 'Infinite', price: 20, powers: ['Coin (Tap): Gain m6'] },
  {
    name: 'Printing Press',
    uniqueness: 'Player',
    count: 'Infinite',
    price: 30,
    powers: ['Print (Tap, Spend m5): Gain 2 Points'],
  },
  {
    name: 'Lucky Charm',
    uniqueness: 'Player',
    count: 'Infinite',
    price: 5,
    powers: ['Wish (Sacrifice): Gain 1 Point'],
  },
  {
    name: 'Golden Statue',
    uniqueness: 'Game',
    count: 1,
    price: 25,
    powers: ['Admire (Tap): Gain 3 Points'],
  },
  {
    name: 'Pickpocket',
    uniqueness: 'Non-Unique',
    count: 4,
    price: 15,
    powers: ['Lift (Tap): Take m4 from target Player'],
  },
  {
    name: 'Wrench',
    uniqueness: 'Non-Unique',
    count: 'Infinite',
    price: 10,
    powers: ['Jam (Tap, Spend m2): Tap target Device'],
  },
  {
    name: 'Bomb',
    uniqueness: 'Non-Unique',
    count: 3,
    price: 25,
    powers: ['Blast (Requires Wrench, Sacrifice): Destroy target Device'],
  },
  { name: 'Fish Stall', uniqueness: 'Non-Unique', count: 6, price: 12, powers: ['Sell (Lose 1): Gain m8'] },
];
