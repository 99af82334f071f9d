/**
 * What winning a bid would do to a player who cannot pay it today (docs/rules/devices.md, Bidding):
 * the shortfall converts Points to mackerel one at a time; still short after the last Point, the
 * mackerel goes to 0 and nothing is produced. The client shows it on the Bid button.
 */
export function overbidWarning(
  money: number,
  points: number,
  amount: number,
  pointValue: number,
): string | null {
  if (amount <= money) return null;
  const need = Math.ceil((amount - money) / pointValue);
  if (need <= points)
    return `You have m${money}: winning at m${amount} turns ${need} of your ${points} Point${points === 1 ? '' : 's'} into mackerel to pay`;
  return `You have m${money} and ${points} Point${points === 1 ? '' : 's'}: winning at m${amount} costs you ${points ? 'every Point and ' : ''}all your mackerel, and no Device is made`;
}
