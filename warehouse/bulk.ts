// The bulk world for benchmarks: N players and M events generated inside ClickHouse with
// INSERT … SELECT FROM numbers(), straight into the event tables (the rollups' materialized
// views fill as they would from the shipper). It BYPASSES the outbox on purpose: it exists to
// measure the dashboards at scale, not to model the transactional path; never run it against a
// production warehouse. Every attribute of a player (registration time, country, platform,
// source) is a hash of its id and the seed, so all tables agree about a player without joins.
import { z } from "zod";
import type { Warehouse } from "./port.ts";

export interface BulkOptions {
  players: number;
  /** Events besides the registrations, split over the tables by SHARE. */
  events: number;
  days: number;
  /** The world ends at this epoch ms. */
  end: number;
  seed?: number;
  /** Rows per INSERT (bounds memory). */
  chunk?: number;
  onProgress?: (table: string, done: number, total: number) => void;
}

/** How the events split over the tables (the rest of 1 goes to admin_actions, capped). */
export const SHARE = {
  activity: 0.4,
  battles: 0.25,
  currency_movements: 0.28,
  items: 0.03,
  payments: 0.01,
  ad_views: 0.03,
} as const;

/** A uniform [0,1) from the hash of (seed, key, salt). */
const u = (key: string, salt: number, seed: number) =>
  `(cityHash64(${seed}, ${key}, ${salt}) % 1000000000) / 1000000000.0`;
/** Weighted pick: [[value, weight]…] → multiIf over a uniform. */
function pick(values: [string, number][], uniform: string): string {
  const total = values.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const arms = values.slice(0, -1).map(([v, w]) => `${uniform} < ${((acc += w) / total).toFixed(6)}, '${v}'`);
  return `multiIf(${arms.join(", ")}, '${values[values.length - 1][0]}')`;
}

const COUNTRIES: [string, number][] = [
  ["RU", 40],
  ["KZ", 8],
  ["BY", 7],
  ["UA", 6],
  ["DE", 6],
  ["US", 8],
  ["PL", 5],
  ["GB", 4],
  ["FR", 4],
  ["BR", 6],
  ["TR", 6],
];
const PLATFORMS: [string, number][] = [
  ["web", 45],
  ["android", 30],
  ["ios", 15],
  ["vk", 10],
];
const SOURCES: [string, number][] = [
  ["organic", 50],
  ["vk_ads", 15],
  ["google_ads", 12],
  ["yandex_direct", 13],
  ["facebook", 10],
];

