// Issue 31: a believable demo world. Checked over a seeded world: no ticket before its player's
// registration; the "no gold after payment" ticket has its pending order; every player's battle
// is on a tank they own (their garage, or a free tier-I tank) at the time; battles and activity
// cover the whole seeded period (they used to start a week before its end, so DAU and retention
// jumped); a player's last sign-in agrees with their battles.
import { test, expect } from "bun:test";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { makeWorld } from "../../test/fixture.ts";
import { buildWorld } from "./world.ts";
import { liveCalendar } from "../../domain/liveops/admin.ts";
import { systemCtx } from "../../domain/context.ts";

const DAY = 86_400_000;

test("the demo world is consistent over its whole period", async () => {
  const w = await makeWorld();
  try {
    const now = w.clock.now();
    const days = 30;
    await buildWorld(w.deps.db, { players: 80, days, now, seed: 9 });
    const db = w.deps.db;
    // By position: rows are arrays on bun:sqlite and array-like (not iterable) on @libsql/client.
    const one = async <T extends unknown[]>(q: ReturnType<typeof sql>) =>
      Array.from((await db.values<T>(q))[0] as ArrayLike<unknown>) as T;

    const [early] = await one<[number]>(
      sql`select count(*) from support_tickets t join players p on p.id = t.player_id where t.created_at < p.created_at`,
    );
    expect(Number(early)).toBe(0);
    const [noGold, orderOk] = await one<[number, number]>(sql`select count(*), sum(exists (
        select 1 from billing_orders o where o.player_id = t.player_id and o.status = 'pending' and o.created_at < t.created_at
          and t.created_at - o.created_at < 3600000))
      from support_tickets t where t.sub_category = 'not_credited'`);
    expect(Number(noGold)).toBeGreaterThan(0);
    expect(Number(orderOk)).toBe(Number(noGold));

    const [seats, notOwned] = await one<[number, number]>(sql`select count(*), sum(not (
        exists (select 1 from player_items i where i.player_id = bp.player_id and i.item_type = 'tank' and i.item_id = bp.tank_id and i.acquired_at <= b.started_at)
        or exists (select 1 from content_tanks t where t.id = bp.tank_id and t.tier = 1 and t.price_gold = 0 and t.price_silver = 0)))
      from battle_players bp join battles b on b.id = bp.battle_id`);
    expect(Number(seats)).toBeGreaterThan(100);
    expect(Number(notOwned)).toBe(0);

    // Battles in every fifth of the period (the first after the first registrations).
    const start = now - days * DAY;
    const fifth = (days * DAY) / 5;
    const counts = [0, 0, 0, 0, 0];
    for (const r of await db.values<[number]>(sql`select started_at from battles`))
      counts[Math.min(4, Math.floor((Number(r[0]) - start) / fifth))]++;
    console.log("battles per fifth of the period", counts.join(", "));
    for (const n of counts) expect(n).toBeGreaterThan(0);

    // Activity every week of the period, in the warehouse DAU is read from.
    await w.ship();
    const weeks = await w.deps.warehouse.query(
      "SELECT intDiv(toUInt32(toUnixTimestamp(ts)) - {start:UInt32}, 604800) AS k, uniqExact(player_id) AS n FROM activity GROUP BY k ORDER BY k",
      { start: Math.floor(start / 1000) },
      z.object({ k: z.coerce.number(), n: z.coerce.number() }),
    );
    const before = await w.deps.warehouse.query(
      "SELECT kind, count() AS n, min(ts) AS first, min(reg_ts) AS reg FROM activity WHERE ts < fromUnixTimestamp({start:UInt32}) GROUP BY kind",
      { start: Math.floor(start / 1000) },
      z.object({ kind: z.string(), n: z.coerce.number(), first: z.string(), reg: z.string() }),
    );
    expect(before).toEqual([]);
    expect(weeks.map((r) => r.k)).toEqual([0, 1, 2, 3, 4]);

    // A player's last battle follows a sign-in of theirs within hours (a session, not days later).
    const [late] = await one<[number]>(sql`select count(*) from players p
      where exists (select 1 from battle_players bp where bp.player_id = p.id)
        and (p.last_login_at is null or p.last_login_at > ${now}
          or p.last_login_at < (select max(b.started_at) from battles b join battle_players bp on bp.battle_id = b.id where bp.player_id = p.id) - 6 * 3600000)`);
    expect(Number(late)).toBe(0);

    // The operators' live-events calendar has its next four weeks filled, with no clash.
    const calendar = await liveCalendar({ ctx: systemCtx(db, w.clock), input: {} });
    const periods = calendar.events.filter((e) => e.event.builtin === null).map((e) => e.periods.length);
    expect(periods[0]).toBeGreaterThanOrEqual(4); // a weekend a week
    expect(periods[1]).toBeGreaterThanOrEqual(19); // weekday evenings
    const weekly = calendar.events.find((e) => e.event.builtin === "weeklyPlayers");
    expect(weekly?.periods.length).toBeGreaterThanOrEqual(4); // the weekly players' tournament
    expect(calendar.events.flatMap((e) => e.periods.flatMap((p) => p.clashes))).toEqual([]);
  } finally {
    await w.close();
  }
}, 240_000);
