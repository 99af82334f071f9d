import { describe, expect, test } from '@jest/globals';
import {
  bakeScale,
  type Box,
  boxesOverlap,
  placeLabels,
  raiseStacks,
  separateSeaStacks,
  continentLabelPoint,
  inView,
  labelFits,
  mapLabelText,
  MAX_ZOOM,
  minZoom,
  nearestDistances,
  overlayFill,
  packRows,
  pathPoints,
  screenToMap,
  settleCamera,
  stackLook,
  worldRect,
  wrapStrips,
  zoomAbout,
} from './mapMath';

const map = { width: 4000, height: 1800 };
const desk = { w: 1000, h: 700 };

describe('the map camera', () => {
  test('the zoom stays between the whole world and the closest zoom', () => {
    const lo = minZoom(desk, map);
    expect(settleCamera({ cx: 0, cy: 0, zoom: 0.0001 }, desk, map).zoom).toBe(lo);
    expect(settleCamera({ cx: 0, cy: 0, zoom: 99 }, desk, map).zoom).toBe(MAX_ZOOM);
    // A tall phone sees at least 40% of the height.
    expect(minZoom({ w: 360, h: 700 }, map)).toBeCloseTo((0.4 * 700) / 1800);
  });

  test('east-west wraps around; north-south stays on the map', () => {
    const c = settleCamera({ cx: -500, cy: -300, zoom: 1 }, desk, map);
    expect(c.cx).toBe(3500);
    expect(c.cy).toBe(350);
    expect(settleCamera({ cx: 4500, cy: 5000, zoom: 1 }, desk, map)).toEqual({ cx: 500, cy: 1450, zoom: 1 });
    // A view taller than the map: the map stays whole in view, off centre at most to its edges.
    const tall = { w: 1000, h: 1000 };
    const z = 0.5; // the map 900 high in a 1000-high view: its centre within 50 px of the view's
    expect(settleCamera({ cx: 0, cy: 900 - 40 / z, zoom: z }, tall, map).cy).toBe(900 - 40 / z);
    expect(settleCamera({ cx: 0, cy: 900 - 500, zoom: z }, tall, map).cy).toBe(900 - 50 / z);
    expect(settleCamera({ cx: 0, cy: 5000, zoom: z }, tall, map).cy).toBe(900 + 50 / z);
  });

  test('the map’s edges may come out from under the status bar and a phone’s sheet', () => {
    const cover = { top: 60, bottom: 300 };
    // Zoom 1: the map's top row may go down to 60 px from the view's top, its bottom row up to 300.
    expect(settleCamera({ cx: 0, cy: -300, zoom: 1 }, desk, map, cover).cy).toBe(350 - 60);
    expect(settleCamera({ cx: 0, cy: 5000, zoom: 1 }, desk, map, cover).cy).toBe(1450 + 300);
    // In map px: twice as far at zoom 0.5.
    expect(settleCamera({ cx: 0, cy: -300, zoom: 0.5 }, desk, map, cover).cy).toBe(700 - 120);
  });

  test('the wrap strips are the screen past each map edge', () => {
    expect(wrapStrips({ cx: 200, cy: 900, zoom: 1 }, desk, 4000)).toEqual({ left: 300, right: -3300 });
    expect(wrapStrips({ cx: 3900, cy: 900, zoom: 1 }, desk, 4000).right).toBe(400);
  });

  test('zooming about a point keeps the map point under it', () => {
    const c = { cx: 2000, cy: 900, zoom: 1 };
    const before = screenToMap(c, 100, 200, desk, 4000);
    const after = zoomAbout(c, 2, 100, 200, desk, map);
    expect(after.zoom).toBe(2);
    const p = screenToMap(after, 100, 200, desk, 4000);
    expect(p[0]).toBeCloseTo(before[0]);
    expect(p[1]).toBeCloseTo(before[1]);
    expect(worldRect(after, desk).w).toBe(500);
  });

  test('culling counts a point’s copies one map width away', () => {
    const r = { x: 3800, y: 0, w: 500, h: 700 };
    expect(inView([100, 300], r, 0, 4000)).toBe(true);
    expect(inView([1000, 300], r, 0, 4000)).toBe(false);
    expect(inView([3700, 300], r, 150, 4000)).toBe(true);
  });
});

