// The scorecard against an independent recomputation from the raw events written here (simple
// code: the formulas in another algebraic form), the sample-ratio-mismatch flag on a skewed and a
// fair split, and the 5-minute freshness.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, type Actor } from "../test/sign-in.ts";
import { players } from "../db/schema/index.ts";
import { experiments } from "../db/schema/experiments.ts";
import { saveVariant } from "./options.ts";
import { applyShares, participants, toExperiment, type Conditions, type ExperimentVariant } from "./experiments.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { prng } from "../../warehouse/metrics/testing.ts";
import { gammaQ, lnGamma } from "./experiments-scorecard-stats.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const START = NOW - 10 * DAY - 5 * 3_600_000;
const Z = 1.959963984540054;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => iso(Date.parse(`${day}T00:00:00Z`) + n * DAY);

type Card = {
  control: string;
  computedAt: number;
  variants: {
    name: string;
    assigned: number;
    exposed: number;
    metrics: {
      metric: string;
      value: number;
      low: number;
      high: number;
      numerator: number;
      denominator: number;
      diff: { value: number; low: number; high: number } | null;
    }[];
  }[];
  srm: { observed: number[]; chiSquare: number; df: number; p: number; flagged: boolean } | null;
};

// What the test writes, kept to recompute from.
const acts: { id: number; at: number }[] = [];
const fights: { id: number; at: number }[] = [];
const pays: { id: number; at: number; status: "paid" | "refunded"; cents: number }[] = [];

