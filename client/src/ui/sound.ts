/**
 * Small synthesised sounds (WebAudio, nothing downloaded). The mute setting is remembered.
 * The AudioContext starts on the first user gesture, as browsers require.
 */
import { prefs } from './storage';

export type SoundName = 'draw' | 'bank' | 'bust' | 'special' | 'tick' | 'turn' | 'win' | 'yourTurn';

let ctx: AudioContext | null = null;
const listeners = new Set<(muted: boolean) => void>();

function audio(): AudioContext | null {
  if (prefs.muted) return null;
  if (!ctx) {
    const Ctor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    ctx = new Ctor();
  }
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

function tone(
  a: AudioContext,
  freq: number,
  start: number,
  dur: number,
  opts: { type?: OscillatorType; gain?: number; to?: number } = {},
): void {
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = opts.type ?? 'sine';
  osc.frequency.setValueAtTime(freq, a.currentTime + start);
  if (opts.to) osc.frequency.exponentialRampToValueAtTime(opts.to, a.currentTime + start + dur);
  const peak = opts.gain ?? 0.12;
  g.gain.setValueAtTime(0.0001, a.currentTime + start);
  g.gain.exponentialRampToValueAtTime(peak, a.currentTime + start + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + start + dur);
  osc.connect(g).connect(a.destination);
  osc.start(a.currentTime + start);
  osc.stop(a.currentTime + start + dur + 0.02);
}

function noise(a: AudioContext, dur: number, gain: number): void {
  const len = Math.floor(a.sampleRate * dur);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
  const src = a.createBufferSource();
  src.buffer = buf;
  const filter = a.createBiquadFilter();
  filter.type = 'highpass';
  filter.frequency.value = 2400;
  const g = a.createGain();
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(a.destination);
  src.start();
}

export function play(name: SoundName): void {
  const a = audio();
  if (!a) return;
  switch (name) {
    case 'draw':
      noise(a, 0.09, 0.25);
      tone(a, 660, 0.02, 0.06, { type: 'triangle', gain: 0.05 });
      break;
    case 'bank':
      tone(a, 988, 0, 0.12, { type: 'triangle', gain: 0.1 });
      tone(a, 1319, 0.08, 0.25, { type: 'triangle', gain: 0.1 });
      break;
    case 'bust':
      tone(a, 220, 0, 0.45, { type: 'sawtooth', gain: 0.08, to: 70 });
      tone(a, 233, 0, 0.45, { type: 'square', gain: 0.03, to: 80 });
      break;
    case 'special':
      [523, 659, 784, 1047].forEach((f, i) => tone(a, f, i * 0.06, 0.18, { type: 'sine', gain: 0.07 }));
      break;
    case 'tick':
      tone(a, 1200, 0, 0.03, { type: 'square', gain: 0.03 });
      break;
    case 'turn':
      tone(a, 740, 0, 0.1, { type: 'sine', gain: 0.06 });
      break;
    case 'yourTurn':
      // Party mode's chime (off unless the player turns it on): louder than 'turn', heard across a room.
      [880, 1175, 1568].forEach((f, i) => tone(a, f, i * 0.12, 0.22, { type: 'triangle', gain: 0.16 }));
      break;
    case 'win':
      [523, 659, 784, 1047, 1319].forEach((f, i) =>
        tone(a, f, i * 0.09, 0.3, { type: 'triangle', gain: 0.08 }),
      );
      break;
  }
}

export function isMuted(): boolean {
  return prefs.muted;
}

export function setMuted(muted: boolean): void {
  prefs.muted = muted;
  if (muted && ctx) void ctx.suspend();
  for (const fn of listeners) fn(muted);
}

export function onMuteChange(fn: (muted: boolean) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
