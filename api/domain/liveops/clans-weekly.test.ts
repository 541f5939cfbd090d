// The weekly clans' tournament as an event of the calendar: a store migrated up to the migration
// before it, with this week's and earlier weeks' battles fought for clans, shows the same clans'
// standings (/admin/clansTournaments/) before and after the migration, the board then read from the
// event's clan entries; battles played afterwards score the clans through the battles' end and the
// board stays equal to a recomputation from the battles; the week's end pays the prize table by
// rank to each clan's fighters of the week, each once — also across kill -9 mid-payout and restart.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createClient, type Client } from "@libsql/client";
import { and, eq, like } from "drizzle-orm";
import { createDb, type Db } from "../../db/index.ts";
import { migrate } from "../../db/migrate.ts";
import { migrations } from "../../db/migrations/index.ts";
import { battlePlayers, battles } from "../../db/schema/battles.ts";
import { clanMembers, clans } from "../../db/schema/clans.ts";
import { contentTanks } from "../../db/schema/content.ts";
import { ledgerEntries } from "../../db/schema/ledger.ts";
import { liveEventClanEntries, liveEventPeriods, liveEventResults, liveEvents } from "../../db/schema/liveops.ts";
import { rng } from "../../db/demo.ts";
import { systemCtx } from "../context.ts";
import { registerPlayer } from "../players.ts";
import { contentStep } from "../content.ts";
import { startBattle, endBattle } from "../battles.ts";
import { clansTop } from "../clans-admin.ts";
import { weekStart } from "../player-tournaments.ts";
import { CLAN_ORDERS, topClansFromBattles } from "./clans-weekly.ts";
import { builtinEvent } from "./weekly.ts";
import { settleDue, settlePeriod } from "./tournaments.ts";
import { whatsOn } from "./player.ts";

const THE_MIGRATION = migrations.find((m) => m.statements.some((s) => s.includes("'weeklyClans'")))!.tag;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Thursday 2026-11-26 12:00 UTC: the week began Monday 2026-11-23. */
let now = Date.parse("2026-11-26T12:00:00Z");
const clock = { now: () => now };

let dir: string;
let client: Client;
let db: Db;
const ids: number[] = [];
const clanIds: number[] = [];
/** Player i fights for clanOf(i) (the last two players for no clan). */
const clanOf = (i: number) => (i < 8 ? clanIds[i % 3] : null);

/** This week's and last week's tops in every order, as /admin/clansTournaments/loadTop reads them. */
async function standings() {
  const ctx = systemCtx(db, clock);
  const out: Record<string, unknown> = {};
  for (const by of CLAN_ORDERS) {
    out[`top:${by}`] = (await clansTop({ ctx, input: { by, limit: 100 } })).rows;
    out[`last:${by}`] = (await clansTop({ ctx, input: { from: weekStart(now) - WEEK, by, limit: 100 } })).rows;
    out[`2ago:${by}`] = (
      await clansTop({ ctx, input: { from: weekStart(now) - 2 * WEEK, to: weekStart(now) - WEEK, by, limit: 100 } })
    ).rows;
  }
  return out;
}

/** The same summed from the battles fought for clans (the old reading: the independent recomputation). */
async function fromBattles() {
  const out: Record<string, unknown> = {};
  const w = weekStart(now);
  for (const by of CLAN_ORDERS) {
    out[`top:${by}`] = await topClansFromBattles(db, { from: w, to: now + 1, by, limit: 100 });
    out[`last:${by}`] = await topClansFromBattles(db, { from: w - WEEK, to: w, by, limit: 100 });
    out[`2ago:${by}`] = await topClansFromBattles(db, { from: w - 2 * WEEK, to: w - WEEK, by, limit: 100 });
  }
  return out;
}

const prizesPaid = async (eventId: number) =>
  (
    await db
      .select({ playerId: ledgerEntries.playerId, currency: ledgerEntries.currency, delta: ledgerEntries.delta })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.reason, "liveops.prize"),
          like(ledgerEntries.idempotencyKey, `liveops.prize:${eventId}:%`),
        ),
      )
  ).sort((a, b) => a.playerId - b.playerId || a.currency.localeCompare(b.currency));

