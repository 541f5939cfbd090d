// The weekly players' tournament as an event of the calendar: a database migrated up to the
// migration before it, with this week's and earlier weeks' battles, shows the same standings on the
// players' tournament screens before and after the migration (the board now read from the event's
// entries); battles played afterwards score the event through the battles' end and the board stays
// equal to the battles' sums; the week's end settles it like any other period.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createClient, type Client } from "@libsql/client";
import { and, eq, like } from "drizzle-orm";
import { makeWorld } from "../../test/fixture.ts";
import { buildWorld } from "../../db/seed/world.ts";
import { ledgerEntries } from "../../db/schema/ledger.ts";
import { createDb, type Db } from "../../db/index.ts";
import { migrate } from "../../db/migrate.ts";
import { migrations } from "../../db/migrations/index.ts";
import { battlePlayers, battles } from "../../db/schema/battles.ts";
import { contentTanks } from "../../db/schema/content.ts";
import { liveEventPeriods, liveEventResults, liveEvents } from "../../db/schema/liveops.ts";
import { systemCtx } from "../context.ts";
import { registerPlayer } from "../players.ts";
import { contentStep } from "../content.ts";
import { rng } from "../../db/demo.ts";
import { startBattle, endBattle } from "../battles.ts";
import {
  playerTournaments,
  playerWeeksFromBattles,
  TOURNAMENT_ORDERS,
  topPlayers,
  tournamentTop,
  weekStart,
} from "../player-tournaments.ts";
import { builtinEvent } from "./weekly.ts";
import { settleDue } from "./tournaments.ts";
import { CLAN_ORDERS, topClansFromBattles } from "./clans-weekly.ts";
import { clansTop } from "../clans-admin.ts";

const THE_MIGRATION = "0034_classy_bedlam";
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Thursday 2026-11-26 12:00 UTC: the week began Monday 2026-11-23. */
let now = Date.parse("2026-11-26T12:00:00Z");
const clock = { now: () => now };

let dir: string;
let client: Client;
let db: Db;
const ids: number[] = [];

/** Every order's top and every player's weeks, as the screens read them. */
async function standings() {
  const ctx = systemCtx(db, clock);
  const out: Record<string, unknown> = {};
  for (const by of TOURNAMENT_ORDERS) {
    out[`top:${by}`] = (await tournamentTop({ ctx, input: { by, limit: 100 } })).rows;
    out[`last:${by}`] = (await tournamentTop({ ctx, input: { from: weekStart(now) - WEEK, by, limit: 100 } })).rows;
    for (const playerId of ids)
      out[`${playerId}:${by}`] = (await playerTournaments({ ctx, input: { playerId, weeks: 3, by } })).weeks;
  }
  return out;
}

