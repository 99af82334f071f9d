/**
 * The James Bland agent cards in Phaser: a box with the status border, the avatar and the text
 * objects, placed from agentLayout.ts and filled from agentText.ts. Texts that do not fit shrink
 * (to 8 px) or are left out: everything stays inside its card.
 */
import Phaser from 'phaser';
import { textResolution } from '../cardCanvas';
import type { AgentCardPlace, CardMode, TextPlace } from './agentLayout';
import { type AgentText, STATUS_COLOUR } from './agentText';
import { AGENT_SIZE, agentKey } from './art';

export const FONT = 'Inter, system-ui, sans-serif';

export interface AgentCard {
  box: Phaser.GameObjects.Graphics;
  avatar: Phaser.GameObjects.Image;
  name: Phaser.GameObjects.Text;
  status: Phaser.GameObjects.Text;
  markers: Phaser.GameObjects.Text;
  badge: Phaser.GameObjects.Text;
  hits: Phaser.GameObjects.Text;
  x: number;
  y: number;
  w: number;
  h: number;
  small: boolean;
  mode: CardMode;
  textX: number;
  textW: number;
  nameSize: number;
  statusSize: number;
}

export function makeAgentCard(scene: Phaser.Scene, seat: number): AgentCard {
  const res = textResolution();
  const t = (size: number, weight: string, color: string) =>
    scene.add
      .text(0, 0, '', {
        fontFamily: FONT,
        fontSize: `${size}px`,
        fontStyle: weight,
        color,
        resolution: res,
        align: 'center',
      })
      .setOrigin(0.5, 0);
  return {
    box: scene.add.graphics(),
    avatar: scene.add.image(0, 0, agentKey(seat)),
    name: t(15, '800', '#2a2118'),
    status: t(11, '800', '#2a2118'),
    markers: t(11, '700', '#7a2a1a'),
    badge: t(11, '800', '#ffffff').setOrigin(1, 0),
    hits: t(11, '600', '#2a2118'),
    x: 0,
    y: 0,
    w: AGENT_SIZE,
    h: AGENT_SIZE,
    small: false,
    mode: 'tall',
    textX: 0,
    textW: AGENT_SIZE,
    nameSize: 15,
    statusSize: 11,
  };
}

export function setCardVisible(c: AgentCard, visible: boolean): void {
  for (const o of [c.box, c.avatar, c.name, c.status, c.markers, c.badge, c.hits]) o.setVisible(visible);
}

function placeText(t: Phaser.GameObjects.Text, p: TextPlace): void {
  t.setPosition(p.x, p.y).setFontSize(p.size);
  if (p.wrap !== undefined) t.setWordWrapWidth(p.wrap);
  if (p.maxLines !== undefined) t.setMaxLines(p.maxLines);
  if (p.visible !== undefined) t.setVisible(p.visible);
}

/** Moves a (visible) card to its place and sets its text layout. */
export function placeAgentCard(c: AgentCard, p: AgentCardPlace): void {
  Object.assign(c, {
    x: p.x,
    y: p.y,
    w: p.w,
    h: p.h,
    small: p.small,
    mode: p.mode,
    textX: p.textX,
    textW: p.textW,
    nameSize: p.nameSize,
    statusSize: p.statusSize,
  });
  c.avatar.setDisplaySize(p.avatar.size, p.avatar.size).setPosition(p.avatar.x, p.avatar.y);
  for (const t of [c.name, c.status]) t.setOrigin(p.textOriginX, 0);
  if (p.name) c.name.setPosition(p.name.x, p.name.y);
  if (p.status) c.status.setPosition(p.status.x, p.status.y);
  if (p.badge) c.badge.setPosition(p.badge.x, p.badge.y);
  c.badge.setFontSize(p.badgeSize);
  if (p.markers) placeText(c.markers, p.markers);
  else c.markers.setVisible(false);
  if (p.hits) placeText(c.hits, p.hits);
  else c.hits.setVisible(false);
}

/** Draws a card's box (status-coloured border; yours a warmer paper) and its texts. */
export function fillAgentCard(
  c: AgentCard,
  text: AgentText,
  opts: { mine: boolean; status: keyof typeof STATUS_COLOUR; ghost: boolean; hitLines: string[] },
): void {
  const colour = Phaser.Display.Color.HexStringToColor(STATUS_COLOUR[opts.status]).color;
  c.box.clear();
  c.box.fillStyle(0x000000, 0.18).fillRoundedRect(c.x + 4, c.y + 5, c.w, c.h, 14);
  c.box.fillStyle(opts.mine ? 0xfff8e4 : 0xfffdf6, 1).fillRoundedRect(c.x, c.y, c.w, c.h, 14);
  c.box.lineStyle(7, colour, 1).strokeRoundedRect(c.x + 3, c.y + 3, c.w - 6, c.h - 6, 12);
  c.box.lineStyle(2, 0x1d1a16, 1).strokeRoundedRect(c.x, c.y, c.w, c.h, 14);
  c.avatar.setAlpha(opts.ghost ? 0.35 : 1).setTint(opts.status === 'captured' ? 0xb0b0b0 : 0xffffff);
  c.name.setText(text.name);
  c.status.setText(text.status).setColor(text.statusColour);
  fitMarkers(c.markers, text.markers);
  c.badge.setText(text.badge).setBackgroundColor(text.badgeColour);
  // Everything stays inside the card: long names and statuses shrink, markers that do not fit
  // below them are left out (the warning strip and the dossier carry them too).
  if (c.mode === 'strip' || c.mode === 'line') {
    placeShortCardText(c);
    return;
  }
  shrinkToWidth(c.name, c.nameSize, c.textW);
  shrinkToWidth(c.status, c.statusSize, c.textW);
  c.markers.setVisible(c.markers.y + c.markers.height <= c.y + c.h - 3);
  // The hits go under the markers, as many lines as fit.
  if (c.hits.visible) {
    c.hits.setY(c.markers.text ? c.markers.y + c.markers.height + 2 : c.markers.y);
    fitLines(c.hits, opts.hitLines, c.y + c.h - 6 - c.hits.y);
  }
}

