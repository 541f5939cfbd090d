// bun bench/metrics.ts [--players 1000000] [--events 100000000] [--runs 31] [--data-dir DIR] [--only substring|substring…] [--settle]
// Every /admin/metrics endpoint against the same SQL run directly in chDB, on the bulk world
// (warehouse/bulk.ts; built on the first run into DIR, reused after). For each endpoint: the
// median of `runs` requests through the whole app (guard, validation, handler, JSON/CSV out),
// the median of running exactly the statements that request ran (recorded at the warehouse
// port, inserts included) straight on the chDB session, one after another, through the same
// call (a streamed export through chDB's stream, with the statement the adapter sends; a query
// and an insert through their one-shot calls), and their ratio. A streamed export is also timed
// against chDB's one-shot call of its SQL, the fastest way chDB answers it but one an export of
// any size cannot use: the "1-shot" column. The variants rotate which goes first in each run, so
// none always meets caches another just warmed. A run's request and its replay are a pair, side
// by side in time; the goal is read on the median of the pairs' ratios ("paired"), since this
// VM's speed drifts within a run and moves the two medians apart (the ratio of the medians is
// printed beside it). The app
// runs as `npm start` does on Bun: libSQL through edge/bun-sqlite-client.ts, and warmed up by
// `--warmup` requests first, as a server that has been up for a while is (JIT-compiled code).
// Not a timed test.
import { z } from "zod";
import { parseArgs } from "node:util";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createBunSqliteClient } from "../edge/bun-sqlite-client.ts";
import type { RawInsertParams, RawInsertFormat, Session } from "chdb";
import { createDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { admins, sessions } from "../api/db/schema/index.ts";
import { sha256Hex } from "../api/domain/tokens.ts";
import { createApp } from "../api/app.ts";
import type { Deps } from "../api/deps.ts";
import { openChdbWarehouse, withStreamSettings } from "../warehouse/adapters/chdb.ts";
import { migrateWarehouse } from "../warehouse/migrate.ts";
import { buildBulkWorld, settleRollups } from "../warehouse/bulk.ts";
import type { Params, Warehouse } from "../warehouse/port.ts";

const NRow = z.object({ n: z.number() });
const TNRow = z.object({ t: z.string(), n: z.number() });
const LastRow = z.object({ last: z.string() });

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "1000000" },
    events: { type: "string", default: "100000000" },
    days: { type: "string", default: "365" },
    runs: { type: "string", default: "31" },
    warmup: { type: "string", default: "2000" },
    "data-dir": { type: "string", default: "./data/bench-metrics" },
    only: { type: "string" },
    settle: { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const dir = resolve(values["data-dir"]!, "chdb");
mkdirSync(dir, { recursive: true });
const wh = await openChdbWarehouse(dir, "bench");
await migrateWarehouse(wh);
const [{ n: existing }] = await wh.query("SELECT count() AS n FROM registrations", {}, NRow);
if (existing === 0) {
  const t0 = performance.now();
  const counts = await buildBulkWorld(wh, {
    players: Number(values.players),
    events: Number(values.events),
    days: Number(values.days),
    end: Date.now(),
    onProgress: (t, d, n) => d === n && console.log(`  ${t}: ${n}`),
  });
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  console.log(`bulk world built: ${total} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  await settleRollups(wh);
  console.log(`rollups merged in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
} else if (values.settle) {
  const t1 = performance.now();
  await settleRollups(wh);
  console.log(`rollups merged in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
}
const sizes = await wh.query(
  "SELECT table AS t, sum(rows) AS n FROM system.parts WHERE database = currentDatabase() AND active AND table IN ('registrations','activity','battles','payments','currency_movements','items','ad_views','admin_actions') GROUP BY t ORDER BY t",
  {},
  TNRow,
);
const events = sizes.reduce((s, r) => s + r.n, 0);
console.log(`world: ${sizes.map((s) => `${s.t}=${s.n}`).join(" ")} — ${events} events`);
const [{ last }] = await wh.query("SELECT toString(max(ts)) AS last FROM activity", {}, LastRow);
const now = Date.parse(`${last.replace(" ", "T")}Z`) + 60_000;

// Records the statements each request runs (the baseline replays exactly those).
// An insert (a recalculated month stored) is replayed as the adapter sends it: the same bytes
// through the session's insert.
type Recorded = { sql: string; params: Params; format: string; stream?: boolean } | { insert: RawInsertParams };
let recording: Recorded[] | null = null;
const recorder: Warehouse = {
  kind: wh.kind,
  database: wh.database,
  insertLines: (t, l, o) => (
    recording?.push({
      insert: {
        table: t,
        values: new TextEncoder().encode(l),
        format: (o?.format ?? "JSONEachRow") as RawInsertFormat,
        ...(o?.columns ? { columns: o.columns } : {}),
      },
    }),
    wh.insertLines(t, l, o)
  ),
  query: (sql, params = {}, row) => (
    recording?.push({ sql, params, format: "JSONEachRow" }), wh.query(sql, params, row)
  ),
  command: (sql, params = {}) => (recording?.push({ sql, params, format: "Null" }), wh.command(sql, params)),
  stream: (sql, params, format) => (
    recording?.push({ sql, params, format, stream: true }), wh.stream(sql, params, format)
  ),
  ping: () => wh.ping(),
  close: () => wh.close(),
};
// The raw chDB session under the adapter (not exported by it: the bench needs the engine itself).
const session = (wh as unknown as { s: { session: Session } }).s.session;

const tmp = mkdtempSync(join(tmpdir(), "tk-bench-"));
const client = createBunSqliteClient(`${tmp}/bench.db`);
await migrate(client);
const db = createDb(client);
const [admin] = await db
  .insert(admins)
  .values({ username: "bench", email: "bench@example.com", passwordHash: "x", role: "operator", createdAt: now })
  .returning();
const token = "bench-token";
await db.insert(sessions).values({
  tokenHash: await sha256Hex(token),
  kind: "admin",
  subjectId: admin.id,
  csrfToken: "bench-csrf",
  createdAt: now,
  lastSeenAt: now,
  expiresAt: now + 86_400_000,
});
const deps: Deps = {
  db,
  client,
  warehouse: recorder,
  clock: { now: () => now },
  mailer: { send: async () => {} },
  logger: { info() {}, warn() {}, error: (m, d) => console.error(m, d) },
  settings: { publicUrl: "http://127.0.0.1", insecureCookies: true, secrets: {} },
};
const app = createApp(deps);
const d = new Date(now);
const Y = d.getUTCFullYear();
const M = d.getUTCMonth() + 1;
const D = d.getUTCDate();
const prevMonth = M === 1 ? { y: Y - 1, m: 12 } : { y: Y, m: M - 1 };
const B = "/admin/metrics";
const endpoints: { name: string; path: string; body?: unknown }[] = [
  ...["registrations", "dau"].flatMap((a) => [
    { name: `${a}/ (page JSON)`, path: `${B}/${a}/` },
    { name: `${a}/yearly`, path: `${B}/${a}/yearly?year=${Y}` },
    { name: `${a}/{y}/{m}`, path: `${B}/${a}/${Y}/${M}` },
    { name: `${a}/{y}/{m}/{d}`, path: `${B}/${a}/${Y}/${M}/${D}` },
  ]),
  { name: "registrations/export/csv", path: `${B}/registrations/export/csv?year=${Y}` },
  { name: "dau/get/topCountries", path: `${B}/dau/get/topCountries?year=${Y}&month=${M}` },
  { name: "division/ (page JSON)", path: `${B}/division/` },
  ...["experience", "gold", "silver"].map((t) => ({ name: `division/${t}`, path: `${B}/division/${t}` })),
  { name: "expenses/ (page JSON)", path: `${B}/expenses/` },
  { name: "expenses/gold (year)", path: `${B}/expenses/gold?year=${Y}` },
  { name: "expenses/silver (month)", path: `${B}/expenses/silver?year=${Y}&month=${M}` },
  { name: "playersTanks/load", path: `${B}/playersTanks/load` },
  { name: "playersTanks/export", path: `${B}/playersTanks/export` },
  { name: "playersTanks/openPlayersProfiles", path: `${B}/playersTanks/openPlayersProfiles?item_id=7&limit=200` },
  { name: "playersCrews/load", path: `${B}/playersCrews/load` },
  { name: "playersCrews/open/profiles", path: `${B}/playersCrews/open/profiles?item_id=crew_3&limit=200` },
  { name: "comparePeriods/ (page JSON)", path: `${B}/comparePeriods/` },
  {
    name: "comparePeriods/getPeriodData",
    path: `${B}/comparePeriods/getPeriodData?from1=${Y}-01-01&to1=${Y}-03-31&from2=${Y}-04-01&to2=${Y}-06-30`,
  },
  {
    name: "comparePeriods/getCsv",
    path: `${B}/comparePeriods/getCsv?from1=${Y}-01-01&to1=${Y}-03-31&from2=${Y}-04-01&to2=${Y}-06-30`,
  },
  {
    name: "comparePeriods/get/monthly/data (stored)",
    path: `${B}/comparePeriods/get/monthly/data`,
    body: { year: prevMonth.y, month: prevMonth.m },
  },
  {
    name: "comparePeriods/get/range/data (12 months, stored)",
    path: `${B}/comparePeriods/get/range/data`,
    body: { fromYear: Y - 1, fromMonth: M, toYear: Y, toMonth: M },
  },
  {
    name: "comparePeriods/recalculate/month",
    path: `${B}/comparePeriods/recalculate/month`,
    body: { year: prevMonth.y, month: prevMonth.m },
  },
  { name: "payments/ (page JSON)", path: `${B}/payments/` },
  ...["market", "item", "country", "arpu", "arppu", "payingUsers", "conversion", "leavingPayers"].flatMap((t) => [
    { name: `payments/${t}/yearly`, path: `${B}/payments/${t}/yearly?year=${Y}` },
    { name: `payments/${t}/{y}/{m}`, path: `${B}/payments/${t}/${Y}/${M}` },
  ]),
  { name: "payments/export/csv/market", path: `${B}/payments/export/csv/market?year=${Y}` },
  { name: "tanksEarns/load (year)", path: `${B}/tanksEarns/load?year=${Y}` },
  { name: "retention/getData (day)", path: `${B}/retention/getData?year=${prevMonth.y}&month=${prevMonth.m}` },
  { name: "retention/getData (week, year)", path: `${B}/retention/getData?year=${Y}&unit=week` },
  { name: "adminControl/get/info", path: `${B}/adminControl/get/info?year=${Y}` },
  { name: "valuesMovements/loadSummary (year)", path: `${B}/valuesMovements/loadSummary?year=${Y}` },
  { name: "valuesMovements/loadByLevel", path: `${B}/valuesMovements/loadByLevel?year=${Y}&currency=silver` },
  { name: "valuesMovements/loadByMeta", path: `${B}/valuesMovements/loadByMeta?year=${Y}&currency=gold` },
  {
    name: "valuesMovements/loadSpecificData",
    path: `${B}/valuesMovements/loadSpecificData?year=${Y}&currency=silver&reason=repair`,
  },
  { name: "valuesMovements/export (month)", path: `${B}/valuesMovements/export?year=${Y}&month=${M}` },
  { name: "ads/companies/getAppMetricaData (year)", path: `${B}/ads/companies/getAppMetricaData?year=${Y}` },
  { name: "ads/companies/csv", path: `${B}/ads/companies/csv?year=${Y}` },
  {
    name: "ads/companies/exportPlayersToCsvAppMetrica (day)",
    path: `${B}/ads/companies/exportPlayersToCsvAppMetrica?year=${Y}&month=${M}&day=${D}`,
  },
  {
    name: "ads/companies/exportPaymentsToCsvAppMetrica (day)",
    path: `${B}/ads/companies/exportPaymentsToCsvAppMetrica?year=${Y}&month=${M}&day=${D}`,
  },
  {
    name: "cohort_payments/getData (day)",
    path: `${B}/cohort_payments/getData?year=${prevMonth.y}&month=${prevMonth.m}`,
  },
].filter((e) => !values.only || values.only.split("|").some((part) => e.name.includes(part)));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function request(e: (typeof endpoints)[number]) {
  const body = e.body ? JSON.stringify(e.body) : undefined;
  // A request as the server receives it over HTTP: a body comes with its Content-Length (a Request
  // built in process has none, and the body limit would read it as a stream of unknown length).
  const init: RequestInit = body
    ? {
        method: "POST",
        headers: {
          cookie: `tk_admin=${token}`,
          "x-csrf-token": "bench-csrf",
          "content-type": "application/json",
          "content-length": String(new TextEncoder().encode(body).length),
          accept: "application/json",
        },
        body,
      }
    : { headers: { cookie: `tk_admin=${token}`, accept: "application/json" } };
  const r = await app.request(e.path, init);
  const bytes = (await r.arrayBuffer()).byteLength;
  if (r.status !== 200) throw new Error(`${e.name}: ${r.status}`);
  return bytes;
}

// Warm the app up as a running server is (the middlewares, session lookup, validation and
// adapter code every endpoint shares get JIT-compiled): requests to a cheap endpoint.
const warmup = Number(values.warmup);
const tw = performance.now();
const warm = {
  name: "warm-up",
  path: `${B}/comparePeriods/get/monthly/data`,
  body: { year: prevMonth.y, month: prevMonth.m },
};
for (let i = 0; i < warmup; i++) await request(warm);
if (warmup) console.log(`warm-up: ${warmup} requests in ${((performance.now() - tw) / 1000).toFixed(1)} s`);

console.log(
  `\n${"endpoint".padEnd(52)} ${"app ms".padStart(8)} ${"chDB ms".padStart(8)} ${"ratio".padStart(6)} ${"paired".padStart(6)} ${"1-shot".padStart(6)}  stmts  bytes`,
);
const results: { name: string; app: number; sql: number; ratio: number; paired: number; oneShot?: number }[] = [];
for (const e of endpoints) {
  await request(e); // warm-up (and, for the stored comparePeriods months, the first computation)
  recording = [];
  const bytes = await request(e);
  const statements = recording;
  recording = null;
  const appTimes: number[] = [];
  const sqlTimes: number[] = [];
  const oneShotTimes: number[] = [];
  const timed = (times: number[], run: () => Promise<unknown>) => async () => {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  };
  const replay = (streamed: boolean) => async () => {
    for (const s of statements) {
      if ("insert" in s) await session.insert({ ...s.insert, settings: {} });
      else if (s.stream && streamed)
        for await (const chunk of session.queryStreamBind(withStreamSettings(s.sql), s.params, { format: s.format }))
          chunk.raw();
      else (await session.queryBindAsync(s.sql, s.params, { format: s.format })).bytes();
    }
  };
  const streams = statements.some((s) => "stream" in s && s.stream);
  const variants = [
    timed(appTimes, () => request(e)),
    timed(sqlTimes, replay(true)),
    ...(streams ? [timed(oneShotTimes, replay(false))] : []),
  ];
  for (let i = 0; i < runs; i++) for (const run of i % 2 ? [...variants].reverse() : variants) await run();
  const a = median(appTimes);
  const s = median(sqlTimes);
  const paired = median(appTimes.map((t, i) => t / sqlTimes[i]));
  const oneShot = streams ? median(appTimes.map((t, i) => t / oneShotTimes[i])) : undefined;
  results.push({ name: e.name, app: a, sql: s, ratio: a / s, paired, oneShot });
  console.log(
    `${e.name.padEnd(52)} ${a.toFixed(1).padStart(8)} ${s.toFixed(1).padStart(8)} ${(a / s).toFixed(2).padStart(6)} ${paired.toFixed(2).padStart(6)} ${(oneShot?.toFixed(2) ?? "").padStart(6)}  ${String(statements.length).padStart(5)}  ${bytes}`,
  );
}
const worst = results.reduce((m, r) => (r.app > m.app ? r : m), results[0]);
const over = results.filter((r) => r.app > 500 || r.paired > 1.2);
console.log(
  `\n${results.length} endpoints on ${events} events; slowest ${worst.name} ${worst.app.toFixed(1)} ms; median ratio ${median(results.map((r) => r.paired)).toFixed(2)} paired, ${median(results.map((r) => r.ratio)).toFixed(2)} of the medians`,
);
console.log(
  over.length
    ? `over the goal (>500 ms or >1.2x paired): ${over.map((r) => `${r.name} ${r.app.toFixed(0)} ms ${r.paired.toFixed(2)}x`).join("; ")}`
    : "every endpoint ≤ 500 ms and ≤ 1.2x (paired)",
);
const overMedians = results.filter((r) => r.ratio > 1.2);
if (overMedians.length)
  console.log(
    `over 1.2x as the ratio of the medians: ${overMedians.map((r) => `${r.name} ${r.ratio.toFixed(2)}x`).join("; ")}`,
  );
const streamed = results.filter((r) => r.oneShot !== undefined);
if (streamed.length)
  console.log(
    `streamed exports against chDB's one-shot call of their SQL (paired): ${streamed.map((r) => `${r.name} ${r.oneShot!.toFixed(2)}x`).join("; ")}`,
  );
client.close();
rmSync(tmp, { recursive: true, force: true });
await wh.close();
