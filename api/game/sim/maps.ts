// The arenas: a rectangle of ground in metres, obstacles (axis-aligned boxes that stop tanks and
// shells), bushes (boxes that hide a tank but stop nothing), each team's spawn points and the base.
// A map is content: the built-in ones below, or the operators' own in the battle options
// (`mapDefs`, api/domain/arena.ts), and a battle's setup carries the definition it was played on,
// so a recorded battle replays on the map it was fought on even after an operator edits it.
// The built-in maps are point-symmetric about their centre so neither side is favoured; only one
// half of each is written, the other mirrored.
export type ObstacleKind = "rock" | "house" | "wall" | "trees";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: ObstacleKind;
}

/** A bush: hides what is in or behind it (sight.ts), stops neither tanks nor shells. */
export interface Bush {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface MapDef {
  name: string;
  width: number;
  height: number;
  obstacles: Box[];
  bushes: Bush[];
  base: { x: number; y: number; r: number };
  /** Spawn points per team (index = team), as many as the largest team (fewer are reused in turn). */
  spawns: [Point[], Point[]];
}

/** The built-in maps' size: 320 × 240 m (a snapshot carries positions to 655 m). */
const W = 320;
const H = 240;

function mirrored(name: string, half: Box[], bushes: Bush[]): MapDef {
  const flip = <T extends { x: number; y: number; w: number; h: number }>(b: T): T => ({
    ...b,
    x: W - b.x - b.w,
    y: H - b.y - b.h,
  });
  // Three columns of five near the west edge; the east team's mirrored.
  const west = Array.from({ length: 15 }, (_, i) => ({ x: 14 + (i % 3) * 9, y: 48 + Math.floor(i / 3) * 36 }));
  const east = west.map((p) => ({ x: W - p.x, y: H - p.y }));
  return {
    name,
    width: W,
    height: H,
    obstacles: [...half, ...half.map(flip)],
    bushes: [...bushes, ...bushes.map(flip)],
    base: { x: W / 2, y: H / 2, r: 15 },
    spawns: [west, east],
  };
}

const box = (x: number, y: number, w: number, h: number, kind: ObstacleKind): Box => ({ x, y, w, h, kind });
const bush = (x: number, y: number, w: number, h: number): Bush => ({ x, y, w, h });

/** The built-in maps, by the names the demo world's battle options list. */
export const MAPS: MapDef[] = [
  // Open fields cut by tree lines and a few rocks: long sight lines, bushes to hide in.
  mirrored(
    "prokhorovka",
    [
      box(62, 18, 10, 10, "rock"),
      box(52, 196, 12, 9, "rock"),
      box(96, 58, 9, 16, "rock"),
      box(44, 96, 12, 34, "trees"),
      box(84, 160, 26, 10, "trees"),
      box(112, 100, 12, 12, "rock"),
      box(128, 150, 10, 9, "rock"),
      box(138, 24, 10, 10, "rock"),
      box(118, 204, 18, 8, "trees"),
    ],
    [
      bush(72, 40, 14, 10),
      bush(30, 64, 10, 14),
      bush(98, 126, 12, 10),
      bush(60, 140, 12, 12),
      bush(132, 196, 14, 10),
      bush(138, 112, 8, 10),
      bush(108, 30, 12, 8),
    ],
  ),
  // A town: blocks of houses and walls, short streets, the square in the middle.
  mirrored(
    "himmelsdorf",
    [
      box(50, 18, 20, 16, "house"),
      box(50, 58, 20, 20, "house"),
      box(50, 150, 20, 18, "house"),
      box(50, 196, 22, 16, "house"),
      box(90, 6, 6, 44, "wall"),
      box(88, 92, 18, 28, "house"),
      box(92, 168, 24, 16, "house"),
      box(126, 46, 20, 14, "house"),
      box(124, 138, 6, 36, "wall"),
      box(140, 76, 6, 12, "wall"),
      box(118, 214, 22, 14, "house"),
    ],
    [bush(28, 110, 10, 12), bush(74, 128, 10, 10), bush(112, 72, 10, 8), bush(146, 178, 10, 10)],
  ),
  // Fields and a village on a hill: houses in the middle ground, woods on the flanks.
  mirrored(
    "malinovka",
    [
      box(48, 30, 16, 30, "trees"),
      box(40, 170, 20, 26, "trees"),
      box(84, 84, 14, 12, "house"),
      box(84, 136, 14, 12, "house"),
      box(108, 110, 12, 10, "house"),
      box(116, 20, 14, 12, "rock"),
      box(124, 192, 20, 10, "trees"),
      box(140, 58, 10, 10, "house"),
    ],
    [
      bush(70, 60, 12, 10),
      bush(26, 110, 12, 14),
      bush(66, 116, 10, 10),
      bush(100, 160, 12, 10),
      bush(136, 150, 12, 8),
      bush(100, 40, 10, 10),
    ],
  ),
  // Steppe with ridges of rock: cover in clusters, open ground between them.
  mirrored(
    "steppes",
    [
      box(54, 26, 12, 12, "rock"),
      box(56, 110, 16, 22, "rock"),
      box(50, 196, 16, 12, "rock"),
      box(92, 62, 22, 10, "rock"),
      box(94, 166, 12, 20, "rock"),
      box(126, 14, 28, 8, "trees"),
      box(126, 122, 10, 10, "rock"),
      box(136, 206, 10, 18, "rock"),
    ],
    [
      bush(30, 70, 12, 12),
      bush(84, 36, 12, 10),
      bush(80, 140, 10, 12),
      bush(116, 96, 12, 8),
      bush(108, 200, 14, 10),
      bush(146, 160, 10, 10),
    ],
  ),
];

/** A map by its name; a name we do not have (old battles' maps) picks one by its letters. */
export function mapByName(name: string): MapDef {
  const found = MAPS.find((m) => m.name === name);
  if (found) return found;
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return MAPS[h % MAPS.length];
}

/** Where a segment first meets a box, as a fraction of the segment (slab method), or -1. */
export function segmentHitsBox(x0: number, y0: number, x1: number, y1: number, b: Bush, pad = 0): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  const minX = b.x - pad,
    maxX = b.x + b.w + pad,
    minY = b.y - pad,
    maxY = b.y + b.h + pad;
  if (dx === 0) {
    if (x0 < minX || x0 > maxX) return -1;
  } else {
    let a = (minX - x0) / dx,
      c = (maxX - x0) / dx;
    if (a > c) [a, c] = [c, a];
    if (a > t0) t0 = a;
    if (c < t1) t1 = c;
    if (t0 > t1) return -1;
  }
  if (dy === 0) {
    if (y0 < minY || y0 > maxY) return -1;
  } else {
    let a = (minY - y0) / dy,
      c = (maxY - y0) / dy;
    if (a > c) [a, c] = [c, a];
    if (a > t0) t0 = a;
    if (c < t1) t1 = c;
    if (t0 > t1) return -1;
  }
  return t0;
}

