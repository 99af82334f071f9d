/** Little DOM pieces used across Devices' widgets. */
import { h } from '../../ui/dom';
import { SEAT_COLORS } from './format';

/** A Power as the RFC writes it, its name in bold: `Coin (Tap): Gain m6`. */
/** A Power's text as shown: the Cost "Lose 1" says what is lost ("Lose 1 Point"). */
export function powerDisplay(text: string): string {
  return text.replace(
    /([(,]\s*)Lose (\w+)(?=\s*[,)])/gi,
    (_, pre: string, n: string) => `${pre}Lose ${n} Point${n === '1' ? '' : 's'}`,
  );
}

/** One of the market's titled sections (class `dv-section dv-<kind>`): its heading over `body`. */
export function marketSection(kind: string, testid: string, title: string, body: HTMLElement): HTMLElement {
  return h('section', { class: `dv-section dv-${kind}`, testid }, h('h3', { text: title }), body);
}

export function powerLine(raw: string): HTMLElement {
  const text = powerDisplay(raw);
  const cut = text.indexOf(' (');
  const name = cut > 0 ? text.slice(0, cut) : text;
  return h('div', { class: 'dv-power-text' }, h('b', { text: name }), cut > 0 ? text.slice(cut) : '');
}

/** A player's name with their seat colour (a dot: the name always says who it is). */
export function seatTag(name: string, seat: number): HTMLElement {
  return h(
    'span',
    { class: 'dv-seat' },
    h('i', { class: 'dv-dot', style: { background: SEAT_COLORS[seat % SEAT_COLORS.length]! } }),
    name,
  );
}

/** Attributes and Properties (the Additional Device Definition): "colour = gold · Shiny", or null. */
export function traitsLine(
  attributes: Record<string, string | number> | undefined,
  properties: readonly string[] | undefined,
): HTMLElement | null {
  const parts = [...Object.entries(attributes ?? {}).map(([k, v]) => `${k} = ${v}`), ...(properties ?? [])];
  if (!parts.length) return null;
  return h('div', {
    class: 'dv-traits',
    text: parts.join(' · '),
    title: 'Attributes and Properties every Device of this Blueprint gets',
  });
}
