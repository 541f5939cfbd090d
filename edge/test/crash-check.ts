// TEST ONLY (edge/crash.test.ts): opens a stopped server's data directory in a process of its own
// (chDB allows one data directory per process), ships what is left in the outbox, and prints
// what the crash test checks, as JSON:
//   missing       acknowledged ids (argv[3], a JSON file: players, ended battles, shop purchases,
//                 paid orders) not in the store as acknowledged
//   ledgerDiffs   players whose balance differs from the sum of their ledger entries
//   outboxVsWarehouse  per event table: event ids in the outbox but not in the warehouse, and the reverse
//   rollupDiffs   rollups whose figures differ from the same figures recomputed from the raw events
//   balances      current balances compared with the store's: how many, how many tied at their
//                 latest millisecond, and the wrong ones (the first 20, both values)
//   figures       each compared rollup's rows (the test wants none empty)
import { readFileSync } from "node:fs";
import { z } from "zod";
import { readEnv } from "../config.ts";
import { openClient, openWarehouse } from "../boot.ts";
import { migrateWarehouse } from "../../warehouse/migrate.ts";
import { drainOutbox } from "../../warehouse/shipper.ts";
import { WAREHOUSE_TABLES } from "../../warehouse/events.ts";
import { rollups } from "../../warehouse/migrations/0002_metrics_rollups.ts";
import { ROLLUP_TABLES } from "../../warehouse/migrations/index.ts";

const [dir, idsFile] = process.argv.slice(2);
const env = readEnv({ DATA_DIR: dir, SEED_PLAYERS: "0" });
const client = await openClient(env);
const wh = await openWarehouse(env);
await migrateWarehouse(wh);
await drainOutbox(client, wh);

const acknowledged = z
  .object({
    player: z.array(z.number()),
    battle: z.array(z.number()),
    purchase: z.array(z.number()),
    order: z.array(z.number()),
  })
  .parse(JSON.parse(readFileSync(idsFile, "utf8")));
const ids = async (sql: string) => new Set((await client.execute(sql)).rows.map((r) => Number(r.id)));
const present = await ids("SELECT id FROM players");
// What each acknowledgement promised: the player exists, the battle finished, the purchase was made, the order is paid.
const kept = {
  player: present,
  battle: await ids("SELECT id FROM battles WHERE status = 'finished' AND ended_at IS NOT NULL"),
  purchase: await ids("SELECT id FROM shop_purchases"),
  order: await ids("SELECT id FROM billing_orders WHERE status = 'paid'"),
};
const missing = Object.fromEntries(
  Object.entries(acknowledged).map(([kind, list]) => [
    kind,
    list.filter((id) => !kept[kind as keyof typeof kept].has(id)),
  ]),
);

const ledgerDiffs = (
  await client.execute(`SELECT p.id, p.gold, p.silver,
      coalesce((SELECT sum(delta) FROM ledger_entries l WHERE l.player_id = p.id AND l.currency = 'gold'), 0) AS lg,
      coalesce((SELECT sum(delta) FROM ledger_entries l WHERE l.player_id = p.id AND l.currency = 'silver'), 0) AS ls
    FROM players p`)
).rows
  .filter((r) => Number(r.gold) !== Number(r.lg) || Number(r.silver) !== Number(r.ls))
  .map((r) => Number(r.id));

const idRow = z.object({ event_id: z.string() });
const outboxVsWarehouse: Record<string, { notInWarehouse: number; notInOutbox: number; outbox: number }> = {};
for (const table of WAREHOUSE_TABLES) {
  const inOutbox = new Set(
    (await client.execute({ sql: 'SELECT event_id FROM outbox WHERE "table" = ?', args: [table] })).rows.map((r) =>
      String(r.event_id),
    ),
  );
  const inWarehouse = new Set(
    (await wh.query(`SELECT toString(event_id) AS event_id FROM ${table}`, {}, idRow)).map((r) => r.event_id),
  );
  outboxVsWarehouse[table] = {
    outbox: inOutbox.size,
    notInWarehouse: [...inOutbox].filter((id) => !inWarehouse.has(id)).length,
    notInOutbox: [...inWarehouse].filter((id) => !inOutbox.has(id)).length,
  };
}