describe("Experiment scorecards: figures equal a recomputation from the raw events; SRM flags a skewed split", () => {
  let w: TestWorld;
  let admin: Actor;
  const ids: Record<string, number> = {};

  async function start(name: string, key: string, conditions: Conditions, variants: ExperimentVariant[]) {
    const [row] = await w.deps.db
      .insert(experiments)
      .values({
        name,
        status: "running",
        optionScope: "client",
        optionKey: key,
        conditions: JSON.stringify(conditions),
        variants: JSON.stringify(variants),
        createdAt: START,
        updatedAt: START,
        startedAt: START,
      })
      .returning();
    await applyShares(w.deps.db, toExperiment(row), true, START);
    ids[name] = row.id;
    return toExperiment(row);
  }
  const card = async (id: number): Promise<Card> => {
    const r = await w.app.request(`/admin/experiments/scorecard?id=${id}`, {
      headers: { ...admin.headers(), accept: "application/json", "accept-language": "en" },
    });
    expect(r.status).toBe(200);
    return (await r.json()) as Card;
  };
  const write = async (table: string, rows: object[]) => {
    if (rows.length) await w.deps.warehouse.insertLines(table, rows.map((r) => JSON.stringify(r)).join("\n"));
  };
  const activity = (id: number, at: number) => {
    acts.push({ id, at });
    return {
      event_id: newEventId(),
      ts: toCHDateTime(at),
      player_id: id,
      kind: "login",
      country: "RU",
      platform: "web",
      reg_ts: toCHDateTime(START - 30 * DAY),
    };
  };

  beforeAll(async () => {
    w = await makeWorld({ now: NOW });
    await saveVariant(w.deps.db, "client", { key: "battle.hud", variant: "default", value: { m: 1 }, share: 0 }, START);
    await saveVariant(w.deps.db, "client", { key: "battle.hud", variant: "big", value: { m: 2 }, share: 0 }, START);
    for (const v of ["default", "a", "b"]) {
      await saveVariant(w.deps.db, "client", { key: "skewed", variant: v, value: { v }, share: 0 }, START);
      await saveVariant(w.deps.db, "client", { key: "fair", variant: v, value: { v }, share: 0 }, START);
    }
    // Levels 1–10 take part in the figures' experiment, 11–20 in the skewed one, 21–30 in the fair one.
    await w.deps.db.insert(players).values(
      Array.from({ length: 1500 }, (_, i) => ({
        nickname: `p${i}`,
        level: 1 + Math.floor(i / 500) * 10 + (i % 10),
        platform: "web",
        country: "RU",
        createdAt: START - 30 * DAY,
      })),
    );
    admin = await signInAdmin(w, "operator");
    const all = { platforms: [], countries: [] };
    const figures = await start("figures", "battle.hud", { ...all, levelMin: 1, levelMax: 10, percent: 80 }, [
      { name: "control", weight: 1, optionVariant: "default" },
      { name: "big", weight: 1, optionVariant: "big" },
    ]);
    const three = [
      { name: "control", weight: 1, optionVariant: "default" },
      { name: "a", weight: 1, optionVariant: "a" },
      { name: "b", weight: 1, optionVariant: "b" },
    ];
    const skewed = await start("skewed", "skewed", { ...all, levelMin: 11, levelMax: 20, percent: 100 }, three);
    const fair = await start("fair", "fair", { ...all, levelMin: 21, levelMax: 30, percent: 100 }, three);

    const r = prng(32);
    const act: object[] = [];
    const bat: object[] = [];
    const pay: object[] = [];
    let battleId = 0;
    for (const p of await participants(w.deps.db, figures)) {
      if (r.next() < 0.1) continue; // never came back since the start: not exposed
      const loyal = r.next();
      // Activity before the start does not count.
      if (r.next() < 0.5) act.push(activity(p.playerId, START - r.int(1, 3) * DAY));
      for (let d = 0; d <= 10; d++) {
        if (d > 0 && r.next() > loyal) continue;
        const at = Math.min(NOW - 60_000, START + d * DAY + r.int(1, 5) * 3_600_000);
        act.push(activity(p.playerId, at));
        const n = r.int(0, p.variant === "big" ? 4 : 3);
        for (let b = 0; b < n; b++) {
          fights.push({ id: p.playerId, at: at + b });
          bat.push({
            event_id: newEventId(),
            ts: toCHDateTime(at + b),
            battle_id: ++battleId,
            player_id: p.playerId,
            tank_id: 1,
            mode: "random",
            result: "win",
            duration_s: 300,
            experience: 10,
            silver_earned: 100,
            silver_spent: 0,
            gold_earned: 0,
            kills: 1,
            damage: 100,
            player_level: 5,
          });
        }
        if (r.next() < (p.variant === "big" ? 0.05 : 0.03)) {
          const cents = r.pick([99, 499, 999]);
          const status = r.next() < 0.15 ? "refunded" : "paid";
          const rows =
            status === "paid"
              ? [{ s: "paid", c: cents }]
              : [
                  { s: "paid", c: cents },
                  { s: "refunded", c: -cents },
                ];
          for (const [k, x] of rows.entries()) {
            pays.push({ id: p.playerId, at: at + 10 + k, status: x.s as "paid" | "refunded", cents: x.c });
            pay.push({
              event_id: newEventId(),
              ts: toCHDateTime(at + 10 + k),
              order_id: `o${p.playerId}-${d}`,
              player_id: p.playerId,
              provider: "stripe",
              market: "web",
              item_id: "gold_100",
              country: "RU",
              platform: "web",
              source: "organic",
              status: x.s,
              amount_minor: x.c,
              currency: "USD",
              amount_usd_cents: x.c,
              reg_ts: toCHDateTime(START - 30 * DAY),
            });
          }
        }
      }
    }
    // Skewed: every player of control and a came back, only half of b. Fair: everyone came back.
    for (const p of await participants(w.deps.db, skewed))
      if (p.variant !== "b" || r.next() < 0.5) act.push(activity(p.playerId, START + DAY));
    for (const p of await participants(w.deps.db, fair)) act.push(activity(p.playerId, START + 2 * DAY));
    await write("activity", act);
    await write("battles", bat);
    await write("payments", pay);
  }, 120_000);
  afterAll(() => w.close());

  test("every figure of every variant equals the recomputation from the raw events (Wilson, normal mean, ratio by linearisation)", async () => {
    const got = await card(ids.figures);
    const e = toExperiment(
      (await w.deps.db.select().from(experiments)).find((x) => x.id === ids.figures) as typeof experiments.$inferSelect,
    );
    const who = await participants(w.deps.db, e);
    const inWindow = (at: number) => at >= START && at < NOW;
    const endDay = iso(NOW);
    const expected: Record<
      string,
      Record<string, { value: number; low: number; high: number; num: number; den: number }>
    > = {};
    const seOf: Record<string, Record<string, number>> = {};
    for (const variant of ["control", "big"]) {
      const members = who.filter((p) => p.variant === variant).map((p) => p.playerId);
      const exposed = members.filter((id) => acts.some((a) => a.id === id && inWindow(a.at)));
      const n = exposed.length;
      // Wilson in its (x + z²/2)/(n + z²) form.
      const wil = (x: number, m: number) => {
        const c = (x + (Z * Z) / 2) / (m + Z * Z);
        const h = (Z / (m + Z * Z)) * Math.sqrt((x * (m - x)) / m + (Z * Z) / 4);
        return { value: x / m, low: c - h, high: c + h, num: x, den: m };
      };
      const payers = exposed.filter((id) =>
        pays.some((p) => p.id === id && p.status === "paid" && inWindow(p.at)),
      ).length;
      const net = exposed.map((id) =>
        pays.filter((p) => p.id === id && inWindow(p.at)).reduce((s, p) => s + p.cents, 0),
      );
      const mean = net.reduce((s, x) => s + x, 0) / n;
      const sd = Math.sqrt(net.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
      const days = (id: number) =>
        [...new Set(acts.filter((a) => a.id === id && inWindow(a.at)).map((a) => iso(a.at)))].sort();
      const dn = (k: number) => {
        const eligible = exposed.filter((id) => plusDays(days(id)[0], k) < endDay);
        const kept = eligible.filter((id) => days(id).includes(plusDays(days(id)[0], k)));
        return wil(kept.length, eligible.length);
      };
      const b = exposed.map((id) => fights.filter((f) => f.id === id && inWindow(f.at)).length);
      const ad = exposed.map((id) => days(id).length);
      const R = b.reduce((s, x) => s + x, 0) / ad.reduce((s, x) => s + x, 0);
      const mad = ad.reduce((s, x) => s + x, 0) / n;
      const u = b.map((x, i) => (x - R * ad[i]) / mad);
      const mu = u.reduce((s, x) => s + x, 0) / n;
      const seR = Math.sqrt(u.reduce((s, x) => s + (x - mu) ** 2, 0) / (n - 1) / n);
      const conv = wil(payers, n);
      const d1 = dn(1);
      const d7 = dn(7);
      expected[variant] = {
        conversion: conv,
        arpu: {
          value: mean,
          low: mean - (Z * sd) / Math.sqrt(n),
          high: mean + (Z * sd) / Math.sqrt(n),
          num: net.reduce((s, x) => s + x, 0),
          den: n,
        },
        d1,
        d7,
        battlesPerDau: {
          value: R,
          low: R - Z * seR,
          high: R + Z * seR,
          num: b.reduce((s, x) => s + x, 0),
          den: ad.reduce((s, x) => s + x, 0),
        },
      };
      const pse = (x: { num: number; den: number }) => Math.sqrt(((x.num / x.den) * (1 - x.num / x.den)) / x.den);
      seOf[variant] = { conversion: pse(conv), arpu: sd / Math.sqrt(n), d1: pse(d1), d7: pse(d7), battlesPerDau: seR };
      const v = got.variants.find((x) => x.name === variant)!;
      expect(v.assigned).toBe(members.length);
      expect(v.exposed).toBe(n);
      expect(n).toBeGreaterThan(50);
    }
    expect(got.control).toBe("control");
    for (const variant of ["control", "big"]) {
      const v = got.variants.find((x) => x.name === variant)!;
      expect(v.metrics.map((m) => m.metric)).toEqual(["conversion", "arpu", "d1", "d7", "battlesPerDau"]);
      for (const m of v.metrics) {
        const x = expected[variant][m.metric];
        expect([m.metric, m.numerator, m.denominator]).toEqual([m.metric, x.num, x.den]);
        expect(m.value).toBeCloseTo(x.value, 9);
        expect(m.low).toBeCloseTo(x.low, 9);
        expect(m.high).toBeCloseTo(x.high, 9);
        if (variant === "control") expect(m.diff).toBeNull();
        else {
          const c = expected.control[m.metric];
          const d = x.value - c.value;
          const se = Math.sqrt(seOf.big[m.metric] ** 2 + seOf.control[m.metric] ** 2);
          expect(m.diff!.value).toBeCloseTo(d, 9);
          expect(m.diff!.low).toBeCloseTo(d - Z * se, 9);
          expect(m.diff!.high).toBeCloseTo(d + Z * se, 9);
        }
      }
    }
    // Something to measure: the figures are not all zero.
    const big = got.variants.find((x) => x.name === "big")!;
    expect(big.metrics.every((m) => m.denominator > 0)).toBe(true);
    expect(big.metrics.find((m) => m.metric === "conversion")!.numerator).toBeGreaterThan(0);
  });

  test("a skewed split raises the SRM flag (p < 0.001); a fair one does not; p is the chi-square tail (df 2: e^(-x/2))", async () => {
    for (const [name, flagged] of [
      ["skewed", true],
      ["fair", false],
    ] as const) {
      const got = await card(ids[name]);
      // 100 % with weights 1:1:1: a and b take 33 buckets each, the control the other 34.
      const shares = [0.34, 0.33, 0.33];
      const observed = ["control", "a", "b"].map((v) => got.variants.find((x) => x.name === v)!.exposed);
      const total = observed.reduce((s, x) => s + x, 0);
      const chi = observed.reduce((s, o, i) => s + (o - shares[i] * total) ** 2 / (shares[i] * total), 0);
      expect(got.srm!.observed).toEqual(observed);
      expect(got.srm!.df).toBe(2);
      expect(got.srm!.chiSquare).toBeCloseTo(chi, 9);
      expect(got.srm!.p).toBeCloseTo(Math.exp(-chi / 2), 12);
      expect(got.srm!.flagged).toBe(flagged);
    }
  });

  test("the chi-square tail at other degrees of freedom: the table's critical values", () => {
    // P(χ² ≥ x) for (df, x) from the standard table; Γ(n) = (n−1)!.
    for (const [df, x, p] of [
      [1, 3.841458820694124, 0.05],
      [1, 10.827566170662733, 0.001],
      [3, 16.26623619623813, 0.001],
      [5, 11.070497693516351, 0.05],
      [9, 27.87716487, 0.001],
    ])
      expect(gammaQ(df / 2, x / 2)).toBeCloseTo(p, 10);
    expect(lnGamma(6)).toBeCloseTo(Math.log(120), 12);
  });

  test("refreshed within 5 minutes: new events show once the card is 5 minutes old, not before", async () => {
    const before = await card(ids.fair);
    const late = (
      await participants(
        w.deps.db,
        toExperiment((await w.deps.db.select().from(experiments)).find((x) => x.id === ids.fair)!),
      )
    )
      .filter((p) => p.variant === "a")
      .slice(0, 5);
    await write(
      "activity",
      late.map((p) => activity(p.playerId, START + 3 * DAY)),
    );
    await write(
      "payments",
      late.map((p) => ({
        event_id: newEventId(),
        ts: toCHDateTime(START + 3 * DAY),
        order_id: `late${p.playerId}`,
        player_id: p.playerId,
        provider: "stripe",
        market: "web",
        item_id: "gold_100",
        country: "RU",
        platform: "web",
        source: "organic",
        status: "paid",
        amount_minor: 99,
        currency: "USD",
        amount_usd_cents: 99,
        reg_ts: toCHDateTime(START),
      })),
    );
    w.clock.advance(4 * 60_000);
    const cached = await card(ids.fair);
    expect(cached.computedAt).toBe(before.computedAt);
    const conv = (c: Card) => c.variants.find((x) => x.name === "a")!.metrics.find((m) => m.metric === "conversion")!;
    expect(conv(cached).numerator).toBe(0);
    w.clock.advance(60_000);
    const fresh = await card(ids.fair);
    expect(fresh.computedAt).toBe(NOW + 5 * 60_000);
    expect(conv(fresh).numerator).toBe(5);
  });
});