/**
 * The markers ("EXPOSED · ASSETS 2"), as many whole ones as fit the text's lines: a line cut after
 * "EXPOSED ·" said there was more without saying what (the warning strip and dossier carry them all).
 */
function fitMarkers(t: Phaser.GameObjects.Text, markers: string): void {
  const items = markers ? markers.split(' · ') : [];
  const max = t.style.maxLines;
  while (items.length > 1 && max > 0 && t.getWrappedText(items.join(' · ')).length > max) items.pop();
  t.setText(items.join(' · '));
}

/** For the browser tests: the card's texts that poke out of it, and markers cut by their line limit. */
export function textOutside(c: AgentCard): string[] {
  const max = c.markers.style.maxLines;
  const cut =
    c.markers.visible && max > 0 && c.markers.getWrappedText().length > max ? [`cut: ${c.markers.text}`] : [];
  return [c.name, c.status, c.markers, c.badge, c.hits]
    .flatMap((t) => {
      if (!t.visible || !t.text) return [];
      const b = t.getBounds();
      const inside =
        b.x >= c.x - 1 && b.y >= c.y - 1 && b.right <= c.x + c.w + 1 && b.bottom <= c.y + c.h + 1;
      return inside ? [] : [t.text.replace(/\n/g, ' / ')];
    })
    .concat(cut);
}

/**
 * Shrinks a one-line text (down to 8 px) until it is at most `maxW` wide; what still does not fit
 * at 8 px (a long code name on a narrow card) is cut with an ellipsis, so nothing pokes out.
 */
function shrinkToWidth(t: Phaser.GameObjects.Text, size: number, maxW: number): void {
  t.setFontSize(size);
  for (let s = size - 1; s >= 8 && t.width > maxW; s--) t.setFontSize(s);
  if (t.width <= maxW) return;
  const full = t.text;
  for (let n = full.length - 1; n > 0 && t.width > maxW; n--) t.setText(`${full.slice(0, n).trimEnd()}…`);
}

/**
 * A card too short for the rows under or beside the avatar: the name with the badge at the right
 * of its row, the status under it (`strip`) or after the name on the same row (`line`), the whole
 * centred in the card's height. Fonts shrink (to 8 px) until each piece fits its width.
 */
function placeShortCardText(c: AgentCard): void {
  const right = c.x + c.w - 8;
  const badgeW = c.badge.text ? c.badge.width + 6 : 0;
  const rowW = right - c.textX - badgeW;
  if (c.mode === 'strip') {
    shrinkToWidth(c.name, c.nameSize, rowW);
    shrinkToWidth(c.status, c.statusSize, c.textW);
    const top = c.y + Math.max(3, (c.h - c.name.height - c.status.height) / 2);
    c.name.setPosition(c.textX, top);
    c.status.setPosition(c.textX, top + c.name.height);
  } else {
    shrinkToWidth(c.status, c.statusSize, rowW * 0.45);
    shrinkToWidth(c.name, c.nameSize, rowW - c.status.width - 6);
    const top = c.y + (c.h - c.name.height) / 2;
    c.name.setPosition(c.textX, top);
    c.status.setPosition(c.textX + c.name.width + 6, top + (c.name.height - c.status.height) / 2);
  }
  const nameH = c.name.height;
  c.badge.setPosition(right + 2, c.name.y + Math.max(0, (nameH - c.badge.height) / 2));
}

/**
 * Sets as many of `lines` as fit in `maxH` pixels (wrapped lines count); when some are left out the
 * last line says where they all are (the round recap).
 */
export function fitLines(t: Phaser.GameObjects.Text, lines: string[], maxH: number): void {
  t.setText(lines.join('\n'));
  if (t.height <= maxH || lines.length === 0) return;
  for (let keep = lines.length - 1; keep >= 0; keep--) {
    const shown = [...lines.slice(0, keep), keep === 0 ? 'see the recap' : '… all in the recap'];
    t.setText(shown.join('\n'));
    if (t.height <= maxH) return;
  }
  t.setText('');
}