describe('what the map shows at a zoom', () => {
  test('the bake level follows the zoom', () => {
    expect(bakeScale(1, false)).toBe(1);
    expect(bakeScale(0.5, false)).toBe(0.5);
    expect(bakeScale(0.2, false)).toBe(0.25);
    expect(bakeScale(0.2, true)).toBe(0.5);
  });

  test('names show when they fit their territory', () => {
    const big = { water: false, island: false, labelW: 60, room: 40 };
    expect(labelFits(big, 1)).toBe(true);
    expect(labelFits({ ...big, room: 5 }, 0.5)).toBe(false);
    expect(labelFits({ ...big, room: 5 }, 1.2)).toBe(true);
    // Islands are named from a desktop's opening zoom in (Japan beside its stack).
    expect(labelFits({ ...big, island: true }, 0.35)).toBe(false);
    expect(labelFits({ ...big, island: true }, 0.42)).toBe(true);
    expect(labelFits({ ...big, water: true }, 0.5)).toBe(false);
  });

  test('a crowded land’s name may reach past its edges (placeLabels then decides)', () => {
    // Germany at a desktop's opening zoom: a 74 px name, 38 map px of room.
    expect(labelFits({ water: false, island: false, labelW: 74, room: 38 }, 0.42)).toBe(true);
    // A roomier land's name reaches less far past its edges (Italian East Africa's does, just).
    expect(labelFits({ water: false, island: false, labelW: 123, room: 46 }, 0.42)).toBe(true);
    expect(labelFits({ water: false, island: false, labelW: 150, room: 50 }, 0.42)).toBe(false);
    // A narrow strip of land (the East Indies) reaches furthest.
    expect(labelFits({ water: false, island: false, labelW: 72, room: 16 }, 0.42)).toBe(true);
    expect(labelFits({ water: false, island: false, labelW: 72, room: 16 }, 0.3)).toBe(false);
  });

  test('stacks show chips close up and discs far out, smaller where crowded', () => {
    const p = { room: 40, near: 1000, detailW: 60, summaryW: 22 };
    expect(stackLook(p, 1)).toEqual({ chips: true, scale: 1 });
    expect(stackLook(p, 0.4).chips).toBe(false);
    expect(stackLook({ ...p, near: 10 }, 0.4).scale).toBe(0.55);
  });

  test('highlights: destinations blue, battles red, fog dark, hover lighter', () => {
    expect(overlayFill('dest', false, false, 0x808080, false)).toEqual([0x6fb7ff, 0.3]);
    expect(overlayFill('battle', false, true, 0, false)).toEqual([0xff6a4d, 0.3]);
    expect(overlayFill(undefined, false, false, 0, true)).toEqual([0x05070a, 0.5]);
    expect(overlayFill(undefined, false, false, 0, false)[1]).toBe(0);
    expect(overlayFill('dest', true, false, 0, false)[1]).toBeCloseTo(0.42);
  });
});

describe('build-time placements', () => {
  test('a path crosses the Pacific the short way', () => {
    expect(
      pathPoints(
        [
          [3900, 100],
          [100, 120],
        ],
        4000,
      ),
    ).toEqual([
      [3900, 100],
      [4100, 120],
    ]);
    expect(pathPoints([[10, 10], undefined], 4000)).toBeNull();
  });

  test('nearest distances wrap around', () => {
    expect(
      nearestDistances(
        [
          [10, 0],
          [3990, 0],
          [2000, 0],
        ],
        4000,
      ),
    ).toEqual([20, 20, 1990]);
  });

  test('a continent’s name sits at the room-weighted centre, across the wrap', () => {
    const [x, y] = continentLabelPoint(
      [
        { label: [3990, 100], room: 10 },
        { label: [10, 200], room: 10 },
      ],
      4000,
    );
    expect(Math.min(x, 4000 - x)).toBeCloseTo(0);
    expect(y).toBe(150);
  });

  test('labels pack into rows that fit the sheet, without overlap', () => {
    const sizes = Array.from({ length: 30 }, (_, i) => ({ w: 100 + i * 7, h: 20 + (i % 3) }));
    const { spots, height } = packRows(sizes, 600);
    spots.forEach((s, i) => expect(s.x + sizes[i]!.w).toBeLessThanOrEqual(600));
    for (let i = 0; i < spots.length; i++)
      for (let j = i + 1; j < spots.length; j++) {
        const [a, b] = [spots[i]!, spots[j]!];
        const apart =
          a.x + sizes[i]!.w <= b.x ||
          b.x + sizes[j]!.w <= a.x ||
          a.y + sizes[i]!.h <= b.y ||
          b.y + sizes[j]!.h <= a.y;
        expect(apart).toBe(true);
      }
    expect(height).toBeGreaterThan(20);
  });
});

