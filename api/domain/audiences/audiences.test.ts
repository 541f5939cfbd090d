// Saved audiences (issue 32, "Done when"): membership equals an independent recomputation from
// the store and the warehouse — after a save, after events (sign-ins, level-ups, payments) followed
// from the outbox, and after a sweep once time moved on — and enter/exit actions are applied once
// per entry under replays (the events path run again from the start, sweeps racing).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNull, like, sql } from "drizzle-orm";
import { z } from "zod";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { type Actor, signInAdmin } from "../../test/sign-in.ts";
import {
  adminLog,
  audienceCursor,
  audienceMembers,
  audiences,
  clanMembers,
  clans,
  contentTanks,
  ledgerEntries,
  orders,
  playerItems,
  experimentOverrides,
  experiments,
  OPTION_SCOPES,
  playerNotifications,
  players,
} from "../../db/schema/index.ts";
import { DEFAULT_CONDITIONS } from "../experiments.ts";
import { systemCtx } from "../context.ts";
import { offersFor } from "../offers.ts";
import type { AppError } from "../errors.ts";
import { enterTournament } from "../liveops/tournaments.ts";
import { multipliersNow } from "../liveops/running.ts";
import { emit } from "../outbox.ts";
import { newEventId, toCHDateTime } from "../../../warehouse/events.ts";
import { prng } from "../../../warehouse/metrics/testing.ts";
import type { Condition, Definition } from "./definition.ts";
import { followAudienceEvents, refreshAudiences, sweepAudiences, SWEEP_EVERY_MS } from "./membership.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const N = 80;

let w: TestWorld;
let op: Actor;
const ctx = () => systemCtx(w.deps.db, w.clock);
const run = () => ({ ctx: ctx(), warehouse: w.deps.warehouse });

