// Demo world: the battles of the world's players over the whole period, reported through the
// same startBattle/endBattle a battle server reaches, so stats, the ledger and the warehouse's
// battles rows come from the real path. A player fights on the days they sign in, after the
// sign-in (so DAU, retention and the last sign-in agree with the battles): a sign-in day of the
// last week has 1–6 battles (most 1–2), an earlier one a battle one time in OLDER_SHARE (fewer
// statements for `npm start`, the same days). A battle has 1–6 world players (the rest of its
// seats are bots, which are not players), each on a tank they own: the free tier-I tanks, or one
// their level has reached, put in their garage before the battle as research gives it. A few
// battles are left running, some of them stuck, right after their players' sign-in. One player
// cheats (far above their tiers' medians), for the cheat signals.
import { and, count, eq } from "drizzle-orm";
import { battles } from "../schema/battles.ts";
import { players } from "../schema/players.ts";
import { contentTanks } from "../schema/content.ts";
import { playerItems } from "../schema/inventory.ts";
import { recordActivity } from "../../domain/players.ts";
import { BATTLE_RULES, endBattleIn, levelFor, startBattleIn, type PlayerResult } from "../../domain/battles.ts";
import type { WorldStep } from "../demo.ts";

const DAY = 86_400_000;
const MODES = [
  ["random", 70],
  ["ranked", 15],
  ["assault", 10],
  ["clan", 5],
] as const;
const MAPS = ["prokhorovka", "steppe", "mines", "himmelsdorf", "malinovka", "ruinberg", "fjords", "el-halluf"] as const;
const BATTLES_PER_ACTIVE_DAY = [
  [1, 4],
  [2, 4],
  [3, 2],
  [4, 1],
  [6, 1],
] as const;
/** The last week has every sign-in day's battles; earlier sign-in days one battle in OLDER_SHARE (each player-battle is ~20 statements: `npm start` stays quick). */
const HISTORY_DAYS = 7;
const OLDER_SHARE = 0.3;

