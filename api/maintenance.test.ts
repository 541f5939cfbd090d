// Bounded storage: the maintenance the shipper's timer and the Workers cron run deletes shipped
// outbox rows past their keep time, expired sessions and expired clan requests — and nothing
// else: not a row the warehouse has not accepted, not a live session or request.
import { test, expect } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { makeWorld } from "./test/fixture.ts";
import { signInAdmin } from "./test/sign-in.ts";
import { emitMany } from "./domain/outbox.ts";
import { registerPlayer } from "./domain/players.ts";
import { maintain, OUTBOX_KEEP_MS } from "./maintenance.ts";
import { outbox, sessions, clans, clanRequests, admins } from "./db/schema/index.ts";
import { newEventId, toCHDateTime } from "../warehouse/events.ts";
import { outboxBacklog, startShipper } from "../warehouse/shipper.ts";
import type { Warehouse } from "../warehouse/port.ts";

const activity = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    event_id: newEventId(),
    ts: toCHDateTime(Date.UTC(2026, 0, 1) + i),
    player_id: i + 1,
    kind: "login",
    country: "RU",
    platform: "web",
    reg_ts: toCHDateTime(Date.UTC(2026, 0, 1)),
  }));

test("maintain() prunes shipped outbox rows older than the keep time, expired sessions and clan requests; keeps the rest", async () => {
  const w = await makeWorld();
  try {
    const { db, client } = w.deps;
    const now = Date.now();
    // 12,000 shipped events (more than one delete chunk), then 50 the warehouse has not accepted.
    await emitMany(db, "activity", activity(12_000));
    await w.ship();
    await emitMany(db, "activity", activity(50));
    const outboxRows = async () => (await db.select({ n: count() }).from(outbox))[0].n;
    const all = await outboxRows();
    // Nothing is old enough yet.
    expect((await maintain({ db, client }, now)).outbox).toBe(0);
    // An hour later every shipped row may go; the 50 pending ones stay, however old.
    const later = now + OUTBOX_KEEP_MS + 1000;
    const pruned = await maintain({ db, client }, later);
    expect(pruned.outbox).toBe(all - 50);
    expect(await outboxRows()).toBe(50);
    expect(await outboxBacklog(client)).toBe(50);
    // They still ship afterwards.
    await w.ship();
    expect(await outboxBacklog(client)).toBe(0);

    // Sessions and requests live on the world's clock.
    const at = w.clock.now();
    const live = await signInAdmin(w, "support");
    const gone = await signInAdmin(w, "support");
    const [goneAdmin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, gone.username));
    await db
      .update(sessions)
      .set({ expiresAt: at - 1 })
      .where(and(eq(sessions.kind, "admin"), eq(sessions.subjectId, goneAdmin.id)));
    const { playerId } = await registerPlayer(db, {
      nickname: "Pruner",
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "ru",
      at: at,
    });
    const { playerId: other } = await registerPlayer(db, {
      nickname: "Pruner2",
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "ru",
      at: at,
    });
    const [clan] = await db
      .insert(clans)
      .values({ name: "Prune", tag: "PRN", leaderId: playerId, createdAt: at })
      .returning();
    await db.insert(clanRequests).values([
      { clanId: clan.id, playerId, createdAt: at - 10, expiresAt: at - 1 },
      { clanId: clan.id, playerId: other, createdAt: at, expiresAt: at + 86_400_000 },
    ]);
    const second = await maintain({ db, client }, at);
    expect(second).toEqual({ outbox: 0, sessions: 1, clanRequests: 1, guests: 0, challenges: 0 });
    expect((await w.app.request("/admin/index", { headers: live.headers() })).status).toBe(200);
    expect((await w.app.request("/admin/index", { headers: gone.headers() })).status).toBe(401);
    expect((await db.select({ p: clanRequests.playerId }).from(clanRequests)).map((r) => r.p)).toEqual([other]);
  } finally {
    await w.close();
  }
}, 60_000);

test("the shipper's timer runs the maintenance, also while the warehouse is down", async () => {
  const w = await makeWorld();
  try {
    const down: Warehouse = Object.assign(Object.create(w.deps.warehouse) as Warehouse, {
      insertLines: () => Promise.reject(new Error("connection refused")),
    });
    await emitMany(w.deps.db, "activity", activity(3));
    let runs = 0;
    const shipper = startShipper({
      client: w.deps.client,
      warehouse: down,
      intervalMs: 10,
      maintenance: { everyMs: 0, run: async () => void runs++ },
    });
    const until = Date.now() + 5000;
    while (runs < 2 && Date.now() < until) await Bun.sleep(10);
    await shipper.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(await outboxBacklog(w.deps.client)).toBe(3);
  } finally {
    await w.close();
  }
}, 60_000);