export async function buildBulkWorld(wh: Warehouse, o: BulkOptions): Promise<Record<string, number>> {
  const seed = o.seed ?? 42;
  const chunk = o.chunk ?? 2_000_000;
  const endS = Math.floor(o.end / 1000);
  const startS = endS - o.days * 86_400;
  const P = o.players;
  // A player's attributes from their id (pid expression).
  const regS = (pid: string) => `(${startS} + toUInt32(sqrt(${u(pid, 1, seed)}) * ${endS - startS - 3600}))`;
  const attrs = (pid: string) => ({
    regTs: `toDateTime64(${regS(pid)}, 3, 'UTC')`,
    country: pick(COUNTRIES, u(pid, 2, seed)),
    platform: pick(PLATFORMS, u(pid, 3, seed)),
    source: pick(SOURCES, u(pid, 4, seed)),
  });
  /** An event time after the player's registration, thinning out as players churn. */
  const after = (pid: string, salt: number) =>
    `toDateTime64(${regS(pid)} + (${endS} - ${regS(pid)}) * pow(${u("number", salt, seed)}, 2.2) + ${u("number", salt + 1, seed)}, 3, 'UTC')`;
  /** Players weighted towards the engaged ones: a few play a lot. */
  const player = (salt: number, pool = 1) =>
    `(1 + toUInt64(pow(${u("number", salt, seed)}, 1.6) * ${Math.max(1, Math.floor(P * pool))}))`;

  const a = attrs("pid");
  const tables: { table: string; rows: number; select: string }[] = [
    {
      table: "registrations",
      rows: P,
      select: `SELECT generateUUIDv4(number) AS event_id, ${a.regTs} AS ts, pid AS player_id, ${a.country} AS country, ${a.platform} AS platform,
        ${a.source} AS source, if(${u("pid", 5, seed)} < 0.7, 'ru', 'en') AS locale,
        multiIf(${u("pid", 6, seed)} < 0.5, 'game', ${u("pid", 6, seed)} < 0.8, 'guest', ${u("pid", 6, seed)} < 0.92, 'social', 'email') AS kind
        FROM (SELECT number, number + 1 AS pid FROM numbers({offset:UInt64}, {n:UInt64}))`,
    },
    {
      table: "activity",
      rows: Math.floor(o.events * SHARE.activity),
      select: `SELECT generateUUIDv4(number) AS event_id, ${after("pid", 10)} AS ts, pid AS player_id, if(${u("number", 12, seed)} < 0.6, 'login', 'battle') AS kind,
        ${a.country} AS country, ${a.platform} AS platform, ${a.regTs} AS reg_ts FROM (SELECT number, ${player(13)} AS pid FROM numbers({offset:UInt64}, {n:UInt64}))`,
    },
    {
      table: "battles",
      rows: Math.floor(o.events * SHARE.battles),
      select: `SELECT generateUUIDv4(number) AS event_id, ${after("pid", 20)} AS ts, number + 1 AS battle_id, pid AS player_id,
        toUInt32(1 + floor(pow(${u("number", 22, seed)}, 2) * 40)) AS tank_id, if(${u("number", 23, seed)} < 0.8, 'random', 'ranked') AS mode,
        multiIf(${u("number", 24, seed)} < 0.48, 'win', ${u("number", 24, seed)} < 0.95, 'loss', 'draw') AS result, toUInt32(120 + ${u("number", 25, seed)} * 480) AS duration_s,
        toInt64(20 + ${u("number", 26, seed)} * 1500) AS experience, toInt64(200 + ${u("number", 27, seed)} * 6000) AS silver_earned,
        toInt64(${u("number", 28, seed)} * 3500) AS silver_spent, toInt64(if(${u("number", 29, seed)} < 0.05, 1 + ${u("number", 30, seed)} * 10, 0)) AS gold_earned,
        toUInt16(${u("number", 31, seed)} * 12) AS kills, toUInt32(${u("number", 32, seed)} * 8000) AS damage, toUInt16(1 + floor(pow(${u("pid", 33, seed)}, 1.5) * 30)) AS player_level
        FROM (SELECT number, ${player(21)} AS pid FROM numbers({offset:UInt64}, {n:UInt64}))`,
    },
    {
      table: "currency_movements",
      rows: Math.floor(o.events * SHARE.currency_movements),
      select: `SELECT generateUUIDv4(number) AS event_id, ${after("pid", 40)} AS ts, pid AS player_id, if(${u("number", 42, seed)} < 0.2, 'gold', 'silver') AS currency,
        toInt64(if(${u("number", 43, seed)} < 0.55, 1, -1) * (1 + floor(pow(${u("number", 44, seed)}, 3) * if(currency = 'gold', 500, 50000)))) AS delta,
        toInt64(floor(exp(${u("pid", 45, seed)} * if(currency = 'gold', 9, 14)) + ${u("number", 46, seed)} * 100)) AS balance_after,
        if(delta > 0, ${pick(
          [
            ["battle_reward", 70],
            ["purchase", 10],
            ["daily_bonus", 15],
            ["sell_tank", 5],
          ],
          u("number", 47, seed),
        )},
          ${pick(
            [
              ["repair", 50],
              ["shop_tank", 15],
              ["ammo", 20],
              ["premium", 8],
              ["crew_training", 7],
            ],
            u("number", 48, seed),
          )}) AS reason,
        toString(number) AS ref, toUInt16(1 + floor(pow(${u("pid", 33, seed)}, 1.5) * 30)) AS player_level,
        number + 1 AS seq
        FROM (SELECT number, ${player(41)} AS pid FROM numbers({offset:UInt64}, {n:UInt64}))`,
    },
    {
      table: "items",
      rows: Math.floor(o.events * SHARE.items),
      select: `SELECT generateUUIDv4(number) AS event_id, ${after("pid", 50)} AS ts, pid AS player_id, if(${u("number", 52, seed)} < 0.6, 'tank', 'crew') AS item_type,
        if(item_type = 'tank', toString(1 + floor(pow(${u("number", 53, seed)}, 2) * 40)), concat('crew_', toString(1 + floor(${u("number", 54, seed)} * 25)))) AS item_id,
        toInt8(if(${u("number", 55, seed)} < 0.85, 1, -1)) AS delta, if(delta > 0, 'shop', 'sold') AS source
        FROM (SELECT number, ${player(51)} AS pid FROM numbers({offset:UInt64}, {n:UInt64}))`,
    },
    {
      table: "payments",
      rows: Math.floor(o.events * SHARE.payments),
      // Payers are the most engaged 8% of players.
      select: `SELECT generateUUIDv4(number) AS event_id, ${after("pid", 60)} AS ts, concat('bulk-', toString(number)) AS order_id, pid AS player_id,
        ${pick(
          [
            ["stripe", 40],
            ["paypal", 20],
            ["robokassa", 25],
            ["apple", 15],
          ],
          u("number", 62, seed),
        )} AS provider,
        ${pick(
          [
            ["web", 55],
            ["google_play", 25],
            ["app_store", 15],
            ["rustore", 5],
          ],
          u("number", 63, seed),
        )} AS market,
        ${pick(
          [
            ["gold_100", 40],
            ["gold_550", 25],
            ["gold_1200", 12],
            ["premium_30d", 15],
            ["starter_pack", 8],
          ],
          u("number", 64, seed),
        )} AS item_id,
        ${a.country} AS country, ${a.platform} AS platform, ${a.source} AS source,
        multiIf(${u("number", 65, seed)} < 0.93, 'paid', ${u("number", 65, seed)} < 0.98, 'refunded', 'chargeback') AS status,
        toInt64(if(status = 'paid', 1, -1) * multiIf(item_id = 'gold_100', 99, item_id = 'gold_550', 499, item_id = 'gold_1200', 999, item_id = 'premium_30d', 699, 199)) AS amount_minor,
        'USD' AS currency, amount_minor AS amount_usd_cents, ${a.regTs} AS reg_ts
        FROM (SELECT number, ${player(61, 0.08)} AS pid FROM numbers({offset:UInt64}, {n:UInt64}))`,
    },
    {
      table: "ad_views",
      rows: Math.floor(o.events * SHARE.ad_views),
      select: `SELECT generateUUIDv4(number) AS event_id, ${after("pid", 70)} AS ts, pid AS player_id, ${a.source} AS campaign,
        ${pick(
          [
            ["lobby", 50],
            ["after_battle", 35],
            ["shop", 15],
          ],
          u("number", 72, seed),
        )} AS placement,
        multiIf(${u("number", 73, seed)} < 0.85, 'impression', ${u("number", 73, seed)} < 0.97, 'click', 'reward') AS kind
        FROM (SELECT number, ${player(71)} AS pid FROM numbers({offset:UInt64}, {n:UInt64}))`,
    },
    {
      table: "admin_actions",
      rows: Math.min(100_000, Math.max(100, Math.floor(o.events * 0.0001))),
      select: `SELECT generateUUIDv4(number) AS event_id, toDateTime64(${startS} + ${u("number", 80, seed)} * ${endS - startS}, 3, 'UTC') AS ts,
        toUInt64(1 + floor(${u("number", 81, seed)} * 12)) AS admin_id, concat('operator', toString(admin_id)) AS admin_username, 'operator' AS role,
        ${pick(
          [
            ["player.ban", 20],
            ["player.gold", 30],
            ["tank.save", 25],
            ["billing.catalog.save", 10],
            ["notification.save", 15],
          ],
          u("number", 82, seed),
        )} AS action,
        'player' AS target_type, toString(1 + floor(${u("number", 83, seed)} * ${P})) AS target_id FROM numbers({offset:UInt64}, {n:UInt64})`,
    },
  ];
  const counts: Record<string, number> = {};
  for (const t of tables) {
    for (let offset = 0; offset < t.rows; offset += chunk) {
      const n = Math.min(chunk, t.rows - offset);
      await wh.command(`INSERT INTO ${t.table} ${t.select}`, { offset, n });
      o.onProgress?.(t.table, offset + n, t.rows);
    }
    counts[t.table] = t.rows;
  }
  return counts;
}

const TargetRow = z.object({ q: z.string() });

/**
 * The rollups: every table a materialized view writes into, as the warehouse's own catalogue
 * says (so a rollup a later migration adds is one without a list to update; migration 0006
 * keeps its own list, frozen as the tables were then).
 */
export async function rollupTables(wh: Warehouse): Promise<string[]> {
  const views = await wh.query(
    "SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND engine = 'MaterializedView' ORDER BY name",
    {},
    TargetRow,
  );
  return [...new Set(views.map((v) => /\bTO\s+(?:\w+\.)?(\w+)/.exec(v.q)?.[1] ?? ""))].filter(Boolean);
}

/**
 * Merges each rollup's parts, as a live warehouse's background merges would have over the
 * months the bulk world pretends to span (a bulk insert leaves each chunk's rows in a part of
 * its own, which no running system would still have). Benchmarks only.
 */
export async function settleRollups(wh: Warehouse, onTable?: (table: string) => void): Promise<void> {
  for (const t of await rollupTables(wh)) {
    await wh.command(`OPTIMIZE TABLE ${t} FINAL`);
    onTable?.(t);
  }
}