export const battlesStep: WorldStep = async ({ db, r, playerIds, opts, logins }) => {
  const [{ n }] = await db.select({ n: count() }).from(battles);
  if (n > 0 || playerIds.length < 2) return;
  const tanks = await db
    .select({
      id: contentTanks.id,
      tier: contentTanks.tier,
      premium: contentTanks.premium,
      priceGold: contentTanks.priceGold,
      priceSilver: contentTanks.priceSilver,
    })
    .from(contentTanks);
  if (tanks.length === 0) return;
  const byTier = new Map<number, number[]>();
  for (const t of tanks.filter((t) => !t.premium)) byTier.set(t.tier, [...(byTier.get(t.tier) ?? []), t.id]);
  const tiers = [...byTier.keys()].sort((a, b) => a - b);
  const free = new Set(tanks.filter((t) => t.tier === 1 && t.priceGold === 0 && t.priceSilver === 0).map((t) => t.id));

  const wanted = new Set(playerIds);
  const registered = new Map(
    (await db.select({ id: players.id, createdAt: players.createdAt }).from(players))
      .filter((p) => wanted.has(p.id))
      .map((p) => [p.id, p.createdAt]),
  );
  const start = opts.now - opts.days * DAY;
  const firstDay = start - (start % DAY);
  const recentFrom = opts.now - HISTORY_DAYS * DAY;
  const dayCount = Math.ceil((opts.now - firstDay) / DAY) + 1;
  // Each seat is a player and the sign-in it follows.
  const seats: { id: number; after: number }[][] = Array.from({ length: dayCount }, () => []);
  for (const [id, at] of registered) {
    // Without the world's sign-ins (a step run alone), the player signs in on their registration day.
    for (const login of logins?.get(id) ?? [at]) {
      const day = Math.floor((login - firstDay) / DAY);
      if (day < 0 || day >= dayCount) continue;
      const k = login >= recentFrom ? r.weighted(BATTLES_PER_ACTIVE_DAY) : r.next() < OLDER_SHARE ? 1 : 0;
      for (let i = 0; i < k; i++) seats[day].push({ id, after: login });
    }
  }

  // One player cheats: the most regular one deals three and a half times the damage and kills
  // more, so the cheat signals have an outlier to show (issue 31).
  let cheater = -1;
  for (const [id, at] of registered) {
    const n = (logins?.get(id) ?? [at]).length;
    if (cheater < 0 || n > (logins?.get(cheater)?.length ?? 1)) cheater = id;
  }

  const experience = new Map<number, number>();
  const owned = new Map<number, Set<number>>();
  for (const row of await db
    .select({ playerId: playerItems.playerId, itemId: playerItems.itemId })
    .from(playerItems)
    .where(eq(playerItems.itemType, "tank")))
    owned.set(row.playerId, (owned.get(row.playerId) ?? new Set()).add(row.itemId));
  /** A tank of the player's tiers; one they do not own yet goes into their garage first. */
  const tankFor = async (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], playerId: number, at: number) => {
    const top = Math.min(10, 1 + Math.floor(levelFor(experience.get(playerId) ?? 0) / 3));
    const usable = tiers.filter((t) => t <= top && t >= top - 2);
    const ids = byTier.get(r.pick(usable.length ? usable : [tiers[0]])) ?? [];
    const mine = owned.get(playerId) ?? new Set<number>();
    // Mostly a tank already in the garage (or a free one), sometimes the next one researched.
    const have = ids.filter((id) => mine.has(id) || free.has(id));
    const id = have.length && r.next() < 0.8 ? r.pick(have) : r.pick(ids);
    if (!mine.has(id) && !free.has(id)) {
      const [row] = await tx
        .select({ n: count() })
        .from(playerItems)
        .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, "tank"), eq(playerItems.itemId, id)));
      if (row.n === 0)
        await tx
          .insert(playerItems)
          .values({ playerId, itemType: "tank", itemId: id, quantity: 1, acquiredAt: at - 60_000 });
      owned.set(playerId, mine.add(id));
    }
    return id;
  };
  const latest = opts.now - 10 * 60_000;
  for (let day = 0; day < dayCount; day++) {
    // Players who signed in about the same time fight together.
    const pool = seats[day].sort((a, b) => a.after - b.after);
    const planned: { at: number; ids: number[] }[] = [];
    for (let i = 0; i < pool.length; ) {
      // Up to 2–6 seats whose sign-ins are within two hours of the first's.
      const size = r.int(2, 6);
      const chunk = [pool[i++]];
      while (chunk.length < size && i < pool.length && pool[i].after - chunk[0].after < 2 * 3_600_000)
        chunk.push(pool[i++]);
      const ids = [...new Set(chunk.map((s) => s.id))];
      // A lone world player (early days have few) fights with bots.
      if (ids.length < 1) continue;
      // After every member's sign-in that day.
      const at = Math.max(...chunk.map((s) => s.after)) + r.int(60_000, 45 * 60_000);
      if (at > latest - 900_000) continue;
      planned.push({ at, ids });
    }
    planned.sort((a, b) => a.at - b.at);
    // A day's battles in one transaction: the same domain calls, far fewer commits.
    await db.transaction(async (tx) => {
      for (const b of planned) {
        const seat = [];
        for (const playerId of b.ids) seat.push({ playerId, tankId: await tankFor(tx, playerId, b.at) });
        const { battleId } = await startBattleIn(tx, {
          mode: r.weighted(MODES),
          map: r.pick(MAPS),
          players: seat,
          at: b.at,
        });
        const duration = r.int(180, 840);
        const winners = r.next() < 0.05 ? -1 : r.int(0, 1);
        const results: PlayerResult[] = seat.map(({ playerId, tankId }, k) => {
          const tier = tanks.find((t) => t.id === tankId)!.tier;
          const result = winners < 0 ? "draw" : k % 2 === winners ? "win" : "loss";
          const skill = 0.5 + r.next();
          const exp = Math.round((result === "win" ? 600 : result === "draw" ? 380 : 260) * skill * (1 + tier / 10));
          experience.set(playerId, (experience.get(playerId) ?? 0) + exp);
          return {
            playerId,
            result,
            experience: exp,
            silver: Math.round((result === "win" ? 900 : result === "draw" ? 600 : 450) * skill * tier),
            kills: playerId === cheater ? r.int(4, 7) : r.int(0, result === "win" ? 5 : 2),
            damage: Math.round(r.int(80, 450) * skill * tier * (playerId === cheater ? 3.5 : 1)),
            durationS: r.int(Math.floor(duration * 0.4), duration),
          };
        });
        await endBattleIn(tx, { battleId, results, at: b.at + duration * 1000 });
      }
    });
  }

  // Battles still running at the world's end: two fresh, three stuck (their servers never
  // reported the end); their players signed in just before.
  const ids = [...registered.keys()];
  for (const age of [
    4 * 60_000,
    9 * 60_000,
    BATTLE_RULES.stuckAfterMs + 25 * 60_000,
    3 * BATTLE_RULES.stuckAfterMs,
    6 * BATTLE_RULES.stuckAfterMs,
  ]) {
    const at = opts.now - age;
    const picked = [...new Set([r.pick(ids), r.pick(ids), r.pick(ids)])].filter(
      (id) => registered.get(id)! < at - 5 * 60_000,
    );
    if (picked.length === 0) continue;
    await db.transaction(async (tx) => {
      const seat = [];
      for (const playerId of picked) {
        await recordActivity(tx, playerId, "login", at - r.int(60_000, 4 * 60_000));
        seat.push({ playerId, tankId: await tankFor(tx, playerId, at) });
      }
      await startBattleIn(tx, { mode: r.weighted(MODES), map: r.pick(MAPS), players: seat, at });
    });
  }
};