/** True when the point is inside a bush. */
export function inBush(map: MapDef, x: number, y: number): boolean {
  for (const b of map.bushes) if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) return true;
  return false;
}

/** True when a segment meets any of the boxes (those outside the segment's bounds are skipped unread). */
export function segmentHitsAny(
  boxes: readonly Bush[],
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  pad = 0,
): boolean {
  const minX = Math.min(x0, x1) - pad,
    maxX = Math.max(x0, x1) + pad,
    minY = Math.min(y0, y1) - pad,
    maxY = Math.max(y0, y1) + pad;
  for (const b of boxes) {
    if (b.x > maxX || b.x + b.w < minX || b.y > maxY || b.y + b.h < minY) continue;
    if (segmentHitsBox(x0, y0, x1, y1, b, pad) >= 0) return true;
  }
  return false;
}

/** True when a bush stands between the two points (one the target is in counts). */
export function bushBetween(map: MapDef, x0: number, y0: number, x1: number, y1: number): boolean {
  return segmentHitsAny(map.bushes, x0, y0, x1, y1);
}

/** True when nothing stands between the two points. */
export function lineOfSight(map: MapDef, x0: number, y0: number, x1: number, y1: number): boolean {
  return !segmentHitsAny(map.obstacles, x0, y0, x1, y1);
}

/** The grid bots plan on: 4 m cells, a cell blocked when a tank at its centre would touch an obstacle. */
export interface NavGrid {
  cell: number;
  cols: number;
  rows: number;
  blocked: Uint8Array;
}

// One grid per map definition (an operator's map comes in each battle's setup as its own object).
const grids = new WeakMap<MapDef, NavGrid>();

export function navGrid(map: MapDef, tankRadius = 2.6): NavGrid {
  const known = grids.get(map);
  if (known) return known;
  const cell = 4;
  const cols = Math.ceil(map.width / cell);
  const rows = Math.ceil(map.height / cell);
  const blocked = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = (c + 0.5) * cell,
        y = (r + 0.5) * cell;
      const edge = x < tankRadius || y < tankRadius || x > map.width - tankRadius || y > map.height - tankRadius;
      const hit = map.obstacles.some(
        (b) => x > b.x - tankRadius && x < b.x + b.w + tankRadius && y > b.y - tankRadius && y < b.y + b.h + tankRadius,
      );
      if (edge || hit) blocked[r * cols + c] = 1;
    }
  }
  const g = { cell, cols, rows, blocked };
  grids.set(map, g);
  return g;
}

export const cellOf = (g: NavGrid, x: number, y: number) =>
  Math.min(g.rows - 1, Math.max(0, Math.floor(y / g.cell))) * g.cols +
  Math.min(g.cols - 1, Math.max(0, Math.floor(x / g.cell)));

/**
 * Steps from every cell to the target cell (8-neighbour breadth-first search; 65535 = unreachable).
 * Bots follow it downhill; a blocked target is searched from its nearest open neighbour.
 */
export function distanceField(g: NavGrid, target: number, out?: Uint16Array): Uint16Array {
  const n = g.cols * g.rows;
  const dist = out ?? new Uint16Array(n);
  dist.fill(65535);
  const queue = new Int32Array(n);
  let head = 0,
    tail = 0;
  dist[target] = 0;
  queue[tail++] = target;
  while (head < tail) {
    const i = queue[head++];
    const c = i % g.cols,
      r = (i - c) / g.cols;
    const d = dist[i] + 1;
    for (let dr = -1; dr <= 1; dr++) {
      const rr = r + dr;
      if (rr < 0 || rr >= g.rows) continue;
      for (let dc = -1; dc <= 1; dc++) {
        const cc = c + dc;
        if ((dr === 0 && dc === 0) || cc < 0 || cc >= g.cols) continue;
        const j = rr * g.cols + cc;
        if (g.blocked[j] || dist[j] <= d) continue;
        // No cutting a blocked corner diagonally.
        if (dr !== 0 && dc !== 0 && (g.blocked[r * g.cols + cc] || g.blocked[rr * g.cols + c])) continue;
        dist[j] = d;
        queue[tail++] = j;
      }
    }
  }
  return dist;
}
