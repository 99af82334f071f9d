/**
 * The server's clock as seen from this page, NTP-style: a few `ping`s when a table connects, then
 * one now and then; each answer gives offset = serverTime - (sent + received) / 2, and the answer
 * with the shortest round trip among the recent ones wins (a busy device or network only ever
 * lengthens a round trip, so the shortest is the least wrong). The welcome's serverTime is only a
 * first guess, until a ping has come back: a welcome that arrived late would skew every countdown
 * for the whole match.
 */
import type { PongMessage } from '@parlor/shared/core/protocol';

interface Sample {
  offset: number;
  rtt: number;
  at: number;
}

/** Ping times after (re)connecting, then PERIOD_MS apart. */
const BURST_MS = [0, 500, 1000, 2000, 3500, 6000];
const PERIOD_MS = 15_000;
const KEEP = 8;
/** Old samples go: clocks drift, and a laptop may sleep. */
const MAX_AGE_MS = 3 * 60_000;
/** An offset change smaller than this is not worth redrawing for. */
const NOTICE_MS = 20;

export class ClockSync {
  private samples: Sample[] = [];
  private guess: number | null = null;
  private pending = new Map<number, number>();
  private nextId = 1;
  private timer = 0;
  private step = 0;
  private current = 0;

  constructor(
    private readonly sendPing: (id: number) => void,
    private readonly onChange: (offset: number) => void,
  ) {}

  /** Server clock minus this page's clock, in ms: serverTime = Date.now() + offset. */
  get offset(): number {
    return this.current;
  }

  /** The best round trip so far (Infinity before any answer): for tests and bug reports. */
  get bestRtt(): number {
    return this.best()?.rtt ?? Infinity;
  }

  /** A connection (re)opened: measure again, quickly at first. */
  start(): void {
    this.stop();
    this.step = 0;
    this.tick();
  }

  stop(): void {
    window.clearTimeout(this.timer);
    this.pending.clear();
  }

  /** The welcome's serverTime: a first guess of unknown round trip, used until a ping answers. */
  welcome(serverTime: number): void {
    if (!(serverTime > 0)) return;
    this.guess = serverTime - Date.now();
    this.update();
  }

  pong(msg: PongMessage): void {
    const sent = this.pending.get(msg?.id);
    if (sent === undefined || typeof msg.serverTime !== 'number') return;
    this.pending.delete(msg.id);
    const now = Date.now();
    const rtt = now - sent;
    if (rtt < 0) return; // the page's clock was set back meanwhile
    this.samples.push({ offset: msg.serverTime - (sent + now) / 2, rtt, at: now });
    if (this.samples.length > KEEP) this.samples.shift();
    this.update();
  }

  private tick(): void {
    const id = this.nextId++;
    this.pending.set(id, Date.now());
    if (this.pending.size > KEEP) this.pending.delete(this.pending.keys().next().value as number);
    this.sendPing(id);
    const delay =
      this.step < BURST_MS.length - 1 ? BURST_MS[this.step + 1]! - BURST_MS[this.step]! : PERIOD_MS;
    this.step++;
    this.timer = window.setTimeout(() => this.tick(), delay);
  }

  private best(): Sample | undefined {
    const now = Date.now();
    this.samples = this.samples.filter((s) => now - s.at < MAX_AGE_MS && s.at <= now);
    let best: Sample | undefined;
    for (const s of this.samples) if (!best || s.rtt < best.rtt) best = s;
    return best;
  }

  private update(): void {
    const next = this.best()?.offset ?? this.guess ?? 0;
    if (Math.abs(next - this.current) < NOTICE_MS && (this.samples.length > 1 || next === this.current))
      return;
    this.current = next;
    this.onChange(next);
  }
}

/** Milliseconds left until `deadline` (local epoch ms, as in TableSnapshot), never negative; 0 = none. */
export function msLeft(deadline: number, now = Date.now()): number {
  return deadline > 0 ? Math.max(0, deadline - now) : 0;
}

/** Whole seconds left, as every countdown shows them (rounded up: "1 s" until the very end). */
export function secondsLeft(deadline: number, now = Date.now()): number {
  return Math.ceil(msLeft(deadline, now) / 1000);
}