describe('placeLabels: no name over another name or another place’s units', () => {
  const place = (name: string, label: Box | null, units: Box | null, priority: number, keep = false) => ({
    name,
    label,
    units,
    keep,
    priority,
  });
  test('a name over a neighbour’s stack moves up a line, or beside its point, or hides when all clash', () => {
    const ukraine = place('Ukraine', [0, 0, 50, 10], [10, 25, 40, 40], 5);
    const placed = placeLabels([ukraine, place('Belorussia', [20, 20, 70, 30], null, 9)]);
    expect([placed.get('Belorussia'), placed.get('Ukraine')]).toEqual([
      [0, -1],
      [0, 0],
    ]);
    // Poland's name over Ukraine's stack, and a line up over Ukraine's name: to the right of its point.
    expect(placeLabels([ukraine, place('Poland', [20, 30, 70, 40], null, 1)]).get('Poland')).toEqual([
      0.5, 0,
    ]);
    // Walled in on both sides and above: hidden.
    const left = place('West', null, [-40, 20, 20, 60], 9);
    const right = place('East', null, [70, 20, 130, 60], 9);
    expect(
      placeLabels([ukraine, left, right, place('Poland', [20, 30, 70, 40], null, 1)]).has('Poland'),
    ).toBe(false);
  });
  test('its own stack never moves or hides a name', () => {
    expect(placeLabels([place('A', [0, 0, 50, 10], [0, 5, 50, 30], 1)])).toEqual(new Map([['A', [0, 0]]]));
  });
  test('of two names that collide the bigger place keeps its point, unless the other is marked (it steps aside)', () => {
    const a = place('Germany', [0, 18, 50, 28], null, 9);
    const b = place('Poland', [40, 10, 90, 20], null, 3);
    expect(placeLabels([a, b])).toEqual(
      new Map([
        ['Germany', [0, 0]],
        ['Poland', [0, -1]],
      ]),
    );
    expect(placeLabels([a, { ...b, keep: true }])).toEqual(
      new Map([
        ['Poland', [0, 0]],
        ['Germany', [-0.5, 0]],
      ]),
    );
  });
  test('beside its point only when on it and a line up clash', () => {
    const germany = place('Germany', [0, 0, 40, 10], null, 1);
    const north = place('N', null, [0, -10, 40, 0], 9);
    const south = place('S', null, [0, 8, 15, 20], 9);
    // S's stack under its left half: up a line; N's stack there too: to the right (clear of S's stack).
    expect(placeLabels([south, germany]).get('Germany')).toEqual([0, -1]);
    expect(placeLabels([north, south, germany]).get('Germany')).toEqual([0.5, 0]);
  });
});

