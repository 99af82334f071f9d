/**
 * James Bland's cartoon props, drawn on canvases at load time: six agents (trench coat, fedora,
 * shades, each in their own colours), a piano, an anvil, a custard pie, a roller skate, a bear
 * trap and the biplane. Thick dark outlines and flat colours: Saturday-morning slapstick.
 */
import type { TextureJob } from '../../scenes/textures';

export const INK = '#1d1a16';
export const COAT = ['#c9a227', '#3f7fbf', '#c0504d', '#4f9a5a', '#8a5fb5', '#d9822b'];
const SKIN = ['#f2c9a0', '#d9a477', '#a86f4c', '#f5d3b3', '#7b4a2e', '#e8b890'];
const HAT = ['#5b4636', '#2c3e50', '#6d2d2d', '#2f4f2f', '#3b2a4f', '#4a3b28'];

export const AGENT_SIZE = 128;
export const agentKey = (seat: number) => `jb-agent-${seat % 6}`;

function outline(ctx: CanvasRenderingContext2D, w = 4): void {
  ctx.lineWidth = w;
  ctx.strokeStyle = INK;
  ctx.lineJoin = 'round';
  ctx.stroke();
}

/** One shape of a prop: its path, filled with `fill`, outlined in ink `w` wide. */
function fillShape(ctx: CanvasRenderingContext2D, fill: string, w: number, path: () => void): void {
  ctx.beginPath();
  path();
  ctx.fillStyle = fill;
  ctx.fill();
  outline(ctx, w);
}

/** A prop's texture job: its key, its canvas size and how it is drawn. */
function prop(key: string, width: number, height: number, draw: TextureJob['draw']): TextureJob {
  return { key, width, height, draw };
}

/** Adds straight lines through the points `[x, y]` to the current path, from the first point on. */
function lines(ctx: CanvasRenderingContext2D, ...points: [number, number][]): void {
  const [first, ...rest] = points;
  ctx.moveTo(...first!);
  for (const p of rest) ctx.lineTo(...p);
}

function agent(seat: number): TextureJob {
  return {
    key: agentKey(seat),
    width: AGENT_SIZE,
    height: AGENT_SIZE,
    draw(ctx) {
      // Trench coat with a collar.
      fillShape(ctx, COAT[seat]!, 4, () => {
        ctx.moveTo(18, 128);
        ctx.quadraticCurveTo(22, 86, 64, 82);
        ctx.quadraticCurveTo(106, 86, 110, 128);
        ctx.closePath();
      });
      fillShape(ctx, '#f4efe3', 3, () => {
        lines(ctx, [48, 86], [64, 112], [80, 86]);
      });
      // Head.
      fillShape(ctx, SKIN[seat]!, 4, () => ctx.ellipse(64, 62, 27, 29, 0, 0, Math.PI * 2));
      // Shades.
      ctx.fillStyle = INK;
      ctx.beginPath();
      ctx.roundRect(40, 56, 21, 12, 5);
      ctx.roundRect(67, 56, 21, 12, 5);
      ctx.fill();
      ctx.fillRect(58, 59, 12, 3);
      ctx.fillStyle = 'rgba(255,255,255,0.55)';
      ctx.fillRect(44, 58, 6, 3);
      ctx.fillRect(71, 58, 6, 3);
      // Sly grin.
      ctx.beginPath();
      ctx.moveTo(52, 78);
      ctx.quadraticCurveTo(66, 86, 78, 75);
      outline(ctx, 3);
      // Fedora.
      fillShape(ctx, HAT[seat]!, 4, () => ctx.ellipse(64, 40, 44, 9, -0.05, 0, Math.PI * 2));
      ctx.beginPath();
      ctx.moveTo(40, 40);
      ctx.quadraticCurveTo(40, 10, 64, 12);
      ctx.quadraticCurveTo(88, 10, 88, 40);
      ctx.closePath();
      ctx.fill();
      outline(ctx);
      ctx.fillStyle = COAT[seat]!;
      ctx.fillRect(41, 30, 46, 7);
    },
  };
}

const piano = prop('jb-piano', 120, 100, (ctx) => {
  fillShape(ctx, '#2a2420', 4, () => ctx.roundRect(8, 10, 104, 62, 10));
  ctx.fillStyle = '#f7f3ea';
  ctx.fillRect(16, 50, 88, 18);
  ctx.fillStyle = INK;
  for (let i = 0; i < 11; i++) ctx.fillRect(16 + i * 8, 50, 1.5, 18);
  for (let i = 0; i < 10; i++) if (i % 7 !== 2 && i % 7 !== 6) ctx.fillRect(21 + i * 8, 50, 5, 10);
  ctx.fillStyle = '#2a2420';
  ctx.fillRect(18, 72, 8, 24);
  ctx.fillRect(94, 72, 8, 24);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 3;
  ctx.strokeRect(18, 72, 8, 24);
  ctx.strokeRect(94, 72, 8, 24);
  ctx.fillStyle = '#c9a227';
  ctx.font = 'bold 16px sans-serif';
  ctx.fillText('♪ ♫', 40, 38);
});