const post = async (path: string, body: unknown) => {
  const res = await w.app.request(path, {
    method: "POST",
    headers: op.headers({ "accept-language": "en" }),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

/** A payment event as billing's shipper puts it in the warehouse (lines gathered, inserted by `flush`). */
const waiting: string[] = [];
function payment(playerId: number, at: number, cents: number, status = "paid") {
  waiting.push(
    JSON.stringify({
      event_id: newEventId(),
      ts: toCHDateTime(at),
      order_id: `o${playerId}_${at}`,
      player_id: playerId,
      provider: "stripe",
      market: "web",
      item_id: "gold_100",
      country: "RU",
      platform: "web",
      source: "organic",
      status,
      amount_minor: cents,
      currency: "USD",
      amount_usd_cents: cents,
      reg_ts: toCHDateTime(NOW - 100 * DAY),
    }),
  );
}
/** Battles and activity (sign-ins) as the shipper puts them in the warehouse. */
const battlesWaiting: string[] = [];
const activityWaiting: string[] = [];
let battleNo = 0;
function battle(playerId: number, at: number, result: "win" | "loss" | "draw", damage: number, experience: number) {
  battlesWaiting.push(
    JSON.stringify({
      event_id: newEventId(),
      ts: toCHDateTime(at),
      battle_id: ++battleNo,
      player_id: playerId,
      tank_id: 1,
      mode: "random",
      result,
      duration_s: 300,
      experience,
      silver_earned: 100,
      silver_spent: 0,
      gold_earned: 0,
      kills: 1,
      damage,
      player_level: 5,
    }),
  );
}
function active(playerId: number, at: number) {
  activityWaiting.push(
    JSON.stringify({
      event_id: newEventId(),
      ts: toCHDateTime(at),
      player_id: playerId,
      kind: "login",
      country: "RU",
      platform: "web",
      reg_ts: toCHDateTime(NOW - 100 * DAY),
    }),
  );
}
async function flush() {
  const wh = w.deps.warehouse;
  if (waiting.length) await wh.insertLines("payments", `${waiting.splice(0).join("\n")}\n`);
  if (battlesWaiting.length) await wh.insertLines("battles", `${battlesWaiting.splice(0).join("\n")}\n`);
  if (activityWaiting.length) await wh.insertLines("activity", `${activityWaiting.splice(0).join("\n")}\n`);
}

async function paidOrder(playerId: number, provider: string, status: "paid" | "refunded") {
  await w.deps.db.insert(orders).values({
    playerId,
    itemId: "gold_100",
    provider,
    market: "web",
    country: "RU",
    platform: "web",
    amountMinor: 100,
    currency: "USD",
    grants: "{}",
    status,
    createdAt: NOW - DAY,
    updatedAt: NOW - DAY,
  });
}

// ---- The independent recomputation: plain reads and a plain filter, nothing from the evaluator. ----
async function expected(def: Definition): Promise<number[]> {
  const now = w.clock.now();
  const db = w.deps.db;
  const ps = await db.select().from(players);
  const payers = new Set(
    (await db.select().from(orders))
      .filter((o) => o.status === "paid" && o.provider !== "manual")
      .map((o) => o.playerId),
  );
  const inClan = new Set((await db.select().from(clanMembers)).map((m) => m.playerId));
  const tankTier = new Map((await db.select().from(contentTanks)).map((t) => [t.id, t.tier]));
  const tiers = new Map<number, number[]>();
  for (const i of await db.select().from(playerItems))
    if (i.itemType === "tank") tiers.set(i.playerId, [...(tiers.get(i.playerId) ?? []), tankTier.get(i.itemId)!]);
  const pays = await w.deps.warehouse.query(
    "SELECT player_id, toInt64(amount_usd_cents) AS cents, toUnixTimestamp64Milli(ts) AS at FROM payments",
    {},
    z.object({ player_id: z.coerce.number(), cents: z.coerce.number(), at: z.coerce.number() }),
  );
  const spent = (id: number, days?: number) =>
    pays
      .filter((p) => p.player_id === id && (days === undefined || p.at >= now - days * DAY))
      .reduce((s, p) => s + p.cents, 0);
  const fought = await w.deps.warehouse.query(
    "SELECT player_id, toUnixTimestamp64Milli(ts) AS at, toString(result) AS result, toInt64(damage) AS damage, experience FROM battles",
    {},
    z.object({
      player_id: z.coerce.number(),
      at: z.coerce.number(),
      result: z.string(),
      damage: z.coerce.number(),
      experience: z.coerce.number(),
    }),
  );
  const seen = await w.deps.warehouse.query(
    "SELECT player_id, toUnixTimestamp64Milli(ts) AS at FROM activity",
    {},
    z.object({ player_id: z.coerce.number(), at: z.coerce.number() }),
  );
  const paidAt = await w.deps.warehouse.query(
    "SELECT player_id, toUnixTimestamp64Milli(ts) AS at FROM payments WHERE status = 'paid'",
    {},
    z.object({ player_id: z.coerce.number(), at: z.coerce.number() }),
  );
  const battlesOf = (id: number, days: number) => fought.filter((b) => b.player_id === id && b.at >= now - days * DAY);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const activeDays = (id: number, days: number) =>
    new Set(
      seen
        .filter((a) => a.player_id === id && a.at >= now - days * DAY)
        .map((a) => new Date(a.at).toISOString().slice(0, 10)),
    ).size;
  const lastPaid = (id: number) => Math.max(...paidAt.filter((x) => x.player_id === id).map((x) => x.at));
  const within = (v: number, c: { min?: number; max?: number }) =>
    (c.min === undefined || v >= c.min) && (c.max === undefined || v <= c.max);
  return ps
    .filter((p) => {
      const holds = (c: Condition) => {
        switch (c.kind) {
          case "country":
            return c.in.includes(p.country);
          case "platform":
            return (c.in as string[]).includes(p.platform);
          case "level":
            return within(p.level, c);
          case "battles":
            return within(p.battles, c);
          case "tierOwned":
            return (tiers.get(p.id) ?? []).some((t) => within(t, c));
          case "payer":
            return payers.has(p.id) === c.is;
          case "clan":
            return inClan.has(p.id) === c.member;
          case "spent":
            return within(spent(p.id, c.days), c);
          case "daysSinceInstall":
            return within(Math.floor((now - p.createdAt) / DAY), c);
          case "lastSeenDays":
            return within(Math.floor((now - (p.lastLoginAt ?? p.createdAt)) / DAY), c);
          case "account":
            return c.is === (p.guest ? "guest" : p.claimedAt !== null ? "claimed" : "registered");
          case "battlesIn":
            return within(battlesOf(p.id, c.days).length, c);
          case "winsIn":
            return within(battlesOf(p.id, c.days).filter((b) => b.result === "win").length, c);
          case "damageIn":
            return within(sum(battlesOf(p.id, c.days).map((b) => b.damage)), c);
          case "experienceIn":
            return within(sum(battlesOf(p.id, c.days).map((b) => b.experience)), c);
          case "activeDays":
            return within(activeDays(p.id, c.days), c);
          case "lastPurchaseDays": {
            const last = lastPaid(p.id);
            return last > 0 && within(Math.floor((now - last) / DAY), c);
          }
          default:
            throw new Error(`not in this test: ${c.kind}`);
        }
      };
      return p.erasedAt === null && def.conditions.every(holds) && (def.groups ?? []).every((g) => g.anyOf.some(holds));
    })
    .map((p) => p.id)
    .sort((a, b) => a - b);
}

async function membersOf(audienceId: number): Promise<number[]> {
  const rows = await w.deps.db
    .select({ id: audienceMembers.playerId })
    .from(audienceMembers)
    .where(and(eq(audienceMembers.audienceId, audienceId), isNull(audienceMembers.exitedAt)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const DEFINITIONS: Record<string, Definition> = {
  whales30: { conditions: [{ kind: "spent", min: 1000, days: 30 }] },
  lowSpendPayers: {
    conditions: [
      { kind: "payer", is: true },
      { kind: "spent", max: 500 },
    ],
  },
  nonPayersRuKz: {
    conditions: [
      { kind: "payer", is: false },
      { kind: "country", in: ["RU", "KZ"] },
    ],
  },
  veteransMobile: {
    conditions: [
      { kind: "platform", in: ["android", "ios"] },
      { kind: "level", min: 5 },
      { kind: "battles", min: 20, max: 400 },
    ],
  },
  tier3Clan: {
    conditions: [
      { kind: "tierOwned", min: 3, max: 5 },
      { kind: "clan", member: true },
    ],
  },
  newAndIdle: {
    conditions: [
      { kind: "daysSinceInstall", max: 30 },
      { kind: "lastSeenDays", min: 3 },
    ],
  },
  guests: { conditions: [{ kind: "account", is: "guest" }] },
  claimedSolo: {
    conditions: [
      { kind: "account", is: "claimed" },
      { kind: "clan", member: false },
    ],
  },
  everyone: { conditions: [] },
  // Warehouse facts over windows, and any-of groups.
  fightersWhoWinOrHit: {
    conditions: [{ kind: "battlesIn", min: 3, days: 30 }],
    groups: [
      {
        anyOf: [
          { kind: "winsIn", min: 3, days: 30 },
          { kind: "damageIn", min: 2500, days: 14 },
        ],
      },
    ],
  },
  grindersOrRegularsRuOrWeb: {
    conditions: [],
    groups: [
      {
        anyOf: [
          { kind: "experienceIn", min: 1500, days: 7 },
          { kind: "activeDays", min: 4, days: 30 },
        ],
      },
      {
        anyOf: [
          { kind: "country", in: ["RU"] },
          { kind: "platform", in: ["web"] },
        ],
      },
    ],
  },
  lapsedPayers: { conditions: [{ kind: "lastPurchaseDays", min: 14, max: 45 }] },
  quietLately: {
    conditions: [{ kind: "level", min: 2 }],
    groups: [
      {
        anyOf: [
          { kind: "battlesIn", max: 1, days: 14 },
          { kind: "activeDays", max: 0, days: 7 },
          { kind: "winsIn", min: 0, max: 0, days: 30 },
        ],
      },
    ],
  },
};

beforeAll(async () => {
  w = await makeWorld({ now: NOW });
  op = await signInAdmin(w, "operator");
  const db = w.deps.db;
  const r = prng(32);
  await db.insert(contentTanks).values(
    [1, 2, 3, 4, 5, 6].map((id) => ({
      id,
      nameRu: `Танк ${id}`,
      nameEn: `Tank ${id}`,
      nation: "ussr" as const,
      type: "medium" as const,
      tier: id,
      hp: 300,
      damage: 50,
      penetration: 60,
      armor: 40,
      speed: 50,
      rateOfFire: 80,
      updatedAt: NOW,
    })),
  );
  let clan: { id: number } | undefined;
  for (let i = 0; i < N; i++) {
    const guest = r.next() < 0.2;
    const createdAt = NOW - r.int(0, 90) * DAY - r.int(0, DAY - 1);
    const [p] = await db
      .insert(players)
      .values({
        nickname: `aud_${i}`,
        country: r.pick(["RU", "KZ", "DE", "US"]),
        platform: r.pick(["web", "android", "ios"]),
        level: r.int(1, 12),
        battles: r.int(0, 500),
        createdAt,
        lastLoginAt: r.next() < 0.15 ? null : Math.min(NOW, createdAt + r.int(0, 90) * DAY),
        guest,
        claimedAt: !guest && r.next() < 0.3 ? createdAt + DAY : null,
        erasedAt: i === 7 ? NOW - DAY : null,
      })
      .returning();
    if (!clan)
      [clan] = await db
        .insert(clans)
        .values({ name: "Audience clan", tag: "AUD", leaderId: p.id, createdAt: NOW })
        .returning();
    for (const tier of [1, 2, 3, 4, 5, 6])
      if (r.next() < 0.25)
        await db
          .insert(playerItems)
          .values({ playerId: p.id, itemType: "tank", itemId: tier, quantity: 1, acquiredAt: NOW });
    if (clan && r.next() < 0.4)
      await db.insert(clanMembers).values({ playerId: p.id, clanId: clan.id, role: "member", joinedAt: NOW });
    // Battles and sign-ins over the last 60 days: some players many, some none.
    const fights = r.pick([0, 0, 1, 2, 4, 6, 10]);
    for (let k = 0; k < fights; k++)
      battle(
        p.id,
        NOW - r.int(0, 60) * DAY - r.int(0, DAY - 1),
        r.pick(["win", "loss", "loss", "draw"] as const),
        r.int(0, 1500),
        r.int(50, 600),
      );
    for (let k = r.pick([0, 1, 3, 6, 12]); k > 0; k--) active(p.id, NOW - r.int(0, 45) * DAY - r.int(0, DAY - 1));
    const roll = r.next();
    if (roll < 0.3) {
      await paidOrder(p.id, "stripe", "paid");
      // Spend: some long ago, some within 30 days, some refunded.
      for (let k = r.int(1, 3); k > 0; k--) payment(p.id, NOW - r.int(0, 60) * DAY - 1000, r.pick([99, 499, 999]));
      if (r.next() < 0.2) payment(p.id, NOW - 2 * DAY, -499, "refunded");
    } else if (roll < 0.4)
      await paidOrder(p.id, "manual", "paid"); // a compensation: not a payer
    else if (roll < 0.45) await paidOrder(p.id, "stripe", "refunded");
  }
  await flush();
});
afterAll(() => w.close());

describe("saved audiences: membership equals a recomputation from the store and the warehouse", () => {
  const ids: Record<string, number> = {};

  test("saving builds each audience; members, size and the preview equal the recomputation", async () => {
    for (const [name, definition] of Object.entries(DEFINITIONS)) {
      const preview = await post("/admin/audiences/preview", { definition });
      expect(preview.status).toBe(200);
      const want = await expected(definition);
      expect({ name, size: preview.body.size }).toEqual({ name, size: want.length });
      const saved = await post("/admin/audiences/save", { name, definition, actions: [] });
      expect(saved.status).toBe(200);
      ids[name] = saved.body.audience.id;
      expect(saved.body.audience.size).toBe(want.length);
      expect({ name, members: await membersOf(ids[name]) }).toEqual({ name, members: want });
    }
    // The sets are not trivial: each definition picks some players and leaves some out.
    for (const name of Object.keys(DEFINITIONS).filter((n) => n !== "everyone")) {
      const n = (await membersOf(ids[name])).length;
      expect({ name, some: n > 0 && n < N - 1 }).toEqual({ name, some: true });
    }
    const [log] = await w.deps.db.select().from(adminLog).where(eq(adminLog.action, "/admin/audiences/save"));
    expect(log.summary).toBe('created audience "whales30"');
  });

  test("an offer for a saved audience: its members see it, the others do not", async () => {
    const res = await post("/admin/specialOfferOptions/save", {
      titleRu: "Китам",
      titleEn: "For whales",
      grants: { gold: 10 },
      priceGold: 5,
      startsAt: new Date(NOW - DAY).toISOString(),
      endsAt: new Date(NOW + 60 * DAY).toISOString(),
      audienceId: ids.whales30,
    });
    expect(res.status).toBe(200);
    expect(res.body.offer.audienceId).toBe(ids.whales30);
    const members = new Set(await membersOf(ids.whales30));
    const all = await w.deps.db.select({ id: players.id }).from(players).where(isNull(players.erasedAt));
    for (const p of all) {
      const sees = (await offersFor(w.deps.db, p.id, "en", w.clock.now())).offers.some((o) => o.title === "For whales");
      expect({ player: p.id, sees }).toEqual({ player: p.id, sees: members.has(p.id) });
    }
    const bad = await post("/admin/specialOfferOptions/save", {
      titleRu: "Нет",
      titleEn: "No",
      grants: { gold: 10 },
      priceGold: 5,
      startsAt: new Date(NOW - DAY).toISOString(),
      endsAt: new Date(NOW + DAY).toISOString(),
      audienceId: 9999,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.audienceId).toBe("Choose an existing saved audience.");
  });

  test("live events for a saved audience: its members enter the tournament and get the multiplier, the others do not", async () => {
    const daily = { kind: "cron", cron: "0 0 * * *", durationMinutes: 1440, timeZone: "UTC" };
    const refused = await post("/admin/liveops/save", {
      kind: "tournament",
      titleRu: "Без аудитории",
      titleEn: "No audience",
      schedule: daily,
      audience: "saved",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.audienceId).toBe("Choose an existing saved audience.");
    const cup = await post("/admin/liveops/save", {
      kind: "tournament",
      titleRu: "Кубок клана",
      titleEn: "Clan cup",
      schedule: daily,
      audience: "saved",
      audienceId: ids.tier3Clan,
      minTier: 1,
      maxTier: 6,
    });
    expect(cup.status).toBe(200);
    expect(cup.body.event.audienceId).toBe(ids.tier3Clan);
    const boost = await post("/admin/liveops/save", {
      kind: "multiplier",
      titleRu: "x2 клану",
      titleEn: "x2 for the clan",
      schedule: daily,
      audience: "saved",
      audienceId: ids.tier3Clan,
      multiplied: "xp",
      multiplierPct: 200,
    });
    expect(boost.status).toBe(200);
    const members = new Set(await membersOf(ids.tier3Clan));
    const owners = await w.deps.db.select().from(playerItems).where(eq(playerItems.itemType, "tank"));
    const tested = { in: 0, out: 0 };
    for (const o of owners) {
      if (tested.in > 3 && tested.out > 3) break;
      const member = members.has(o.playerId);
      if ((member && tested.in > 3) || (!member && tested.out > 3)) continue;
      const entered = await enterTournament({
        ctx: ctx(),
        input: { eventId: cup.body.event.id, playerId: o.playerId, tier: o.itemId },
      }).then(
        () => true,
        (e: AppError) => (e.code === "forbidden" ? false : Promise.reject(e)),
      );
      const boosted = (await multipliersNow(w.deps.db, { at: w.clock.now(), playerId: o.playerId })).xpPct === 200;
      expect({ player: o.playerId, entered, boosted }).toEqual({
        player: o.playerId,
        entered: member,
        boosted: member,
      });
      tested[member ? "in" : "out"]++;
    }
    expect(tested.in).toBeGreaterThan(0);
    expect(tested.out).toBeGreaterThan(0);
  });

  test("a notification for a saved audience reaches its members only", async () => {
    const at = w.clock.now();
    const saved = await post("/admin/notification/save/notification", {
      name: "For non-payers in RU and KZ",
      startsAt: at - DAY,
      endsAt: at + DAY,
      audienceId: ids.nonPayersRuKz,
    });
    expect(saved.status).toBe(200);
    const id = saved.body.notification.id as number;
    expect(saved.body.notification.audienceId).toBe(ids.nonPayersRuKz);
    for (const lang of ["ru", "en"])
      expect(
        (await post("/admin/notification/save/content", { notificationId: id, lang, title: "Hi", body: "Hello" }))
          .status,
      ).toBe(200);
    const members = await membersOf(ids.nonPayersRuKz);
    expect((await post("/admin/notification/load/notification", { id })).body.audience).toBe(members.length);
    expect((await post("/admin/notification/save/status", { id, status: "active" })).body.delivered).toBe(
      members.length,
    );
    const got = await w.deps.db
      .select({ playerId: playerNotifications.playerId })
      .from(playerNotifications)
      .where(sql`json_extract(${playerNotifications.payload}, '$.notificationId') = ${id}`);
    expect(got.map((g) => g.playerId).sort((a, b) => a - b)).toEqual(members);
    const bad = await post("/admin/notification/save/notification", {
      name: "Nobody's",
      startsAt: at - DAY,
      endsAt: at + DAY,
      audienceId: 9999,
    });
    expect(bad.status).toBe(400);
  });

  test("events followed from the outbox (level-ups, sign-ins, payments, battles) move players in and out", async () => {
    const db = w.deps.db;
    w.clock.advance(60_000);
    const ps = await db.select().from(players).where(isNull(players.erasedAt));
    const r = prng(7);
    const changed = new Set<number>();
    const fighters = new Set<number>();
    const fightersBefore = new Set(await membersOf(ids.fightersWhoWinOrHit));
    for (const p of ps.slice(0, 40)) {
      const kind = r.pick(["level", "signIn", "pay", "fight"] as const);
      changed.add(p.id);
      if (kind === "fight") {
        // Four battles won, as the game's battle end writes them (the store's count and the outbox).
        fighters.add(p.id);
        await db
          .update(players)
          .set({ battles: sql`${players.battles} + 4` })
          .where(eq(players.id, p.id));
        for (let k = 0; k < 4; k++)
          await emit(db, "battles", {
            event_id: newEventId(),
            ts: toCHDateTime(w.clock.now() - k * 1000),
            battle_id: ++battleNo,
            player_id: p.id,
            tank_id: 1,
            mode: "random",
            result: "win",
            duration_s: 300,
            experience: 500,
            silver_earned: 100,
            silver_spent: 0,
            gold_earned: 0,
            kills: 2,
            damage: 1000,
            player_level: p.level,
          });
      } else if (kind === "level") {
        const level = r.int(1, 12);
        await db.update(players).set({ level }).where(eq(players.id, p.id));
        await emit(db, "progression", {
          event_id: newEventId(),
          ts: toCHDateTime(w.clock.now()),
          player_id: p.id,
          kind: "level",
          item_id: "",
          value: level,
          player_level: level,
        });
      } else if (kind === "signIn") {
        await db.update(players).set({ lastLoginAt: w.clock.now() }).where(eq(players.id, p.id));
        await emit(db, "activity", {
          event_id: newEventId(),
          ts: toCHDateTime(w.clock.now()),
          player_id: p.id,
          kind: "login",
          platform: p.platform,
          country: p.country,
          reg_ts: toCHDateTime(p.createdAt),
        });
      } else {
        await paidOrder(p.id, "stripe", "paid");
        payment(p.id, w.clock.now() - 1000, 1999);
        await emit(db, "activity", {
          event_id: newEventId(),
          ts: toCHDateTime(w.clock.now()),
          player_id: p.id,
          kind: "login",
          platform: p.platform,
          country: p.country,
          reg_ts: toCHDateTime(p.createdAt),
        });
      }
    }
    await flush();
    // Nothing is followed before the shipper has put the events in the warehouse.
    const before = await followAudienceEvents(run());
    expect(before.players).toBe(0);
    await w.ship();
    const followed = await followAudienceEvents(run());
    expect(followed.players).toBe(changed.size);
    expect(followed.entered + followed.exited).toBeGreaterThan(0);
    for (const [name, definition] of Object.entries(DEFINITIONS))
      expect({ name, members: await membersOf(ids[name]) }).toEqual({ name, members: await expected(definition) });
    // Battles followed from the outbox brought fighters into the warehouse-fact audience.
    const now = new Set(await membersOf(ids.fightersWhoWinOrHit));
    expect([...fighters].filter((id) => now.has(id) && !fightersBefore.has(id)).length).toBeGreaterThan(0);
  });

  test("the sweep catches what no event says (time passing: the 30-day window, days since install)", async () => {
    w.clock.advance(20 * DAY);
    const stale = await expected(DEFINITIONS.whales30);
    expect(await membersOf(ids.whales30)).not.toEqual(stale);
    const swept = await sweepAudiences(run());
    expect(swept.length).toBe(Object.keys(DEFINITIONS).length);
    for (const [name, definition] of Object.entries(DEFINITIONS))
      expect({ name, members: await membersOf(ids[name]) }).toEqual({ name, members: await expected(definition) });
    // Swept just now: the next run leaves them until SWEEP_EVERY_MS has passed.
    expect((await sweepAudiences(run())).length).toBe(0);
    w.clock.advance(SWEEP_EVERY_MS);
    expect((await sweepAudiences(run())).length).toBe(Object.keys(DEFINITIONS).length);
  });
});

describe("enter and exit actions (a grant, a notification, a variant): once per entry, also under replays", () => {
  // The clock moved weeks on above: a fresh operator session.
  beforeAll(async () => {
    op = await signInAdmin(w, "operator", "audiences_op2");
  });
  test("a grant on entering and on leaving, keyed audience:<id>:<player>:<entry no>", async () => {
    const db = w.deps.db;
    const [p] = await db
      .insert(players)
      .values({ nickname: "aud_actions", country: "BR", platform: "web", level: 1, createdAt: w.clock.now() })
      .returning();
    // An inbox notification (a draft with both texts) the enter action delivers.
    const draft = await post("/admin/notification/save/notification", {
      name: "Welcome to Brazil 5+",
      startsAt: w.clock.now(),
      endsAt: w.clock.now() + 30 * DAY,
    });
    const welcome = draft.body.notification.id as number;
    for (const lang of ["ru", "en"])
      await post("/admin/notification/save/content", { notificationId: welcome, lang, title: "Bem-vindo", body: "!" });
    // A running experiment the audience puts its members into (variant B) and takes them out of.
    const [exp] = await db
      .insert(experiments)
      .values({
        name: "Brazil test",
        status: "running",
        optionScope: OPTION_SCOPES[0],
        optionKey: "shop.layout",
        conditions: JSON.stringify(DEFAULT_CONDITIONS),
        variants: JSON.stringify([
          { name: "A", weight: 50, optionVariant: "default" },
          { name: "B", weight: 50, optionVariant: "b" },
        ]),
        createdAt: w.clock.now(),
        updatedAt: w.clock.now(),
      })
      .returning();
    const override = async () =>
      (
        await db
          .select({ variant: experimentOverrides.variant, by: experimentOverrides.byAdmin })
          .from(experimentOverrides)
          .where(and(eq(experimentOverrides.experimentId, exp.id), eq(experimentOverrides.playerId, p.id)))
      )[0];
    const saved = await post("/admin/audiences/save", {
      name: "Brazil level 5+",
      definition: {
        conditions: [
          { kind: "country", in: ["BR"] },
          { kind: "level", min: 5 },
        ],
      },
      actions: [
        { on: "enter", kind: "grant", currency: "gold", amount: 50 },
        { on: "exit", kind: "grant", currency: "silver", amount: 7 },
        { on: "enter", kind: "notify", notificationId: welcome },
        { on: "enter", kind: "variant", experimentId: exp.id, variant: "B" },
        { on: "exit", kind: "variant", experimentId: exp.id, variant: null },
      ],
    });
    expect(saved.status).toBe(200);
    const id = saved.body.audience.id as number;
    expect(saved.body.entered).toBe(0);

    const levelTo = async (level: number) => {
      w.clock.advance(1000);
      await db.update(players).set({ level }).where(eq(players.id, p.id));
      await emit(db, "progression", {
        event_id: newEventId(),
        ts: toCHDateTime(w.clock.now()),
        player_id: p.id,
        kind: "level",
        item_id: "",
        value: level,
        player_level: level,
      });
      await w.ship();
    };
    const balance = async () => {
      const [b] = await db
        .select({ gold: players.gold, silver: players.silver })
        .from(players)
        .where(eq(players.id, p.id));
      return b;
    };
    /** Every way the same facts can be seen again: the events path replayed from the start, sweeps racing it. */
    const replay = async () => {
      await db.update(audienceCursor).set({ outboxTo: 0 });
      await db.update(audiences).set({ sweptAt: null });
      await Promise.all([refreshAudiences(run()), sweepAudiences(run()), followAudienceEvents(run())]);
      await db.update(audiences).set({ sweptAt: null });
      await refreshAudiences(run());
    };

    await levelTo(5);
    await followAudienceEvents(run());
    expect(await balance()).toEqual({ gold: 50, silver: 0 });
    await replay();
    expect(await balance()).toEqual({ gold: 50, silver: 0 });
    expect(await override()).toEqual({ variant: "B", by: `audience:${id}` });

    await levelTo(4); // leaves: the exit grant, once
    await followAudienceEvents(run());
    await replay();
    expect(await balance()).toEqual({ gold: 50, silver: 7 });
    expect(await override()).toEqual({ variant: null, by: `audience:${id}` });

    await levelTo(6); // enters again: entry 2 pays again, once
    await followAudienceEvents(run());
    await replay();
    expect(await balance()).toEqual({ gold: 100, silver: 7 });
    expect(await override()).toEqual({ variant: "B", by: `audience:${id}` });

    // The notification arrived once per entry (entries 1 and 2), whatever was replayed.
    const notes = await db
      .select({ payload: playerNotifications.payload })
      .from(playerNotifications)
      .where(and(eq(playerNotifications.playerId, p.id), eq(playerNotifications.kind, "notification")));
    expect(notes.map((n) => JSON.parse(n.payload).audience)).toEqual([
      { id, entryNo: 1, on: "enter" },
      { id, entryNo: 2, on: "enter" },
    ]);
    const entries = await db
      .select({ n: audienceMembers.entryNo, exited: audienceMembers.exitedAt })
      .from(audienceMembers)
      .where(and(eq(audienceMembers.audienceId, id), eq(audienceMembers.playerId, p.id)))
      .orderBy(audienceMembers.entryNo);
    expect(entries.map((e) => [e.n, e.exited === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    const keys = await db
      .select({ key: ledgerEntries.idempotencyKey, delta: ledgerEntries.delta })
      .from(ledgerEntries)
      .where(like(ledgerEntries.idempotencyKey, `audience:${id}:%`))
      .orderBy(ledgerEntries.id);
    expect(keys).toEqual([
      { key: `audience:${id}:${p.id}:1`, delta: 50 },
      { key: `audience:${id}:${p.id}:1:exit`, delta: 7 },
      { key: `audience:${id}:${p.id}:2`, delta: 50 },
    ]);
  });

  test("bad definitions and actions are refused with the field's message, nothing saved", async () => {
    const count = async () => (await w.deps.db.select().from(audiences)).length;
    const n = await count();
    const res = await post("/admin/audiences/save", {
      name: "upside down",
      definition: { conditions: [{ kind: "level", min: 9, max: 3 }] },
      actions: [{ on: "enter", kind: "notify", notificationId: 999 }],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("lower bound");
    expect(JSON.stringify(res.body)).toContain("inbox notification");
    expect(await count()).toBe(n);
  });

  test("bad groups and warehouse facts are refused field by field (en, ru), nothing saved", async () => {
    const count = async () => (await w.deps.db.select().from(audiences)).length;
    const n = await count();
    const definition = {
      conditions: [{ kind: "battlesIn", min: 1 }],
      groups: [
        { anyOf: [] },
        {
          anyOf: [
            { kind: "country", in: ["RU"] },
            { kind: "activeDays", min: 1, days: 0 },
          ],
        },
      ],
    };
    const res = await post("/admin/audiences/save", { name: "bad groups", definition });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      "definition.conditions.0.days": "This field is required.",
      "definition.groups.0.anyOf": "This field is required.",
      "definition.groups.1.anyOf.1.days": "Please enter a value greater than or equal to 1.",
    });
    // A group's range the wrong way up: the server's own check, at the condition's path, in ru.
    const ru = await w.app.request("/admin/audiences/save", {
      method: "POST",
      headers: op.headers({ "accept-language": "ru" }),
      body: JSON.stringify({
        name: "upside down group",
        definition: {
          conditions: [],
          groups: [
            {
              anyOf: [
                { kind: "payer", is: true },
                { kind: "lastPurchaseDays", min: 30, max: 7 },
              ],
            },
          ],
        },
      }),
    });
    expect(ru.status).toBe(400);
    expect((await ru.json()).error.fields).toEqual({
      "definition.groups.0.anyOf.1": "Нижняя граница не должна быть выше верхней.",
    });
    // The preview refuses the same way and counts nothing.
    expect((await post("/admin/audiences/preview", { definition })).status).toBe(400);
    expect(await count()).toBe(n);
  });
});
