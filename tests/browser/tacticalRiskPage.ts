/// <reference lib="dom" />
/**
 * Reading and driving a Tactical Risk page in browser tests and tools: what the table shows the
 * page's seat (`seen`), the scene's test hooks (`tr`: focus, screenOf, ...), a raw send, a wait on
 * the table's state, and a tap on a territory where the camera shows it.
 */
import type { Page } from 'playwright-core';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type TrAction = { type: string; [k: string]: any };
export interface TrSeen {
  status: string;
  /** The page's seat (-1: none yet). */
  mySeat: number;
  /** The seat is handed to the AI while its person stays connected ("Let the AI play"). */
  handedOver: boolean;
  round: number;
  faction: string;
  phase: string;
  legal: TrAction[];
  /** The open battle's prompt kind ('' when none waits). */
  prompt: string;
  /** The open battle's territory ('' when none is open). */
  battle: string;
  battles: string[];
  /** The factions this seat plays. */
  mine: string[];
  factions: {
    name: string;
    seat: number;
    treasury: number;
    income: number;
    capitalHeld: boolean;
    out: boolean;
  }[];
  winner: string;
  territories: Record<string, any>;
}

export const seen = (page: Page): Promise<TrSeen> =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    const seat = s?.seats?.[s?.mySeat];
    return {
      status: s?.status ?? '',
      mySeat: s?.mySeat ?? -1,
      handedOver: !!seat?.botControlled && !!seat?.connected,
      round: pub?.round ?? 0,
      faction: pub?.faction ?? '',
      phase: pub?.phase ?? '',
      legal: s?.legal ?? [],
      prompt: pub?.battle?.promptKind ?? '',
      battle: pub?.battle?.territory ?? '',
      battles: pub?.battles ?? [],
      mine: s?.view?.private?.factions ?? [],
      factions: pub?.factions ?? [],
      winner: pub?.winner ? `${pub.winner.factions.join(' & ')}: ${pub.winner.reason}` : '',
      territories: pub?.territories ?? {},
    };
  });

/** Calls one of the scene's test hooks (`window.__parlor.tacticalRisk`). */
export const tr = (page: Page, fn: string, ...args: unknown[]) =>
  page.evaluate(
    ([f, a]) => (window as any).__parlor.tacticalRisk[f as string](...(a as unknown[])),
    [fn, args],
  );
export const send = (page: Page, a: TrAction) =>
  page.evaluate((x) => (window as any).__parlor.table.send(x), a);
/* eslint-enable @typescript-eslint/no-explicit-any */

export async function waitFor(
  page: Page,
  what: string,
  test: (s: TrSeen) => boolean,
  timeout = 20_000,
): Promise<TrSeen> {
  const until = Date.now() + timeout;
  for (;;) {
    const s = await seen(page);
    if (test(s)) return s;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what} (${s.faction} ${s.phase})`);
    await page.waitForTimeout(50);
  }
}

/** Taps a territory where the camera shows it (a touch tap on a phone). */
export async function tapTerritory(page: Page, name: string, touch: boolean, settleMs = 100): Promise<void> {
  await tr(page, 'focus', name, 0.9);
  await page.waitForTimeout(settleMs);
  const at = (await tr(page, 'screenOf', name)) as { x: number; y: number } | null;
  if (!at) throw new Error(`${name} is not on screen`);
  if (touch) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
}
