// THE check of the dashboards: a deterministic world of events goes straight into the
// warehouse; every metric is computed again in TypeScript from the same events (testing.ts);
// the endpoints' figures must match exactly (money to the cent).
import { csvRecords } from "../../api/domain/csv.ts";
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../api/test/fixture.ts";
import { admins, contentTanks, sessions } from "../../api/db/schema/index.ts";
import { sha256Hex } from "../../api/domain/tokens.ts";
import { WAREHOUSE_TABLES } from "../events.ts";
import { DIVISION_EDGES, DIVISION_TYPES } from "./division.ts";
import {
  generateWorld,
  type World,
  dayOf,
  monthOf,
  hourOf,
  inRange,
  addDay,
  round2,
  ratio4,
  countBy,
  sumBy,
  distinctBy,
  distinct,
  activeIn,
  payersIn,
  revenueIn,
} from "./testing.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const START = Date.UTC(2026, 7, 1);
const BASE = "/admin/metrics";

let w: TestWorld;
let world: World;
let cookie = "";
let csrf = "";
let supportCookie = "";

async function signIn(role: "operator" | "support") {
  const [a] = await w.deps.db
    .insert(admins)
    .values({ username: `m_${role}`, email: `${role}@example.com`, passwordHash: "x", role, createdAt: NOW })
    .returning();
  const token = `tok-${role}-${Math.random()}`;
  const csrfToken = `csrf-${role}`;
  await w.deps.db.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    kind: "admin",
    subjectId: a.id,
    csrfToken,
    createdAt: NOW,
    lastSeenAt: NOW,
    expiresAt: NOW + 86_400_000,
  });
  return { cookie: `tk_admin=${token}`, csrf: csrfToken };
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await w.app.request(path, {
    headers: { cookie, accept: "application/json", "accept-language": "en", ...headers },
  });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.headers.get("content-type")?.includes("json") ? r.json() : r.text();
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  w.app.request(path, {
    method: "POST",
    headers: {
      cookie,
      "content-type": "application/json",
      accept: "application/json",
      "accept-language": "en",
      ...headers,
    },
    body: JSON.stringify(body),
  });
const parseCsv = (text: string) => csvRecords(text) ?? [];
const obj = (xs: { key: string; n: number }[]) => Object.fromEntries(xs.map((x) => [x.key, x.n]));
const nonZero = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0));

beforeAll(async () => {
  w = await makeWorld({ now: NOW });
  world = generateWorld(20261120, 260, START, NOW);
  for (const t of WAREHOUSE_TABLES) {
    const lines = (world[t] as { row: unknown }[]).map((e) => JSON.stringify(e.row)).join("\n");
    if (lines) await w.deps.warehouse.insertLines(t, lines);
  }
  ({ cookie, csrf } = await signIn("operator"));
  supportCookie = (await signIn("support")).cookie;
}, 120_000);
afterAll(() => w?.close());

