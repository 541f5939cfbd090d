// Demo world: the battles of the world's players over its days, reported through the same
// startBattle/endBattle a battle server reaches, so stats, the ledger and the warehouse's
// battles rows come from the real path. Active days thin out after registration as logins do;
// an active day of the last week has 1–6 battles (most 1–2) of 2–6 world players each (the rest of a battle's
// seats are bots, which are not players). A few battles are left running, some of them stuck.
import { count } from "drizzle-orm";
import { battles } from "../schema/battles.ts";
import { players } from "../schema/players.ts";
import { contentTanks } from "../schema/content.ts";
import {
  BATTLE_RULES,
  endBattleIn,
  levelFor,
  startBattle,
  startBattleIn,
  type PlayerResult,
} from "../../domain/battles.ts";
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
/** Battle history covers the world's last week: the battle screens and tanksEarns have data, and `npm start` stays quick (each player-battle is ~20 statements). */
const HISTORY_DAYS = 7;

export const battlesStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const [{ n }] = await db.select({ n: count() }).from(battles);
  if (n > 0 || playerIds.length < 2) return;
  const tanks = await db
    .select({ id: contentTanks.id, tier: contentTanks.tier, premium: contentTanks.premium })
    .from(contentTanks);
  if (tanks.length === 0) return;
  const byTier = new Map<number, number[]>();
  for (const t of tanks.filter((t) => !t.premium)) byTier.set(t.tier, [...(byTier.get(t.tier) ?? []), t.id]);
  const tiers = [...byTier.keys()].sort((a, b) => a - b);

  const wanted = new Set(playerIds);
  const registered = new Map(
    (await db.select({ id: players.id, createdAt: players.createdAt }).from(players))
      .filter((p) => wanted.has(p.id))
      .map((p) => [p.id, p.createdAt]),
  );
  const start = opts.now - Math.min(opts.days, HISTORY_DAYS) * DAY;
  const firstDay = start - (start % DAY);
  const dayCount = Math.ceil((opts.now - firstDay) / DAY);
  const seats: number[][] = Array.from({ length: dayCount }, () => []);
  for (const [id, at] of registered) {
    const loyalty = r.next();
    for (let d = 0; at + d * DAY < opts.now; d++) {
      if (d > 0 && r.next() > loyalty ** (d / 10 + 1)) continue;
      if (at + d * DAY < firstDay) continue;
      const day = Math.floor((at + d * DAY - firstDay) / DAY);
      for (let k = r.weighted(BATTLES_PER_ACTIVE_DAY); k > 0; k--) seats[day].push(id);
    }
  }

  const experience = new Map<number, number>();
  const tankFor = (playerId: number) => {
    const top = Math.min(10, 1 + Math.floor(levelFor(experience.get(playerId) ?? 0) / 3));
    const usable = tiers.filter((t) => t <= top && t >= top - 2);
    const ids = byTier.get(r.pick(usable.length ? usable : [tiers[0]]))!;
    return r.pick(ids);
  };
  const latest = opts.now - 10 * 60_000;
  for (let day = 0; day < dayCount; day++) {
    const pool = seats[day];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(r.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const planned: { at: number; ids: number[] }[] = [];
    for (let i = 0; i < pool.length; ) {
      const size = r.int(2, 6);
      const ids = [...new Set(pool.slice(i, i + size))];
      i += size;
      if (ids.length < 2) continue;
      const earliest = Math.max(...ids.map((id) => registered.get(id)!)) + 60_000;
      let at = firstDay + day * DAY + r.int(0, DAY - 1);
      if (at < earliest) at = earliest + r.int(0, 3 * 3_600_000);
      if (at > latest - 900_000) continue;
      planned.push({ at, ids });
    }
    planned.sort((a, b) => a.at - b.at);
    // A day's battles in one transaction: the same domain calls, far fewer commits.
    await db.transaction(async (tx) => {
      for (const b of planned) {
        const seat = b.ids.map((playerId) => ({ playerId, tankId: tankFor(playerId) }));
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
            kills: r.int(0, result === "win" ? 5 : 2),
            damage: Math.round(r.int(80, 450) * skill * tier),
            durationS: r.int(Math.floor(duration * 0.4), duration),
          };
        });
        await endBattleIn(tx, { battleId, results, at: b.at + duration * 1000 });
      }
    });
  }

  // Battles still running at the world's end: two fresh, three stuck (their servers never reported the end).
  const ids = [...registered.keys()];
  for (const age of [
    4 * 60_000,
    9 * 60_000,
    BATTLE_RULES.stuckAfterMs + 25 * 60_000,
    3 * BATTLE_RULES.stuckAfterMs,
    6 * BATTLE_RULES.stuckAfterMs,
  ]) {
    const picked = [...new Set([r.pick(ids), r.pick(ids), r.pick(ids)])].filter(
      (id) => registered.get(id)! < opts.now - age,
    );
    if (picked.length === 0) continue;
    await startBattle(db, {
      mode: r.weighted(MODES),
      map: r.pick(MAPS),
      players: picked.map((playerId) => ({ playerId, tankId: tankFor(playerId) })),
      at: opts.now - age,
    });
  }
};
