/** Writing money and score for logs and Power text. */
import type { Amount, Units } from './types';

export const MACKEREL: Units = {
  moneyName: 'mackerel',
  moneyPrefix: 'm',
  moneySuffix: '',
  scoreOne: 'Point',
  scoreMany: 'Points',
  pointValue: 5,
};

export function money(units: Units, amount: Amount): string {
  return `${units.moneyPrefix}${amount}${units.moneySuffix}`;
}

export function score(units: Units, amount: Amount): string {
  return `${amount} ${amount === 1 ? units.scoreOne : units.scoreMany}`;
}