// Each rollup after merges (FINAL) against its own SELECT over the raw events, aggregate states finalized.
const anyRow = z.record(z.string(), z.unknown());
const rollupDiffs: string[] = [];
const figures: Record<string, number> = {};
for (const r of rollups) {
  const exists = await wh.query(
    "SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = {t:String}",
    { t: r.table },
    z.object({ n: z.number() }),
  );
  if (!exists[0].n) continue;
  const cols = await wh.query(
    "SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = {t:String} ORDER BY position",
    { t: r.table },
    z.object({ name: z.string(), type: z.string() }),
  );
  const exprs = cols
    .map((c) =>
      c.type.startsWith("AggregateFunction")
        ? `toString(finalizeAggregation(${c.name})) AS ${c.name}`
        : `toString(${c.name}) AS ${c.name}`,
    )
    .join(", ");
  // A summing rollup drops rows whose sums are all zero when it merges; so does the comparison.
  const stored = await wh.query(`SELECT ${exprs} FROM ${r.table} FINAL ORDER BY ALL`, {}, anyRow);
  const fresh = await wh.query(`SELECT ${exprs} FROM (${r.select}) ORDER BY ALL`, {}, anyRow);
  figures[r.table] = stored.length;
  if (JSON.stringify(stored) !== JSON.stringify(fresh)) rollupDiffs.push(r.table);
}
// The rollups of 0003/0004 (DAU, MAU, retention, payers, current balances) against the raw events.
const same = async (name: string, rollup: string, raw: string) => {
  const row = z.object({ k: z.string(), n: z.number() });
  const stored = await wh.query(rollup, {}, row);
  figures[name] = stored.length;
  if (JSON.stringify(stored) !== JSON.stringify(await wh.query(raw, {}, row))) rollupDiffs.push(name);
};
await same(
  "active_days",
  "SELECT toString(day) AS k, toUInt64(groupBitmapMerge(players)) AS n FROM active_days GROUP BY day ORDER BY day",
  "SELECT toString(toDate(ts)) AS k, uniqExact(player_id) AS n FROM activity GROUP BY toDate(ts) ORDER BY toDate(ts)",
);
await same(
  "active_monthly",
  "SELECT toString(month) AS k, toUInt64(groupBitmapMerge(players)) AS n FROM active_monthly GROUP BY month ORDER BY month",
  "SELECT toString(toStartOfMonth(ts)) AS k, uniqExact(player_id) AS n FROM activity GROUP BY toStartOfMonth(ts) ORDER BY toStartOfMonth(ts)",
);
await same(
  "retention_weekly",
  "SELECT concat(toString(cohort_week), ' ', toString(week)) AS k, toUInt64(groupBitmapMerge(players)) AS n FROM retention_weekly GROUP BY cohort_week, week ORDER BY cohort_week, week",
  "SELECT concat(toString(toMonday(reg_ts)), ' ', toString(toMonday(ts))) AS k, uniqExact(player_id) AS n FROM activity GROUP BY toMonday(reg_ts), toMonday(ts) ORDER BY toMonday(reg_ts), toMonday(ts)",
);

await same(
  "payers_daily",
  "SELECT toString(day) AS k, toUInt64(groupBitmapMerge(payers)) AS n FROM payers_daily GROUP BY day ORDER BY day",
  "SELECT toString(toDate(ts)) AS k, uniqExact(player_id) AS n FROM payments WHERE status = 'paid' GROUP BY toDate(ts) ORDER BY toDate(ts)",
);
await same(
  "payers_monthly",
  "SELECT toString(month) AS k, toUInt64(groupBitmapMerge(payers)) AS n FROM payers_monthly GROUP BY month ORDER BY month",
  "SELECT toString(toStartOfMonth(ts)) AS k, uniqExact(player_id) AS n FROM payments WHERE status = 'paid' GROUP BY toStartOfMonth(ts) ORDER BY toStartOfMonth(ts)",
);
// Each player's current balance per currency (the division dashboard, balances_current_v2)
// against the store's own balance, for every player with a ledger entry in that currency: every
// one must be equal. `tiedAtLatest` counts the player-currencies whose latest movement shares its
// millisecond with another (a battle's reward and repair), which a version by time alone got
// wrong now and then (issue #14); they are compared like every other.
const BalanceRow = z.object({ currency: z.string(), player: z.string(), balance: z.string() });
const balances = {
  compared: 0,
  tiedAtLatest: 0,
  wrongCount: 0,
  wrong: [] as { currency: string; player: string; warehouse: string | null; store: string | null }[],
};
{
  const stored = await wh.query(
    "SELECT currency, toString(player_id) AS player, toString(balance) AS balance FROM balances_current_v2 FINAL ORDER BY currency, player_id",
    {},
    BalanceRow,
  );
  figures.balances_current_v2 = stored.length;
  const store = (
    await client.execute(`SELECT l.currency, p.id AS player, CASE l.currency WHEN 'gold' THEN p.gold ELSE p.silver END AS balance
      FROM players p JOIN (SELECT DISTINCT player_id, currency FROM ledger_entries) l ON l.player_id = p.id ORDER BY l.currency, p.id`)
  ).rows.map((r) => ({ currency: String(r.currency), player: String(r.player), balance: String(r.balance) }));
  const [{ n }] = await wh.query(
    "SELECT count() AS n FROM (SELECT currency, player_id FROM currency_movements GROUP BY currency, player_id HAVING arrayCount((t) -> t = max(ts), groupArray(ts)) > 1)",
    {},
    z.object({ n: z.number() }),
  );
  const key = (r: { currency: string; player: string }) => `${r.currency}:${r.player}`;
  const inWarehouse = new Map(stored.map((r) => [key(r), r.balance]));
  const inStore = new Map(store.map((r) => [key(r), r.balance]));
  const wrong = [...new Set([...inStore.keys(), ...inWarehouse.keys()])]
    .filter((k) => inWarehouse.get(k) !== inStore.get(k))
    .map((k) => {
      const [currency, player] = k.split(":");
      return { currency, player, warehouse: inWarehouse.get(k) ?? null, store: inStore.get(k) ?? null };
    });
  Object.assign(balances, {
    compared: store.length,
    tiedAtLatest: n,
    wrongCount: wrong.length,
    wrong: wrong.slice(0, 20),
  });
  if (wrong.length) rollupDiffs.push("balances_current_v2");
}
// Every table a view fills is among those compared.
const uncovered = ROLLUP_TABLES.filter((t) => !(t in figures));

console.log(
  JSON.stringify({
    balances,
    acknowledged: Object.fromEntries(Object.entries(acknowledged).map(([k, v]) => [k, v.length])),
    players: present.size,
    missing,
    ledgerDiffs,
    outboxVsWarehouse,
    rollupDiffs,
    figures,
    uncovered,
  }),
);
await wh.close();
client.close();
process.exit(0);
