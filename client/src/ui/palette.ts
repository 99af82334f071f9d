/**
 * The site's colours (ui/base.css: --bg, --text, --muted, --gold, --red, --teal) as Phaser numbers,
 * for scenes and the art drawn on canvases.
 */
export const PALETTE = {
  bg: 0x15171b,
  text: 0xf2efe6,
  muted: 0x9aa1ab,
  gold: 0xe0b84f,
  red: 0xe2553f,
  teal: 0x4fb7a8,
} as const;