const anvil = prop('jb-anvil', 110, 80, (ctx) => {
  fillShape(ctx, '#5d6670', 4, () => {
    lines(ctx, [6, 14], [104, 14], [104, 30]);
    ctx.quadraticCurveTo(72, 32, 70, 46);
    ctx.lineTo(82, 70);
    ctx.lineTo(28, 70);
    ctx.lineTo(40, 46);
    ctx.quadraticCurveTo(36, 32, 18, 30);
    ctx.closePath();
  });
  ctx.fillStyle = '#f4efe3';
  ctx.font = 'bold 15px sans-serif';
  ctx.fillText('ACME', 36, 28);
});

const pie = prop('jb-pie', 96, 70, (ctx) => {
  fillShape(ctx, '#c98a3b', 4, () => {
    lines(ctx, [8, 36], [88, 36], [78, 62], [18, 62]);
    ctx.closePath();
  });
  fillShape(ctx, '#fff6d8', 4, () => {
    ctx.moveTo(6, 38);
    ctx.bezierCurveTo(10, 4, 86, 4, 90, 38);
    ctx.closePath();
  });
  fillShape(ctx, '#d62839', 3, () => ctx.arc(48, 14, 7, 0, Math.PI * 2));
});

const skate = prop('jb-skate', 100, 80, (ctx) => {
  fillShape(ctx, '#e04f8a', 4, () => {
    lines(ctx, [20, 8], [48, 8], [50, 36]);
    ctx.quadraticCurveTo(88, 38, 90, 54);
    ctx.lineTo(14, 56);
    ctx.closePath();
  });
  ctx.fillStyle = '#f4efe3';
  ctx.fillRect(22, 16, 24, 4);
  ctx.fillRect(22, 26, 24, 4);
  for (const x of [26, 52, 78]) {
    fillShape(ctx, '#f2c230', 3, () => ctx.arc(x, 66, 10, 0, Math.PI * 2));
  }
});

const trap = prop('jb-trap', 110, 70, (ctx) => {
  fillShape(ctx, '#6b6f75', 4, () => ctx.ellipse(55, 56, 48, 10, 0, 0, Math.PI * 2));
  for (const dir of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(10, 52);
    ctx.quadraticCurveTo(55, 52 + dir * 44, 100, 52);
    ctx.strokeStyle = '#9aa0a6';
    ctx.lineWidth = 6;
    ctx.stroke();
    for (let i = 0; i < 7; i++) {
      const x = 22 + i * 11;
      const y = 52 + dir * (i === 0 || i === 6 ? 24 : 32);
      fillShape(ctx, '#d8dde2', 2, () => {
        lines(ctx, [x - 4, y], [x, y - dir * 12], [x + 4, y]);
      });
    }
  }
});

const plane = prop('jb-plane', 150, 90, (ctx) => {
  // Fuselage.
  fillShape(ctx, '#d62839', 4, () => {
    ctx.moveTo(10, 46);
    ctx.quadraticCurveTo(60, 30, 120, 40);
    ctx.lineTo(130, 54);
    ctx.quadraticCurveTo(60, 64, 10, 52);
    ctx.closePath();
  });
  // Wings.
  for (const y of [22, 62]) {
    fillShape(ctx, '#f2c230', 3, () => ctx.roundRect(58, y, 40, 9, 4));
  }
  ctx.beginPath();
  ctx.moveTo(66, 31);
  ctx.lineTo(66, 62);
  ctx.moveTo(90, 31);
  ctx.lineTo(90, 62);
  outline(ctx, 3);
  // Tail and propeller.
  fillShape(ctx, '#d62839', 3, () => {
    lines(ctx, [12, 46], [6, 26], [24, 42]);
  });
  fillShape(ctx, '#9aa0a6', 2, () => ctx.ellipse(136, 47, 4, 20, 0, 0, Math.PI * 2));
  // Pilot's goggles.
  fillShape(ctx, '#5b4636', 3, () => ctx.arc(84, 34, 8, Math.PI, 0));
});

export function jamesBlandTextures(): TextureJob[] {
  return [0, 1, 2, 3, 4, 5].map(agent).concat([piano, anvil, pie, skate, trap, plane]);
}

/** The prop that lands on a target for each offense (the design's cartoon, or the nearest one). */
export const PROP_FOR: Record<string, string> = {
  assassination: 'jb-piano',
  sabotage: 'jb-pie',
  resourceDenial: 'jb-anvil',
  networkAttack: 'jb-anvil',
  exposure: 'jb-pie',
  misinformation: 'jb-pie',
  capture: 'jb-trap',
  infiltration: 'jb-skate',
  assetTheft: 'jb-anvil',
  falseFlag: 'jb-pie',
  surveillance: 'jb-skate',
};
/** Defenses with a prop of their own, shown at the defender on the reveal. */
export const DEFENSE_PROP: Record<string, string> = {
  mobileOperations: 'jb-skate',
  honeypot: 'jb-trap',
};