describe("metrics: every dashboard matches an independent computation", () => {
  test("the world is big enough to mean something", () => {
    expect(world.registrations.length).toBe(260);
    expect(world.activity.length).toBeGreaterThan(2000);
    expect(world.payments.filter((p) => p.row.status !== "paid").length).toBeGreaterThan(3);
  });

  test("registrations: yearly, monthly, daily, -1, splits and CSV", async () => {
    const regs = world.registrations;
    const y = await get(`${BASE}/registrations/yearly?year=2026`);
    expect(nonZero(Object.fromEntries(y.series.map((s: { bucket: string; n: number }) => [s.bucket, s.n])))).toEqual(
      countBy(regs, (e) => monthOf(e.at)),
    );
    expect(y.total).toBe(regs.length);
    expect(obj(y.byCountry)).toEqual(countBy(regs, (e) => e.row.country));
    expect(obj(y.byPlatform)).toEqual(countBy(regs, (e) => e.row.platform));
    expect(obj(y.bySource)).toEqual(countBy(regs, (e) => e.row.source));
    expect(await get(`${BASE}/registrations/yearly?year=-1`)).toEqual(y);
    const oct = regs.filter((e) => inRange(e.at, "2026-10-01", "2026-11-01"));
    const m = await get(`${BASE}/registrations/2026/10`);
    expect(m.series.length).toBe(31);
    expect(nonZero(Object.fromEntries(m.series.map((s: { bucket: string; n: number }) => [s.bucket, s.n])))).toEqual(
      countBy(oct, (e) => dayOf(e.at)),
    );
    const dayRegs = regs.filter((e) => inRange(e.at, "2026-10-07", "2026-10-08"));
    const d = await get(`${BASE}/registrations/2026/10/7`);
    expect(d.series.length).toBe(24);
    expect(d.total).toBe(dayRegs.length);
    expect(nonZero(Object.fromEntries(d.series.map((s: { bucket: string; n: number }) => [s.bucket, s.n])))).toEqual(
      countBy(dayRegs, (e) => hourOf(e.at)),
    );
    const page = await get(`${BASE}/registrations/`);
    expect(page.total).toBe(regs.filter((e) => inRange(e.at, "2026-11-01", "2026-12-01")).length);
    const csv = parseCsv(await get(`${BASE}/registrations/export/csv?year=2026&month=10`));
    expect(csv.reduce((s, r) => s + Number(r.registrations), 0)).toBe(oct.length);
  });

  test("dau: DAU, WAU, MAU, stickiness, yearly average, hours, top countries", async () => {
    const act = world.activity;
    const m = await get(`${BASE}/dau/2026/10`);
    for (const p of m.series) {
      const dau = activeIn(world, p.bucket, addDay(p.bucket, 1)).size;
      const wau = activeIn(world, addDay(p.bucket, -6), addDay(p.bucket, 1)).size;
      const mau = activeIn(world, addDay(p.bucket, -29), addDay(p.bucket, 1)).size;
      expect([p.bucket, p.dau, p.wau, p.mau, p.stickiness]).toEqual([p.bucket, dau, wau, mau, ratio4(dau, mau)]);
    }
    expect(m.active).toBe(activeIn(world, "2026-10-01", "2026-11-01").size);
    expect(obj(m.byCountry)).toEqual(
      distinctBy(
        act.filter((e) => inRange(e.at, "2026-10-01", "2026-11-01")),
        (e) => e.row.country,
        (e) => e.row.player_id,
      ),
    );
    const y = await get(`${BASE}/dau/yearly?year=2026`);
    for (const p of y.series) {
      const next =
        p.bucket === "2026-12-01"
          ? "2027-01-01"
          : `2026-${String(Number(p.bucket.slice(5, 7)) + 1).padStart(2, "0")}-01`;
      expect(p.mau).toBe(activeIn(world, p.bucket, next).size);
      if (p.mau === 0) continue;
      const end = next < "2026-11-21" ? next : "2026-11-21";
      let sum = 0;
      let days = 0;
      for (let d = p.bucket; d < end; d = addDay(d, 1), days++) sum += activeIn(world, d, addDay(d, 1)).size;
      expect(p.dau).toBe(round2(sum / days));
    }
    const nov = await get(`${BASE}/dau/2026/11`);
    expect(nov.series.filter((x: { bucket: string; mau: number }) => x.bucket > "2026-11-20" && x.mau !== 0)).toEqual(
      [],
    );
    expect(nov.series.find((x: { bucket: string }) => x.bucket === "2026-11-20").mau).toBe(
      activeIn(world, "2026-10-22", "2026-11-21").size,
    );
    const d = await get(`${BASE}/dau/2026/11/3`);
    const ofDay = act.filter((e) => inRange(e.at, "2026-11-03", "2026-11-04"));
    expect(
      nonZero(Object.fromEntries(d.series.map((s: { bucket: string; dau: number }) => [s.bucket, s.dau]))),
    ).toEqual(
      distinctBy(
        ofDay,
        (e) => hourOf(e.at),
        (e) => e.row.player_id,
      ),
    );
    expect(d.series[0].mau).toBe(activeIn(world, "2026-10-05", "2026-11-04").size);
    const top = await get(`${BASE}/dau/get/topCountries?year=2026&month=10&limit=3`);
    const all = distinctBy(
      act.filter((e) => inRange(e.at, "2026-10-01", "2026-11-01")),
      (e) => e.row.country,
      (e) => e.row.player_id,
    );
    const expected = Object.entries(all)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3);
    expect(top.countries.map((c: { key: string; n: number }) => [c.key, c.n])).toEqual(expected);
  });

  test("division: latest balances and total experience in buckets", async () => {
    for (const type of DIVISION_TYPES) {
      const values = new Map<number, number>();
      if (type === "experience")
        for (const b of world.battles)
          values.set(b.row.player_id, (values.get(b.row.player_id) ?? 0) + b.row.experience);
      else
        for (const e of world.currency_movements)
          if (e.row.currency === type) values.set(e.row.player_id, e.row.balance_after); // events are in time order per player
      const edges = DIVISION_EDGES[type];
      const counts = edges.map(() => 0);
      for (const v of values.values()) counts[Math.max(edges.filter((e) => e <= v).length, 1) - 1]++;
      const sorted = [...values.values()].sort((a, b) => a - b);
      const r = await get(`${BASE}/division/${type}`);
      expect(r.players).toBe(values.size);
      expect(r.total).toBe(sorted.reduce((s, v) => s + v, 0));
      expect(r.buckets.map((b: { players: number }) => b.players)).toEqual(counts);
      expect(r.median).toBe(sorted[Math.floor((sorted.length - 1) / 2)]);
    }
  });

  test("expenses and values movements by reason, level and time", async () => {
    const oct = world.currency_movements.filter((e) => inRange(e.at, "2026-10-01", "2026-11-01"));
    for (const cur of ["gold", "silver"] as const) {
      const sinks = oct.filter((e) => e.row.currency === cur && e.row.delta < 0);
      const sources = oct.filter((e) => e.row.currency === cur && e.row.delta > 0);
      const ex = await get(`${BASE}/expenses/${cur}?year=2026&month=10`);
      expect(ex.total).toBe(sinks.reduce((s, e) => s - e.row.delta, 0));
      expect(Object.fromEntries(ex.reasons.map((r: { reason: string; spent: number }) => [r.reason, r.spent]))).toEqual(
        sumBy(
          sinks,
          (e) => e.row.reason,
          (e) => -e.row.delta,
        ),
      );
      expect(
        nonZero(Object.fromEntries(ex.series.map((s: { bucket: string; total: number }) => [s.bucket, s.total]))),
      ).toEqual(
        sumBy(
          sinks,
          (e) => dayOf(e.at),
          (e) => -e.row.delta,
        ),
      );
      const lvl = await get(`${BASE}/valuesMovements/loadByLevel?year=2026&month=10&currency=${cur}`);
      expect(
        Object.fromEntries(
          lvl.levels.map((l: { level: number; earned: number; spent: number }) => [l.level, [l.earned, l.spent]]),
        ),
      ).toEqual(
        Object.fromEntries(
          [...new Set(oct.filter((e) => e.row.currency === cur).map((e) => e.row.player_level))].map((l) => [
            l,
            [
              sources.filter((e) => e.row.player_level === l).reduce((s, e) => s + e.row.delta, 0),
              sinks.filter((e) => e.row.player_level === l).reduce((s, e) => s - e.row.delta, 0),
            ],
          ]),
        ),
      );
      const meta = await get(`${BASE}/valuesMovements/loadByMeta?year=2026&month=10&currency=${cur}`);
      for (const r of meta.reasons) {
        expect(r.earned).toBe(sources.filter((e) => e.row.reason === r.reason).reduce((s, e) => s + e.row.delta, 0));
        expect(r.n_out).toBe(sinks.filter((e) => e.row.reason === r.reason).length);
      }
    }
    const sum = await get(`${BASE}/valuesMovements/loadSummary?year=2026&month=10`);
    for (const t of sum.totals) {
      const mine = oct.filter((e) => e.row.currency === t.currency);
      expect(t.net).toBe(mine.reduce((s, e) => s + e.row.delta, 0));
    }
    const spec = await get(`${BASE}/valuesMovements/loadSpecificData?year=2026&month=10&currency=silver&reason=repair`);
    expect(
      nonZero(Object.fromEntries(spec.series.map((s: { bucket: string; spent: number }) => [s.bucket, s.spent]))),
    ).toEqual(
      sumBy(
        oct.filter((e) => e.row.currency === "silver" && e.row.reason === "repair" && e.row.delta < 0),
        (e) => dayOf(e.at),
        (e) => -e.row.delta,
      ),
    );
    const csv = parseCsv(await get(`${BASE}/valuesMovements/export?year=2026&month=10`));
    expect(csv.reduce((s, r) => s + Number(r.net), 0)).toBe(oct.reduce((s, e) => s + e.row.delta, 0));
  });

  test("players' tanks and crews: owners from item deltas, and their profiles", async () => {
    for (const [slug, type, open] of [
      ["playersTanks", "tank", "openPlayersProfiles"],
      ["playersCrews", "crew", "open/profiles"],
    ] as const) {
      const held = new Map<string, Map<number, number>>();
      for (const e of world.items)
        if (e.row.item_type === type) {
          const m = held.get(e.row.item_id) ?? new Map<number, number>();
          m.set(e.row.player_id, (m.get(e.row.player_id) ?? 0) + e.row.delta);
          held.set(e.row.item_id, m);
        }
      const r = await get(`${BASE}/${slug}/load`);
      const expected = Object.fromEntries(
        [...held].map(([item, m]) => [item, [...m.values()].filter((v) => v > 0).length]),
      );
      expect(
        nonZero(Object.fromEntries(r.items.map((i: { item_id: string; owners: number }) => [i.item_id, i.owners]))),
      ).toEqual(nonZero(expected));
      const item = [...held.keys()].sort()[0];
      const ids = [...held.get(item)!]
        .filter(([, v]) => v > 0)
        .map(([p]) => p)
        .sort((a, b) => a - b);
      const o = await get(`${BASE}/${slug}/${open}?item_id=${item}&limit=1000`);
      expect(o.playerIds).toEqual(ids);
      expect(o.profiles[0].url).toBe(`/admin/player/${ids[0]}`);
      const csv = parseCsv(await get(`${BASE}/${slug}/export`));
      expect(Object.fromEntries(csv.map((c) => [c.item_id, Number(c.owners)]))).toEqual(expected);
    }
  });

  const headlineOf = (from: string, toExcl: string) => {
    const ms = world.currency_movements.filter((e) => inRange(e.at, from, toExcl));
    const pays = world.payments.filter((e) => inRange(e.at, from, toExcl));
    const flow = (cur: string, sign: 1 | -1) =>
      ms.filter((e) => e.row.currency === cur && e.row.delta * sign > 0).reduce((s, e) => s + e.row.delta * sign, 0);
    const h = {
      registrations: world.registrations.filter((e) => inRange(e.at, from, toExcl)).length,
      active: activeIn(world, from, toExcl).size,
      revenue: revenueIn(world, from, toExcl),
      gross: pays.filter((p) => p.row.status === "paid").reduce((s, p) => s + p.row.amount_usd_cents, 0),
      refunds: -pays.filter((p) => p.row.status !== "paid").reduce((s, p) => s + p.row.amount_usd_cents, 0),
      payers: payersIn(world, from, toExcl).size,
      battles: world.battles.filter((e) => inRange(e.at, from, toExcl)).length,
      gold_earned: flow("gold", 1),
      gold_spent: flow("gold", -1),
      silver_earned: flow("silver", 1),
      silver_spent: flow("silver", -1),
    };
    return {
      ...h,
      arpu: h.active ? round2(h.revenue / h.active) : 0,
      arppu: h.payers ? round2(h.revenue / h.payers) : 0,
      conversion: ratio4(h.payers, h.active),
    };
  };

  test("comparePeriods: any two periods, monthly figures materialised and recalculable", async () => {
    const r = await get(
      `${BASE}/comparePeriods/getPeriodData?from1=01.09.2026&to1=15.09.2026&from2=2026-10-01&to2=2026-10-31`,
    );
    expect(r.first.figures).toEqual(headlineOf("2026-09-01", "2026-09-16"));
    expect(r.second.figures).toEqual(headlineOf("2026-10-01", "2026-11-01"));
    const csv = parseCsv(
      await get(`${BASE}/comparePeriods/getCsv?from1=01.09.2026&to1=15.09.2026&from2=2026-10-01&to2=2026-10-31`),
    );
    expect(Number(csv.find((c) => c.metric === "revenue")!["2026-10-01..2026-10-31"])).toBe(
      headlineOf("2026-10-01", "2026-11-01").revenue,
    );
    const month = await post(`${BASE}/comparePeriods/get/monthly/data`, { year: 2026, month: 9 });
    expect(month.status).toBe(200);
    expect((await month.json()).figures).toEqual(headlineOf("2026-09-01", "2026-10-01"));
    const range = await post(`${BASE}/comparePeriods/get/range/data`, {
      fromYear: 2026,
      fromMonth: 8,
      toYear: 2026,
      toMonth: 11,
    });
    const months = (await range.json()).months;
    expect(months.map((m: { month: string }) => m.month)).toEqual([
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
      "2026-11-01",
    ]);
    for (const m of months)
      expect(m.figures).toEqual(
        headlineOf(m.month, m.month === "2026-11-01" ? "2026-12-01" : `${addDay(m.month, 40).slice(0, 8)}01`),
      );
  });

  test("payments: every type, yearly and monthly, net of refunds, and CSV", async () => {
    const months = ["2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01"];
    const nextMonth = (m: string) => `${addDay(m, 40).slice(0, 8)}01`;
    for (const type of ["market", "item", "country", "arpu", "arppu", "payingUsers", "conversion", "leavingPayers"]) {
      const y = await get(`${BASE}/payments/${type}/yearly?year=2026`);
      for (const m of months) {
        const s = y.series.find((x: { bucket: string }) => x.bucket === m);
        const h = headlineOf(m, nextMonth(m));
        expect([m, s.revenue, s.gross, s.refunds, s.payers, s.active]).toEqual([
          m,
          h.revenue,
          h.gross,
          h.refunds,
          h.payers,
          h.active,
        ]);
        expect(s.arpu).toBeCloseTo(h.arpu, 1);
        expect(s.arppu).toBeCloseTo(h.arppu, 1);
        expect(s.conversion).toBeCloseTo(h.conversion, 3);
      }
      if (type === "market" || type === "item" || type === "country") {
        const col = type === "item" ? "item_id" : type;
        const pays = world.payments.filter((e) => inRange(e.at, "2026-01-01", "2027-01-01"));
        expect(Object.fromEntries(y.keys.map((k: { key: string; revenue: number }) => [k.key, k.revenue]))).toEqual(
          sumBy(
            pays,
            (e) => String((e.row as unknown as Record<string, unknown>)[col]),
            (e) => e.row.amount_usd_cents,
          ),
        );
      }
      if (type === "leavingPayers") {
        for (const m of months.slice(1)) {
          const prevM = months[months.indexOf(m) - 1];
          const prev = payersIn(world, prevM, m);
          const cur = payersIn(world, m, nextMonth(m));
          const row = y.leaving.find((l: { bucket: string }) => l.bucket === m);
          expect([m, row.previous, row.leaving]).toEqual([m, prev.size, [...prev].filter((p) => !cur.has(p)).length]);
        }
        const one = await get(`${BASE}/payments/leavingPayers/2026/10`);
        expect(one.leaving.length).toBe(1);
      }
    }
    const m = await get(`${BASE}/payments/item/2026/10`);
    for (const s of m.series)
      expect([s.bucket, s.revenue]).toEqual([s.bucket, revenueIn(world, s.bucket, addDay(s.bucket, 1))]);
    expect(m.total.payers).toBe(payersIn(world, "2026-10-01", "2026-11-01").size);
    const csv = parseCsv(await get(`${BASE}/payments/export/csv/country?year=2026&month=10`));
    expect(Object.keys(csv[0])).toEqual([
      "day",
      "country",
      "net_revenue_usd_cents",
      "gross_usd_cents",
      "refunds_usd_cents",
      "purchases",
      "paying_players",
    ]);
    expect(csv.reduce((s, r) => s + Number(r.net_revenue_usd_cents), 0)).toBe(
      revenueIn(world, "2026-10-01", "2026-11-01"),
    );
    const csv2 = parseCsv(await get(`${BASE}/payments/export/csv/arppu?year=2026`));
    expect(Number(csv2.find((r) => r.month === "2026-10-01")!.net_revenue_usd_cents)).toBe(
      revenueIn(world, "2026-10-01", "2026-11-01"),
    );
    expect(Object.keys(csv2[0])).toContain("arppu_usd_cents");
    const csv3 = parseCsv(await get(`${BASE}/payments/export/csv/leavingPayers?year=2026`));
    expect(Object.keys(csv3[0])).toEqual(["month", "paid_previous_month", "stayed", "left_payers"]);
    expect(csv3.map((r) => r.month)).toEqual([...csv3.map((r) => r.month)].sort());
  });

  test("tanksEarns: earned vs spent per battle per tank", async () => {
    const r = await get(`${BASE}/tanksEarns/load?year=2026&month=10`);
    const bs = world.battles.filter((e) => inRange(e.at, "2026-10-01", "2026-11-01"));
    const byTank = Object.entries(countBy(bs, (b) => String(b.row.tank_id)));
    expect(r.tanks.length).toBe(byTank.length);
    for (const t of r.tanks) {
      const mine = bs.filter((b) => b.row.tank_id === t.tank_id);
      const earned = mine.reduce((s, b) => s + b.row.silver_earned, 0);
      const spent = mine.reduce((s, b) => s + b.row.silver_spent, 0);
      expect([t.battles, t.silver_earned, t.silver_spent, t.gold_earned, t.wins]).toEqual([
        mine.length,
        earned,
        spent,
        mine.reduce((s, b) => s + b.row.gold_earned, 0),
        mine.filter((b) => b.row.result === "win").length,
      ]);
      expect(t.earned_per_battle).toBe(round2(earned / mine.length));
      expect(t.net_per_battle).toBe(round2((earned - spent) / mine.length));
    }
    // Names, not ids (issue 31): the catalogue's name in the request's language; a tank gone from
    // the catalogue (the world's last) reads "#id".
    const ids = r.tanks.map((t: { tank_id: number }) => t.tank_id).sort((a: number, b: number) => a - b);
    await w.deps.db.insert(contentTanks).values(
      ids.slice(0, -1).map((id: number) => ({
        id,
        nameRu: `Танк ${id}`,
        nameEn: `Tank ${id}`,
        nation: "ussr" as const,
        type: "medium" as const,
        tier: 1,
        ...{ hp: 100, damage: 10, penetration: 10, armor: 10, speed: 40, rateOfFire: 60, updatedAt: NOW },
      })),
    );
    const catalogue = await w.deps.db.select().from(contentTanks);
    const named = (lang: "ru" | "en") =>
      new Map(catalogue.map((c) => [c.id, lang === "en" ? c.nameEn : c.nameRu] as const));
    const en = named("en");
    const inEn = await get(`${BASE}/tanksEarns/load?year=2026&month=10`);
    expect(inEn.tanks.filter((t: { tank_id: number }) => en.has(t.tank_id)).length).toBeGreaterThan(1);
    expect(inEn.tanks.at(-1).tank_name).toBe(`#${ids.at(-1)}`);
    for (const t of inEn.tanks)
      expect([t.tank_id, t.tank_name]).toEqual([t.tank_id, en.get(t.tank_id) ?? `#${t.tank_id}`]);
    const ru = named("ru");
    const inRu = await get(`${BASE}/tanksEarns/load?year=2026&month=10`, { "accept-language": "ru" });
    for (const t of inRu.tanks)
      expect([t.tank_id, t.tank_name]).toEqual([t.tank_id, ru.get(t.tank_id) ?? `#${t.tank_id}`]);
  });

  test("retention: D1/D7/D30 and the cohort triangle by day and week", async () => {
    const regDay = new Map(world.registrations.map((e) => [e.row.player_id, dayOf(e.at)]));
    const activeOn = new Set(world.activity.map((e) => `${e.row.player_id}|${dayOf(e.at)}`));
    const sept = world.registrations.filter((e) => inRange(e.at, "2026-09-01", "2026-10-01"));
    const r = await get(`${BASE}/retention/getData?year=2026&month=9&unit=day`);
    for (const dn of r.dn) {
      const eligible = sept.filter((e) => addDay(dayOf(e.at), dn.day) < "2026-11-20");
      const kept = eligible.filter((e) =>
        activeOn.has(`${e.row.player_id}|${addDay(regDay.get(e.row.player_id)!, dn.day)}`),
      ).length;
      expect([dn.day, dn.cohort, dn.retained]).toEqual([dn.day, eligible.length, kept]);
    }
    for (const c of r.cohorts) {
      const members = sept.filter((e) => dayOf(e.at) === c.cohort).map((e) => e.row.player_id);
      expect(c.size).toBe(members.length);
      expect(c.retained).toEqual(
        c.retained.map(
          (_: number, n: number) => members.filter((p) => activeOn.has(`${p}|${addDay(c.cohort, n)}`)).length,
        ),
      );
    }
    const wk = await get(`${BASE}/retention/getData?year=2026&month=9&unit=week`);
    expect(wk.cohorts.map((c: { cohort: string }) => c.cohort)).toEqual([
      "2026-08-31",
      "2026-09-07",
      "2026-09-14",
      "2026-09-21",
      "2026-09-28",
    ]);
    const monday = (d: string) => addDay(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
    for (const c of wk.cohorts) {
      const members = world.registrations.filter((e) => monday(dayOf(e.at)) === c.cohort).map((e) => e.row.player_id);
      expect(c.size).toBe(members.length);
      const expected = c.retained.map((_: number, n: number) => {
        const from = addDay(c.cohort, 7 * n);
        const who = distinct(
          world.activity.filter((e) => inRange(e.at, from, addDay(from, 7)) && members.includes(e.row.player_id)),
          (e) => e.row.player_id,
        );
        return who.size;
      });
      expect(c.retained).toEqual(expected);
    }
  });

  test("adminControl: operators' actions from the admin log events", async () => {
    const r = await get(`${BASE}/adminControl/get/info?year=2026`);
    const acts = world.admin_actions.filter((e) => inRange(e.at, "2026-01-01", "2027-01-01"));
    expect(r.total).toBe(acts.length);
    expect(Object.fromEntries(r.admins.map((a: { admin_id: number; n: number }) => [a.admin_id, a.n]))).toEqual(
      countBy(acts, (e) => String(e.row.admin_id)),
    );
    expect(Object.fromEntries(r.actions.map((a: { action: string; n: number }) => [a.action, a.n]))).toEqual(
      countBy(acts, (e) => e.row.action),
    );
    const one = await get(`${BASE}/adminControl/get/info?year=2026&admin_id=2&limit=5`);
    expect(one.total).toBe(acts.filter((e) => e.row.admin_id === 2).length);
    expect(one.latest.length).toBe(Math.min(5, one.total));
  });

  test("ads/companies: installs and what the campaigns' players paid; AppMetrica CSVs", async () => {
    const r = await get(`${BASE}/ads/companies/getAppMetricaData?year=2026`);
    const regs = world.registrations;
    const pays = world.payments;
    for (const c of r.campaigns) {
      expect(c.installs).toBe(regs.filter((e) => e.row.source === c.campaign).length);
      expect(c.revenue).toBe(
        pays.filter((e) => e.row.source === c.campaign).reduce((s, e) => s + e.row.amount_usd_cents, 0),
      );
      expect(c.payers).toBe(
        distinct(
          pays.filter((e) => e.row.source === c.campaign && e.row.status === "paid"),
          (e) => e.row.player_id,
        ).size,
      );
    }
    const players = parseCsv(
      await get(`${BASE}/ads/companies/exportPlayersToCsvAppMetrica?year=2026&month=10&campaign=vk_ads`),
    );
    expect(players.map((p) => Number(p.profile_id)).sort()).toEqual(
      regs
        .filter((e) => e.row.source === "vk_ads" && inRange(e.at, "2026-10-01", "2026-11-01"))
        .map((e) => e.row.player_id)
        .sort(),
    );
    expect(Object.keys(players[0] ?? { install_datetime: 1, tracker_name: 1 })).toContain("tracker_name");
    const revenue = parseCsv(await get(`${BASE}/ads/companies/exportPaymentsToCsvAppMetrica?year=2026&month=10`));
    expect(Math.round(revenue.reduce((s, p) => s + Number(p.revenue_price) * 100, 0))).toBe(
      revenueIn(world, "2026-10-01", "2026-11-01"),
    );
    const csv = parseCsv(await get(`${BASE}/ads/companies/csv?year=2026`));
    expect(csv.reduce((s, c) => s + Number(c.installs), 0)).toBe(regs.length);
  });

  test("cohort_payments: cumulative net revenue per player by days since registration", async () => {
    const r = await get(`${BASE}/cohort_payments/getData?year=2026&month=9&unit=day`);
    expect(r.today).toBe("2026-11-20"); // the server's clock: the screen marks days not ended by it
    const regDay = new Map(world.registrations.map((e) => [e.row.player_id, dayOf(e.at)]));
    for (const c of r.cohorts) {
      const members = new Set(world.registrations.filter((e) => dayOf(e.at) === c.cohort).map((e) => e.row.player_id));
      expect(c.size).toBe(members.size);
      const expected = c.cumulative.map((_: number, n: number) =>
        world.payments
          .filter((p) => members.has(p.row.player_id) && dayOf(p.at) <= addDay(regDay.get(p.row.player_id)!, n))
          .reduce((s, p) => s + p.row.amount_usd_cents, 0),
      );
      expect(c.cumulative).toEqual(expected);
      expect(c.perPlayer.at(-1)).toBe(round2(expected.at(-1) / members.size));
    }
  });
  test("ownership sums an item's deltas across separate inserts (unmerged parts)", async () => {
    const ev = (player_id: number, delta: number, n: number) =>
      JSON.stringify({
        event_id: `00000000-0000-4000-a000-0000000${String(n).padStart(5, "0")}`,
        ts: `2026-11-19 10:00:0${n % 10}.000`,
        player_id,
        item_type: "tank",
        item_id: "999",
        delta,
        source: "test",
      });
    await w.deps.warehouse.insertLines("items", ev(90001, 1, 1));
    await w.deps.warehouse.insertLines("items", ev(90001, -1, 2));
    await w.deps.warehouse.insertLines("items", ev(90002, 1, 3));
    await w.deps.warehouse.insertLines("items", ev(90002, 1, 4));
    await w.deps.warehouse.insertLines("items", ev(90002, -1, 5));
    const r = await get(`${BASE}/playersTanks/load`);
    expect(r.items.find((i: { item_id: string }) => i.item_id === "999")).toEqual({
      item_id: "999",
      owners: 1,
      gained: 3,
      lost: 2,
    });
    expect((await get(`${BASE}/playersTanks/openPlayersProfiles?item_id=999`)).playerIds).toEqual([90002]);
  });

  // Last: it adds an event to the world.
  test("comparePeriods: a recalculation sees late events; clearing drops the stored months", async () => {
    await post(`${BASE}/comparePeriods/get/range/data`, { fromYear: 2026, fromMonth: 8, toYear: 2026, toMonth: 11 });
    // Recalculation needs the CSRF token and sees events that arrived after the first computation.
    expect((await post(`${BASE}/comparePeriods/recalculate/month`, { year: 2026, month: 9 })).status).toBe(403);
    const late = {
      ...world.registrations[0].row,
      event_id: "00000000-0000-4000-a000-00000000beef",
      ts: "2026-09-10 10:00:00.000",
      player_id: 99999,
    };
    await w.deps.warehouse.insertLines("registrations", JSON.stringify(late));
    const stale = await (await post(`${BASE}/comparePeriods/get/monthly/data`, { year: 2026, month: 9 })).json();
    expect(stale.figures.registrations).toBe(headlineOf("2026-09-01", "2026-10-01").registrations);
    const re = await post(
      `${BASE}/comparePeriods/recalculate/month`,
      { year: 2026, month: 9 },
      { "x-csrf-token": csrf },
    );
    expect(re.status).toBe(200);
    expect((await re.json()).figures.registrations).toBe(headlineOf("2026-09-01", "2026-10-01").registrations + 1);
    const cleared = await w.app.request(`${BASE}/comparePeriods/clear/monthly/cache`, {
      method: "POST",
      headers: { cookie, "x-csrf-token": csrf, accept: "application/json" },
    });
    expect((await cleared.json()).cleared).toBe(4);
  });
});