describe('placeLabels: nearer spots over a name’s own land', () => {
  const place = (name: string, label: Box | null, units: Box | null, priority: number) => ({
    name,
    label,
    units,
    keep: false,
    priority,
  });
  // A name 40 wide, 10 high at [0, 0, 40, 10]; a wall of stacks on every LABEL_SHIFTS spot: free only
  // a line down and an eighth of its width to the right.
  const walls = [
    place('W1', null, [-60, -25, 70, 8], 9),
    place('W2', null, [-60, 8, 4, 40], 9),
    place('W3', null, [46, 8, 100, 40], 9),
    place('W4', null, [-60, 20, 100, 40], 9),
  ];
  const land = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1;
  test('boxed in on its point: a nearer spot whose middle is over its land', () => {
    const name = { ...place('Europe', [0, 0, 40, 10], null, 1), over: land(0, 0, 40, 20) };
    const shift = placeLabels([...walls, name]).get('Europe');
    expect(shift).toBeDefined();
    const [dx, dy] = shift!;
    expect([dx, dy]).not.toEqual([0, 0]);
    // Its middle is on its land; its box crosses no wall.
    const box: Box = [dx * 40, dy * 10, 40 + dx * 40, 10 + dy * 10];
    expect(name.over((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)).toBe(true);
    for (const w of walls) expect(boxesOverlap(box, w.units!)).toBe(false);
  });
  test('never where its middle leaves its land, nor without knowing its land', () => {
    expect(
      placeLabels([...walls, { ...place('Sea', [0, 0, 40, 10], null, 1), over: land(-1, -1, 1, 1) }]).has(
        'Sea',
      ),
    ).toBe(false);
    expect(placeLabels([...walls, place('Island', [0, 0, 40, 10], null, 1)]).has('Island')).toBe(false);
  });
  test('off its point, a name does not cover its own stack', () => {
    // Its point is blocked by a neighbour's stack; a line up is blocked too; below sits its own stack.
    const own = { ...place('A', [0, 0, 40, 10], [10, 10, 30, 20], 1), over: land(-20, -5, 60, 30) };
    const placed = placeLabels([place('N', null, [-30, -12, 70, 4], 9), own]).get('A')!;
    const box: Box = [placed[0] * 40, placed[1] * 10, 40 + placed[0] * 40, 10 + placed[1] * 10];
    expect(boxesOverlap(box, own.units!)).toBe(false);
  });
  test('a name the greedy order boxes in shows when another name can step aside', () => {
    // A hole in a wall of stacks, 80 wide: Small's only spot is its point, where Big's name goes first;
    // Big can step right.
    const hole = [
      place('W1', null, [-60, -25, 140, 0], 0),
      place('W2', null, [-60, 0, 0, 40], 0),
      place('W3', null, [80, 0, 140, 40], 0),
      place('W4', null, [-60, 10, 140, 40], 0),
    ];
    const big = { ...place('Big', [20, 0, 60, 10], null, 9), over: land(0, 0, 80, 10) };
    const small = { ...place('Small', [0, 0, 40, 10], null, 1), over: land(0, 0, 40, 10) };
    const placed = placeLabels([...hole, big, small]);
    expect(placed.get('Small')).toEqual([0, 0]);
    expect(placed.get('Big')).toEqual([0.5, 0]);
  });
});

describe('raiseStacks: a stack whose name moved off its point rises onto it', () => {
  const place = (name: string, label: Box | null, units: Box | null) => ({
    name,
    label,
    units,
    keep: false,
    priority: 1,
  });
  test('only where it then covers no name shown and no other stack', () => {
    // West's name moved a line up; its stack (under the point) may rise 10 onto the point.
    const west = () => place('West', [0, 0, 40, 10], [10, 12, 30, 30]);
    const moved = new Map<string, readonly [number, number]>([['West', [0, -1]]]);
    const rises = new Map([['West', 10]]);
    const alone = [west()];
    expect(raiseStacks(alone, moved, rises)).toEqual(new Map([['West', 10]]));
    expect(alone[0]!.units).toEqual([10, 2, 30, 20]);
    // Its name on its point: the stack stays under it.
    expect(raiseStacks([west()], new Map([['West', [0, 0]]]), rises).size).toBe(0);
    // A neighbour's stack where it would rise to (the UK's beside W. Europe's): it stays.
    const uk = place('UK', null, [25, 0, 45, 8]);
    const crowded = [west(), uk];
    expect(raiseStacks(crowded, moved, rises).size).toBe(0);
    expect(crowded[0]!.units).toEqual([10, 12, 30, 30]);
    // A name shown there: it stays too.
    const name = place('North', [20, 0, 60, 6], null);
    expect(raiseStacks([west(), name], new Map([...moved, ['North', [0, 0]]]), rises).size).toBe(0);
  });
});

describe('separateSeaStacks: a sea zone’s stack clear of the others', () => {
  test('it moves below the stacks it covers, or above them, and a land’s stack stays', () => {
    const japan = { name: 'Japan', water: false, box: [0, 0, 20, 20] as Box };
    const sea = { name: 'Japan Sea Zone', water: true, box: [5, 10, 25, 30] as Box };
    // Down below Japan's (20 + a tenth of its own height).
    expect(separateSeaStacks([japan, sea])).toEqual(new Map([['Japan Sea Zone', 12]]));
    // Below is taken (Okinawa's): up above Japan's.
    const okinawa = { name: 'Okinawa', water: false, box: [0, 31, 30, 50] as Box };
    expect(separateSeaStacks([japan, sea, okinawa])).toEqual(new Map([['Japan Sea Zone', -32]]));
    // Two lands' stacks that cross are not moved here; a sea stack crossing nothing stays.
    const korea = { name: 'Korea', water: false, box: [10, 5, 30, 25] as Box };
    expect(separateSeaStacks([japan, korea, { ...sea, box: [100, 0, 120, 20] }]).size).toBe(0);
  });
});

describe('mapLabelText: short names on the map', () => {
  test('land: the short form and its production; sea: no "Sea Zone"', () => {
    expect(mapLabelText({ name: 'Ukraine S.S.R.', water: false }, 3)).toBe('Ukraine · 3');
    expect(mapLabelText({ name: 'West Europe', water: false }, 6)).toBe('W. Europe · 6');
    expect(mapLabelText({ name: 'United Kingdom', water: false }, 8)).toBe('UK · 8');
    expect(mapLabelText({ name: 'Germany', water: false }, 10)).toBe('Germany · 10');
    expect(mapLabelText({ name: 'Switzerland', water: false }, 0)).toBe('Switzerland');
    expect(mapLabelText({ name: 'Baltic Sea Zone', water: true }, 0)).toBe('Baltic');
  });
});
