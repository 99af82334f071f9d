/**
 * "Your turn" reaches the player: when it becomes this seat's turn, or a prompt waits for it, the
 * phone vibrates briefly (where the browser can) and, if the player turned it on, a chime plays.
 * The page title already says so (app/title.ts); this is for a phone lying on the sofa.
 */
import type { TableSnapshot } from '../net/TableConnection';
import { h } from '../ui/dom';
import { play } from '../ui/sound';
import { prefs } from '../ui/storage';

/** This screen's seat is due to act now (a seat whose legal list is empty is not). */
export function isDue(s: Pick<TableSnapshot, 'status' | 'mySeat' | 'toAct' | 'legal'>): boolean {
  return s.status === 'playing' && s.mySeat >= 0 && s.toAct.includes(s.mySeat) && s.legal.length > 0;
}

/**
 * Whether to alert at this snapshot: the seat became due (it was not at the last one). The first
 * snapshot of a connection never alerts: the page was just opened (or reloaded) by the player.
 */
export function shouldAlert(prev: boolean | null, now: boolean): boolean {
  return prev === false && now;
}

export const VIBRATE_MS = 180;

export class TurnAlert {
  private was: boolean | null = null;
  /** How many times it alerted (tests read it through the table's debug hook). */
  count = 0;

  constructor(private readonly enabled: boolean) {}

  update(s: TableSnapshot): void {
    const due = isDue(s);
    const alert = shouldAlert(this.was, due);
    this.was = due;
    if (!alert || !this.enabled) return;
    this.count++;
    if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATE_MS);
    if (prefs.turnChime) play('yourTurn');
  }

  /** The side panel's switch for the chime. */
  static chimeToggle(): HTMLElement {
    const box = h('input', { testid: 'turn-chime', attrs: { type: 'checkbox' } });
    box.checked = prefs.turnChime;
    box.addEventListener('change', () => {
      prefs.turnChime = box.checked;
      if (box.checked) play('yourTurn');
    });
    return h('label', { class: 'turn-chime' }, box, ' Chime when it is my turn');
  }
}