/** The same, summed from the battles (the screens' old reading: the independent recomputation). */
async function fromBattles() {
  const out: Record<string, unknown> = {};
  for (const by of TOURNAMENT_ORDERS) {
    out[`top:${by}`] = await topPlayers(db, { from: weekStart(now), to: now + 1, by, limit: 100 });
    out[`last:${by}`] = await topPlayers(db, { from: weekStart(now) - WEEK, to: weekStart(now), by, limit: 100 });
    for (const playerId of ids) out[`${playerId}:${by}`] = await playerWeeksFromBattles(db, playerId, now, 3, by);
  }
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(`${tmpdir()}/weekly-`);
  client = createClient({ url: `file:${dir}/t.db` });
  db = createDb(client);
  // The store as it was before the weekly tournament became an event.
  await client.execute(
    "CREATE TABLE IF NOT EXISTS _migrations (tag TEXT PRIMARY KEY, hash TEXT NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const upTo = migrations.findIndex((m) => m.tag === THE_MIGRATION);
  expect(upTo).toBeGreaterThan(0);
  for (const m of migrations.slice(0, upTo)) {
    for (const s of m.statements) await client.execute(s);
    await client.execute({ sql: "INSERT INTO _migrations VALUES (?, ?, ?)", args: [m.tag, m.hash, 0] });
  }
  for (let i = 0; i < 7; i++)
    ids.push(
      (
        await registerPlayer(db, {
          nickname: `Weekly${i}`,
          country: "RU",
          platform: "web",
          source: "organic",
          locale: "en",
          at: now - 30 * DAY,
        })
      ).playerId,
    );
  // Battles over this week and the two before: varied results, equal figures (shared places) included.
  const r = rng(7);
  for (let k = 0; k < 60; k++) {
    const endedAt = weekStart(now) - 2 * WEEK + r.int(0, 2 * WEEK + (now - weekStart(now)) - 1);
    const [b] = await db
      .insert(battles)
      .values({ mode: "random", map: "steppe", status: "finished", startedAt: endedAt - 60_000, endedAt })
      .returning({ id: battles.id });
    for (const playerId of [r.pick(ids.slice(0, 3)), r.pick(ids.slice(3, 6))]) {
      const result = r.pick(["win", "loss", "draw"] as const);
      await db.insert(battlePlayers).values({
        battleId: b.id,
        playerId,
        tankId: r.int(1, 3),
        result,
        experience: r.pick([100, 150, 200]),
        ratingDelta: { win: 15, draw: 0, loss: -10 }[result],
        endedAt,
      });
    }
  }
}, 60_000);
afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the weekly players' tournament as an event", () => {
  test("the migration keeps every week's standings: equal before and after, read from the event's entries", async () => {
    // Before it, the screens summed the battles (fromBattles is that code, kept as the recomputation).
    const before = await fromBattles();
    expect((before["top:rating"] as unknown[]).length).toBe(6);
    expect(await migrate(client)).toContain(THE_MIGRATION);
    const ev = await builtinEvent(db, "weeklyPlayers");
    expect(ev).toMatchObject({ kind: "tournament", autoEnter: true, metric: "rating", audience: "all", active: true });
    expect(JSON.parse(ev!.schedule)).toEqual({
      kind: "cron",
      cron: "0 0 * * 1",
      durationMinutes: 10080,
      timeZone: "UTC",
    });
    const periods = await db.select().from(liveEventPeriods).where(eq(liveEventPeriods.eventId, ev!.id));
    expect(periods.map((p) => p.periodStart).sort()).toEqual([2, 1, 0].map((i) => weekStart(now) - i * WEEK));
    // The screens now read the entries: delete the battles' sums' source and they still answer the same.
    expect(await standings()).toEqual(before);
    const moved = await db.select().from(battlePlayers);
    await db.delete(battlePlayers);
    expect(await standings()).toEqual(before);
    await db.insert(battlePlayers).values(moved);
  });

  test("battles after it score the event through their end (idle tanks too): the board equals the battles' sums", async () => {
    await contentStep({ db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now } });
    const [tank] = await db.select().from(contentTanks).limit(1);
    // One player's first battle of the week (the 7th player never fought), one with an idle tank.
    for (const [a, b, afk] of [
      [ids[6], ids[0], false],
      [ids[1], ids[4], true],
      [ids[2], ids[6], false],
    ] as const) {
      now += 60_000;
      const { battleId } = await startBattle(db, {
        mode: "random",
        map: "steppe",
        players: [
          { playerId: a, tankId: tank.id },
          { playerId: b, tankId: tank.id },
        ],
        at: now,
      });
      now += 60_000;
      await endBattle(db, {
        battleId,
        at: now,
        results: [
          { playerId: a, result: "win", experience: 120, silver: 100, kills: 1, damage: 300, durationS: 60 },
          { playerId: b, result: "loss", experience: 40, silver: 50, kills: 0, damage: 90, durationS: 60, afk },
        ],
      });
    }
    expect(await standings()).toEqual(await fromBattles());
    const top = await tournamentTop({ ctx: systemCtx(db, clock), input: { by: "battles", limit: 100 } });
    expect(top.rows.some((r) => r.playerId === ids[6])).toBe(true);
  });

  test("the week's end settles it like any other period: every entry placed, once", async () => {
    const ev = (await builtinEvent(db, "weeklyPlayers"))!;
    now = weekStart(now) + WEEK + 60_000;
    const settled = await settleDue({ ctx: systemCtx(db, clock) });
    expect(settled.filter((s) => s.eventId === ev.id).length).toBe(3);
    const results = await db.select().from(liveEventResults).where(eq(liveEventResults.eventId, ev.id));
    const entries = await db.select().from(liveEvents);
    // The built-in weekly boards only (the clans' one came with a later migration; no clan fought here).
    expect(entries.map((e) => e.builtin).sort()).toEqual(["weeklyClans", "weeklyPlayers"]);
    expect(results.length).toBe((await db.select().from(liveEventPeriods)).reduce((s, p) => s + p.entries, 0));
    expect(await settleDue({ ctx: systemCtx(db, clock) })).toEqual([]);
  });
});