describe("metrics: bad input, access", () => {
  test("bad periods and types are 400 with the spec's messages, en and ru", async () => {
    const bad = async (path: string, lang = "en") => {
      const r = await w.app.request(path, { headers: { cookie, accept: "application/json", "accept-language": lang } });
      expect(r.status).toBe(400);
      return (await r.json()).error.fields;
    };
    expect(await bad(`${BASE}/registrations/2026/13`)).toEqual({
      month: "Please enter a value less than or equal to 12.",
    });
    expect(await bad(`${BASE}/registrations/2026/2/32`)).toEqual({
      day: "Please enter a value less than or equal to 31.",
    });
    expect(await bad(`${BASE}/dau/2026/2/30`)).toEqual({ day: "Please enter a value less than or equal to 28." });
    expect(await bad(`${BASE}/dau/2026/0`)).toEqual({ month: "Please enter a value greater than or equal to 1." });
    expect(await bad(`${BASE}/registrations/yearly?year=abc`)).toEqual({ year: "Please enter a number." });
    expect(await bad(`${BASE}/registrations/99999999999999999999/1`)).toEqual({
      year: "Please enter a value less than or equal to 2100.",
    });
    expect(await bad(`${BASE}/playersTanks/openPlayersProfiles?item_id=`)).toEqual({
      item_id: "This field is required.",
    });
    expect(await bad(`${BASE}/payments/export/csv/nonsense`)).toEqual({ type: "Please check this value." });
    expect(await bad(`${BASE}/payments/arpu/2026/13`, "ru")).toEqual({ month: "Введите значение не больше 12." });
    expect((await bad(`${BASE}/retention/getData?unit=year`, "ru")).unit).toBe("Проверьте это значение.");
    expect(
      (
        await bad(
          `${BASE}/comparePeriods/getPeriodData?from1=31.02.2026&to1=01.03.2026&from2=01.03.2026&to2=02.03.2026`,
        )
      ).from1,
    ).toBe("Please enter a proper date.");
    const r = await post(`${BASE}/comparePeriods/get/monthly/data`, { year: 2026 });
    expect(r.status).toBe(400);
    expect((await r.json()).error.fields).toEqual({ month: "This field is required." });
  });

  test("every index page answers its default data as JSON, and the HTML shell to a browser", async () => {
    const pages = [
      "registrations",
      "dau",
      "division",
      "expenses",
      "playersTanks",
      "playersCrews",
      "comparePeriods",
      "payments",
      "tanksEarns",
      "retention",
      "adminControl",
      "valuesMovements",
      "ads/companies",
      "cohort_payments",
    ];
    for (const p of pages) {
      const r = await w.app.request(`${BASE}/${p}/`, { headers: { cookie, accept: "application/json" } });
      expect([p, r.status, r.headers.get("content-type")?.includes("json")]).toEqual([p, 200, true]);
      const html = await w.app.request(`${BASE}/${p}/`, { headers: { cookie, accept: "text/html" } });
      expect([p, html.status, html.headers.get("content-type")?.includes("text/html")]).toEqual([p, 200, true]);
    }
    const csv = await w.app.request(`${BASE}/payments/export/csv/market?year=2026`, { headers: { cookie } });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="payments-market-2026.csv"');
  });

  test("digits-only paths, methods, roles", async () => {
    expect(
      (await w.app.request(`${BASE}/registrations/2026/ab`, { headers: { cookie, accept: "application/json" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await w.app.request(`${BASE}/comparePeriods/get/range/data`, {
          headers: { cookie, accept: "application/json" },
        })
      ).status,
    ).toBe(405);
    expect((await w.app.request(`${BASE}/dau/yearly`, { headers: { accept: "application/json" } })).status).toBe(401);
    expect(
      (await w.app.request(`${BASE}/dau/yearly`, { headers: { cookie: supportCookie, accept: "application/json" } }))
        .status,
    ).toBe(403);
    const html = await w.app.request(`${BASE}/dau/`, { headers: { cookie, accept: "text/html" } });
    expect(html.headers.get("content-type")).toContain("text/html");
  });
});