beforeAll(async () => {
  dir = mkdtempSync(`${tmpdir()}/clans-weekly-`);
  client = createClient({ url: `file:${dir}/t.db` });
  db = createDb(client);
  // The store as it was before the weekly clans' tournament became an event.
  await client.execute(
    "CREATE TABLE IF NOT EXISTS _migrations (tag TEXT PRIMARY KEY, hash TEXT NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const upTo = migrations.findIndex((m) => m.tag === THE_MIGRATION);
  expect(upTo).toBeGreaterThan(0);
  for (const m of migrations.slice(0, upTo)) {
    for (const s of m.statements) await client.execute(s);
    await client.execute({ sql: "INSERT INTO _migrations VALUES (?, ?, ?)", args: [m.tag, m.hash, 0] });
  }
  for (let i = 0; i < 10; i++)
    ids.push(
      (
        await registerPlayer(db, {
          nickname: `ClanCup${i}`,
          country: "RU",
          platform: "web",
          source: "organic",
          locale: "en",
          at: now - 30 * DAY,
        })
      ).playerId,
    );
  for (let k = 0; k < 3; k++) {
    const [c] = await db
      .insert(clans)
      .values({ name: `Cup clan ${k}`, tag: `CC${k}`, leaderId: ids[k], createdAt: now - 30 * DAY })
      .returning({ id: clans.id });
    clanIds.push(c.id);
  }
  for (let i = 0; i < 8; i++)
    await db
      .insert(clanMembers)
      .values({ playerId: ids[i], clanId: clanOf(i)!, role: i < 3 ? "leader" : "member", joinedAt: now - 30 * DAY });
  // Battles over this week and the two before, fought for clans and for none; varied results.
  const r = rng(11);
  for (let k = 0; k < 70; k++) {
    const endedAt = weekStart(now) - 2 * WEEK + r.int(0, 2 * WEEK + (now - weekStart(now)) - 1);
    const [b] = await db
      .insert(battles)
      .values({ mode: "random", map: "steppe", status: "finished", startedAt: endedAt - 60_000, endedAt })
      .returning({ id: battles.id });
    for (const i of [r.int(0, 4), r.int(5, 9)]) {
      const result = r.pick(["win", "loss", "draw"] as const);
      await db.insert(battlePlayers).values({
        battleId: b.id,
        playerId: ids[i],
        tankId: r.int(1, 3),
        clanId: clanOf(i),
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

describe("the weekly clans' tournament as an event", () => {
  test("the migration keeps the standings: equal before and after, read from the event's clan entries", async () => {
    const before = await fromBattles();
    expect((before["top:rating"] as unknown[]).length).toBe(3);
    // The screen's own answer before the migration (it summed the battles) is the recomputation too.
    expect(await migrate(client)).toContain(THE_MIGRATION);
    const ev = await builtinEvent(db, "weeklyClans");
    expect(ev).toMatchObject({ kind: "tournament", autoEnter: true, entrant: "clan", metric: "rating", active: true });
    expect(JSON.parse(ev!.schedule)).toEqual({
      kind: "cron",
      cron: "0 0 * * 1",
      durationMinutes: 10080,
      timeZone: "UTC",
    });
    const periods = await db.select().from(liveEventPeriods).where(eq(liveEventPeriods.eventId, ev!.id));
    expect(periods.map((p) => p.periodStart).sort()).toEqual([2, 1, 0].map((i) => weekStart(now) - i * WEEK));
    expect(periods.every((p) => p.entries === 3 && p.state === "open")).toBe(true);
    expect(await standings()).toEqual(before);
    const top = await clansTop({ ctx: systemCtx(db, clock), input: { by: "rating", limit: 100 } });
    expect(top.eventId).toBe(ev!.id);
    // Read from the entries: without the battles the weekly boards still answer the same.
    const moved = await db.select().from(battlePlayers);
    await db.delete(battlePlayers);
    expect(await standings()).toEqual(before);
    await db.insert(battlePlayers).values(moved);
  });

  test("battles after it score their clans through the battles' end (idle tanks too): the board equals the battles' sums", async () => {
    await contentStep({ db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now } });
    const [tank] = await db.select().from(contentTanks).limit(1);
    for (const [a, b, afk] of [
      [0, 8, false],
      [4, 1, true],
      [9, 2, false],
      [5, 3, false],
    ] as const) {
      now += 60_000;
      const { battleId } = await startBattle(db, {
        mode: "random",
        map: "steppe",
        players: [
          { playerId: ids[a], tankId: tank.id },
          { playerId: ids[b], tankId: tank.id },
        ],
        at: now,
      });
      now += 60_000;
      await endBattle(db, {
        battleId,
        at: now,
        results: [
          { playerId: ids[a], result: "win", experience: 120, silver: 100, kills: 1, damage: 300, durationS: 60 },
          { playerId: ids[b], result: "loss", experience: 40, silver: 50, kills: 0, damage: 90, durationS: 60, afk },
        ],
      });
      // A replayed end scores nothing twice.
      await endBattle(db, {
        battleId,
        at: now,
        results: [
          { playerId: ids[a], result: "win", experience: 120, silver: 100, kills: 1, damage: 300, durationS: 60 },
          { playerId: ids[b], result: "loss", experience: 40, silver: 50, kills: 0, damage: 90, durationS: 60, afk },
        ],
      });
    }
    expect(await standings()).toEqual(await fromBattles());
    // The players' weekly board is not the clans': no clan entry holds a player, no player entry a clan.
    const ev = (await builtinEvent(db, "weeklyClans"))!;
    const entries = await db.select().from(liveEventClanEntries).where(eq(liveEventClanEntries.eventId, ev.id));
    expect(new Set(entries.map((e) => e.clanId))).toEqual(new Set(clanIds));
  });

  test("what's on shows a member their clan's place on the running board, and a player without a clan none", async () => {
    const ev = (await builtinEvent(db, "weeklyClans"))!;
    const board = (await clansTop({ ctx: systemCtx(db, clock), input: { by: "rating", limit: 100 } })).rows;
    const listed = async (playerId: number) =>
      (await whatsOn({ ctx: systemCtx(db, clock), input: { playerId, locale: "en" } })).events.find(
        (e) => e.id === ev.id,
      )?.tournament;
    const mine = await listed(ids[0]);
    expect(mine).toMatchObject({ entrant: "clan", autoEnter: true, entries: 3 });
    // Ranked by score (rating won) like the settle; the board's rows are clans.
    const myClan = board.find((r) => r.clanId === clanIds[0])!;
    expect(mine!.me!.boardSize).toBe(3);
    expect(mine!.me!.score).toBe(myClan.ratingDelta);
    expect(mine!.me!.around.find((r) => r.me)!.nickname).toBe("[CC0] Cup clan 0");
    expect((await listed(ids[8]))?.me).toBeNull();
  });

  test("the week's end pays the table by rank to each clan's fighters of the week, once each, also across kill -9", async () => {
    const ev = (await builtinEvent(db, "weeklyClans"))!;
    // The operator's table (the migration gives none): 1st 100 gold, 2nd 5 000 silver.
    const table = {
      by: "rank",
      rows: [
        { from: 1, to: 1, gold: 100, silver: 0 },
        { from: 2, to: 2, gold: 0, silver: 5000 },
      ],
    };
    await db
      .update(liveEvents)
      .set({ prizes: JSON.stringify(table) })
      .where(eq(liveEvents.id, ev.id));
    const periodStart = weekStart(now);
    // What it must pay: rank this week's clans by score (rating won), then who reached it first.
    const board = await db
      .select()
      .from(liveEventClanEntries)
      .where(and(eq(liveEventClanEntries.eventId, ev.id), eq(liveEventClanEntries.periodStart, periodStart)));
    const ranked = board
      .filter((e) => e.score > 0)
      .sort((a, b) => b.score - a.score || a.scoredAt - b.scoredAt || a.joinedAt - b.joinedAt || a.clanId - b.clanId);
    expect(ranked.length).toBeGreaterThanOrEqual(2);
    const fighters = async (clanId: number) =>
      [
        ...new Set(
          (await db.select().from(battlePlayers).where(eq(battlePlayers.clanId, clanId)))
            .filter((b) => b.endedAt! >= periodStart && b.endedAt! < periodStart + WEEK && b.result !== null)
            .map((b) => b.playerId),
        ),
      ].sort((a, b) => a - b);
    const want = [
      ...(await fighters(ranked[0].clanId)).map((playerId) => ({ playerId, currency: "gold", delta: 100 })),
      ...(await fighters(ranked[1].clanId)).map((playerId) => ({ playerId, currency: "silver", delta: 5000 })),
    ].sort((a, b) => a.playerId - b.playerId || a.currency.localeCompare(b.currency));
    expect(want.length).toBeGreaterThanOrEqual(2);

    // The two weeks before ended first: the sweep settles them (with the same table).
    now = periodStart + 60_000;
    const earlier = await settleDue({ ctx: systemCtx(db, clock) });
    expect(earlier.filter((s) => s.eventId === ev.id).length).toBe(2);
    const paidBefore = await prizesPaid(ev.id);

    now = periodStart + WEEK + 60_000;
    const [{ file }] = (await client.execute("PRAGMA database_list")).rows as unknown as { file: string }[];
    const child = (stopAfter?: number) =>
      Bun.spawn(
        ["bun", "api/test/liveops-settle-child.ts", file, String(now), ...(stopAfter ? [String(stopAfter)] : [])],
        { stdout: "pipe", stderr: "inherit" },
      );
    for (const stopAfter of [1, 2]) {
      const killed = child(stopAfter);
      const { value } = await killed.stdout.getReader().read();
      expect(new TextDecoder().decode(value)).toContain("paused");
      killed.kill("SIGKILL");
      expect(await killed.exited).not.toBe(0);
      expect(await prizesPaid(ev.id)).toEqual(paidBefore);
      const [period] = await db
        .select({ state: liveEventPeriods.state })
        .from(liveEventPeriods)
        .where(and(eq(liveEventPeriods.eventId, ev.id), eq(liveEventPeriods.periodStart, periodStart)));
      expect(period.state).toBe("open");
    }
    const restarted = child();
    expect(await restarted.exited).toBe(0);
    const results = await db
      .select()
      .from(liveEventResults)
      .where(and(eq(liveEventResults.eventId, ev.id), eq(liveEventResults.periodStart, periodStart)));
    expect(
      results
        .map((r) => ({ playerId: r.playerId, currency: r.gold > 0 ? "gold" : "silver", delta: r.gold || r.silver }))
        .sort((a, b) => a.playerId - b.playerId),
    ).toEqual(want);
    expect(results.every((r) => r.clanId === ranked[r.rank - 1].clanId)).toBe(true);
    // Once: another settle (a replay) pays nothing; the ledger holds one prize per player and period.
    expect(await settlePeriod({ ctx: systemCtx(db, clock), input: { eventId: ev.id, periodStart } })).toMatchObject({
      paid: 0,
      replayed: true,
    });
    const keys = await db
      .select({ key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(like(ledgerEntries.idempotencyKey, `liveops.prize:${ev.id}:${periodStart}:%`));
    expect(keys.length).toBe(want.length);
    expect(new Set(keys.map((k) => k.key)).size).toBe(want.length);
    // Every clan of the week has its place.
    const placed = await db
      .select()
      .from(liveEventClanEntries)
      .where(and(eq(liveEventClanEntries.eventId, ev.id), eq(liveEventClanEntries.periodStart, periodStart)));
    expect(placed.map((e) => e.rank).sort()).toEqual([1, 2, 3]);
  }, 60_000);
});
