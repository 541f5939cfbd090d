// The arenas: a rectangle of ground in metres, obstacles (axis-aligned boxes that stop tanks and
// shells), each team's spawn column and the base in the middle. Every map is point-symmetric about
// its centre so neither side is favoured; only one half of each is written, the other mirrored.
export type ObstacleKind = "rock" | "house" | "wall" | "trees";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: ObstacleKind;
}

export interface MapDef {
  name: string;
  width: number;
  height: number;
  obstacles: Box[];
  base: { x: number; y: number; r: number };
  /** Spawn points per team (index = team), as many as the largest team. */
  spawns: [{ x: number; y: number }[], { x: number; y: number }[]];
}

const W = 200;
const H = 140;

function mirrored(name: string, half: Box[]): MapDef {
  const obstacles = [...half, ...half.map((b) => ({ ...b, x: W - b.x - b.w, y: H - b.y - b.h }))];
  const left = Array.from({ length: 15 }, (_, i) => ({ x: 12 + (i % 3) * 7, y: 22 + Math.floor(i / 3) * 24 }));
  const right = left.map((p) => ({ x: W - p.x, y: H - p.y }));
  return { name, width: W, height: H, obstacles, base: { x: W / 2, y: H / 2, r: 13 }, spawns: [left, right] };
}

const box = (x: number, y: number, w: number, h: number, kind: ObstacleKind): Box => ({ x, y, w, h, kind });

export const MAPS: MapDef[] = [
  mirrored("steppe", [
    box(38, 10, 8, 8, "rock"),
    box(40, 60, 10, 16, "trees"),
    box(36, 110, 12, 7, "rock"),
    box(64, 28, 14, 10, "trees"),
    box(62, 92, 9, 9, "rock"),
    box(84, 52, 6, 12, "rock"),
    box(82, 116, 16, 8, "trees"),
    box(96, 18, 8, 8, "rock"),
  ]),
  mirrored("ruinberg", [
    box(34, 14, 14, 12, "house"),
    box(34, 44, 14, 14, "house"),
    box(34, 96, 14, 12, "house"),
    box(58, 4, 5, 30, "wall"),
    box(58, 60, 12, 20, "house"),
    box(60, 106, 16, 12, "house"),
    box(82, 30, 14, 10, "house"),
    box(80, 90, 5, 26, "wall"),
    box(94, 48, 4, 8, "wall"),
  ]),
  mirrored("mines", [
    box(30, 30, 10, 10, "rock"),
    box(30, 96, 16, 10, "rock"),
    box(52, 56, 10, 28, "rock"),
    box(70, 12, 18, 8, "rock"),
    box(72, 104, 10, 14, "trees"),
    box(88, 40, 8, 8, "rock"),
    box(90, 126, 20, 6, "trees"),
  ]),
];

/** A map by its name; a name we do not draw (old battles' maps) picks one by its letters. */
export function mapByName(name: string): MapDef {
  const found = MAPS.find((m) => m.name === name);
  if (found) return found;
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return MAPS[h % MAPS.length];
}

/** Where a segment first meets a box, as a fraction of the segment (slab method), or -1. */
export function segmentHitsBox(x0: number, y0: number, x1: number, y1: number, b: Box, pad = 0): number {
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

/** True when nothing stands between the two points. */
export function lineOfSight(map: MapDef, x0: number, y0: number, x1: number, y1: number): boolean {
  for (const b of map.obstacles) if (segmentHitsBox(x0, y0, x1, y1, b) >= 0) return false;
  return true;
}

/** The grid bots plan on: 4 m cells, a cell blocked when a tank at its centre would touch an obstacle. */
export interface NavGrid {
  cell: number;
  cols: number;
  rows: number;
  blocked: Uint8Array;
}

const grids = new Map<string, NavGrid>();

export function navGrid(map: MapDef, tankRadius = 2.6): NavGrid {
  const known = grids.get(map.name);
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
  grids.set(map.name, g);
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