describe("the demo world's weekly players' tournament", () => {
  test("its seeded battles entered and scored it: every week's board equals the battles' sums; ended weeks paid once", async () => {
    const w = await makeWorld();
    try {
      const at = w.clock.now();
      await buildWorld(w.deps.db, { players: 40, days: 22, now: at, seed: 5 });
      const wdb = w.deps.db;
      const ev = (await builtinEvent(wdb, "weeklyPlayers"))!;
      const ctx = systemCtx(wdb, w.clock);
      for (let i = 0; i < 4; i++) {
        const from = weekStart(at) - i * WEEK;
        for (const by of TOURNAMENT_ORDERS) {
          const board = (await tournamentTop({ ctx, input: { from, by, limit: 100 } })).rows;
          const sums = await topPlayers(wdb, { from, to: from + WEEK, by, limit: 100 });
          expect(board).toEqual(sums);
          if (i === 0) expect(board.length).toBeGreaterThan(5);
        }
      }
      const periods = await wdb.select().from(liveEventPeriods).where(eq(liveEventPeriods.eventId, ev.id));
      const past = periods.filter((p) => p.periodEnd <= at);
      expect(past.length).toBeGreaterThanOrEqual(2);
      expect(past.every((p) => p.state === "settled")).toBe(true);
      expect(periods.filter((p) => p.periodEnd > at).map((p) => p.state)).toEqual(["open"]);
      // Each ended week paid its table once: places 1–10 that scored, one ledger row each (gold or silver).
      const paid = await wdb
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.reason, "liveops.prize"),
            like(ledgerEntries.idempotencyKey, `liveops.prize:${ev.id}:%`),
          ),
        );
      const results = await wdb.select().from(liveEventResults).where(eq(liveEventResults.eventId, ev.id));
      expect(results.length).toBe(past.reduce((n, p) => n + p.entries, 0));
      const won = results.filter((r) => r.gold > 0 || r.silver > 0);
      expect(won.map((r) => r.rank <= 10 && r.score > 0)).not.toContain(false);
      expect(won.length).toBe(results.filter((r) => r.rank <= 10 && r.score > 0).length);
      expect(won.length).toBeGreaterThan(0);
      expect(paid.length).toBe(won.length);
      expect(new Set(paid.map((l) => `${l.playerId}:${l.idempotencyKey}`)).size).toBe(paid.length);
      expect(await settleDue({ ctx })).toEqual([]);

      // The weekly clans' tournament of the same world (clans-weekly.ts): each week's board equals
      // the sums of the battles fought for clans, and each ended week paid its placed clans' fighters once.
      const clansEv = (await builtinEvent(wdb, "weeklyClans"))!;
      for (let i = 0; i < 4; i++) {
        const from = weekStart(at) - i * WEEK;
        for (const by of CLAN_ORDERS) {
          const board = await clansTop({ ctx, input: { from, by, limit: 100 } });
          expect(board.eventId).toBe(clansEv.id);
          expect(board.rows).toEqual(await topClansFromBattles(wdb, { from, to: from + WEEK, by, limit: 100 }));
          if (i === 0) expect(board.rows.length).toBeGreaterThan(1);
        }
      }
      const clanPeriods = await wdb.select().from(liveEventPeriods).where(eq(liveEventPeriods.eventId, clansEv.id));
      const clanPast = clanPeriods.filter((p) => p.periodEnd <= at);
      // The demo's clans are founded in its last days: an ended week of theirs is settled, if there is one.
      expect(clanPast.every((p) => p.state === "settled")).toBe(true);
      expect(clanPeriods.filter((p) => p.periodEnd > at).map((p) => p.state)).toEqual(["open"]);
      const clanResults = await wdb.select().from(liveEventResults).where(eq(liveEventResults.eventId, clansEv.id));
      if (clanPast.length > 0) expect(clanResults.length).toBeGreaterThan(0);
      expect(clanResults.every((r) => r.clanId !== null && r.rank <= 3 && (r.gold > 0 || r.silver > 0))).toBe(true);
      const clanPaid = await wdb
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.reason, "liveops.prize"),
            like(ledgerEntries.idempotencyKey, `liveops.prize:${clansEv.id}:%`),
          ),
        );
      expect(clanPaid.length).toBe(clanResults.length);
      expect(new Set(clanPaid.map((l) => l.idempotencyKey)).size).toBe(clanPaid.length);
    } finally {
      await w.close();
    }
  }, 300_000);
});
