#!/usr/bin/env node
// Renders board-map.json as an SVG with the starting owners' colours, continent borders and every label, and screenshots
// it in headless Chromium: test-artifacts/tactical-risk-map/ (board.svg, board.png, board-half.png and
// 1:1 crops of Europe, Asia, the Americas and Africa).
// Usage: node client/scripts/tactical-risk-map/preview.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const map = JSON.parse(
  readFileSync(path.join(root, 'client/src/games/tactical-risk/map/board-map.json'), 'utf8'),
);
const setup = JSON.parse(
  readFileSync(path.join(root, 'shared/src/games/tactical-risk/data/setup.json'), 'utf8'),
);
const board = JSON.parse(
  readFileSync(path.join(root, 'shared/src/games/tactical-risk/data/territories.json'), 'utf8'),
).territories;
const continents = JSON.parse(
  readFileSync(path.join(root, 'shared/src/games/tactical-risk/data/continents.json'), 'utf8'),
).continents;
const outDir = path.join(root, 'test-artifacts', 'tactical-risk-map');

const owner = new Map();
for (const f of setup.factions) for (const t of f.territories) owner.set(t, f.color);

const pathOf = (shapes) =>
  shapes
    .map((poly) =>
      poly
        .map((ring) => {
          let d = `M${ring[0]} ${ring[1]}`;
          for (let i = 2; i < ring.length; i += 2) d += `l${ring[i]} ${ring[i + 1]}`;
          return d + 'Z';
        })
        .join(''),
    )
    .join('');

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const { width, height } = map.meta;
const parts = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  `<rect width="${width}" height="${height}" fill="#1d3b57"/>`,
  `<path d="${pathOf(map.neutral)}" fill="#6d6a5f" fill-rule="evenodd"/>`,
];
const labels = [];
// Small islands are named beside the island, on the side where the name covers no other land (as
// the map client does: Eire's name to the west, not over Great Britain).
const absolute = (ring) => {
  const out = ring.slice(0, 2);
  for (let i = 2; i < ring.length; i += 2) out.push(out[i - 2] + ring[i], out[i - 1] + ring[i + 1]);
  return out;
};
const inside = (ring, x, y) => {
  let hit = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [ring[i], ring[i + 1], ring[j], ring[j + 1]];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
};
const land = board
  .filter((t) => !t.isWater)
  .map((t) => ({ name: t.name, rings: map.territories[t.name].shapes.map((poly) => absolute(poly[0])) }));
const landAt = (x, y, not) => land.some((l) => l.name !== not && l.rings.some((r) => inside(r, x, y)));
for (const t of board) {
  const geo = map.territories[t.name];
  const fill = t.isWater ? '#2f5f86' : (owner.get(t.name) ?? '#d8ccaa');
  const stroke = t.isWater ? '#4d7ea6' : '#222';
  parts.push(
    `<path d="${pathOf(geo.shapes)}" fill="${fill}" fill-rule="evenodd" stroke="${stroke}" stroke-width="${t.isWater ? 1 : 1.2}" stroke-linejoin="round"/>`,
  );
  const name = t.isWater ? t.name.replace(/ Sea Zone$/, '') : t.name;
  const size = t.isWater ? 11 : Math.max(10, Math.min(13, geo.room * 1.1));
  let [x, anchor] = [geo.label[0], 'middle'];
  if (!t.isWater && geo.room < 16) {
    const len = name.length * size * 0.62;
    const clear = (from, dir) =>
      [0.1, 0.5, 1].every((k) => !landAt(from + dir * k * len, geo.label[1], t.name));
    if (clear(geo.bbox[2] + 4, 1)) [x, anchor] = [geo.bbox[2] + 4, 'start'];
    else if (clear(geo.bbox[0] - 4, -1)) [x, anchor] = [geo.bbox[0] - 4, 'end'];
  }
  labels.push(
    `<text x="${x}" y="${geo.label[1]}" font-size="${size}" font-family="sans-serif" text-anchor="${anchor}" dominant-baseline="middle" fill="${t.isWater ? '#cfe3f5' : '#fff'}" stroke="${t.isWater ? '#1d3b57' : '#000'}" stroke-width="3" paint-order="stroke" font-style="${t.isWater ? 'italic' : 'normal'}" font-weight="${t.isWater ? 'normal' : 'bold'}">${esc(name)}</text>`,
  );
}
// Continent borders in the continents' colours, under the labels.
for (const c of continents)
  parts.push(
    `<path d="${pathOf(map.continents[c.name])}" fill="none" stroke="${c.color}" stroke-width="3" stroke-opacity="0.9" stroke-linejoin="round"/>`,
  );
parts.push(...labels, '</svg>');
mkdirSync(outDir, { recursive: true });
const svg = parts.join('\n');
writeFileSync(path.join(outDir, 'board.svg'), svg);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: path.join(outDir, 'board.png') });
  // 1:1 crops where territories are small or crowded.
  const crops = {
    europe: { x: width / 2 - 350, y: 120, width: 1100, height: 600 },
    asia: { x: 2400, y: 300, width: 1200, height: 900 },
    americas: { x: 0, y: 0, width: 1300, height: 1000 },
    africa: { x: 1450, y: 500, width: 1000, height: 900 },
  };
  for (const [name, clip] of Object.entries(crops))
    await page.screenshot({ path: path.join(outDir, `${name}.png`), clip });
  await page.setViewportSize({ width: 1800, height: Math.round(height / 2) });
  await page.setContent(
    `<html><body style="margin:0">${svg.replace(`width="${width}" height="${height}"`, `width="1800" height="${Math.round(height / 2)}"`)}</body></html>`,
  );
  await page.screenshot({ path: path.join(outDir, 'board-half.png') });
} finally {
  await browser.close();
}
console.log(`wrote ${path.relative(root, outDir)}/board.svg, board.png, board-half.png and crops`);
