// Battles as the game's battle servers report them: a battle starts with its players and tanks
// and ends with each player's result. Ending pays out through the ledger, updates the players'
// stats (and their clans'), and emits one `battles` event per player, all in one transaction;
// a replayed end answers the first one. Operators stop a battle that never ended.
import { and, eq, inArray, lt, lte, or, sql, count } from "drizzle-orm";
import { battleRooms } from "../db/schema/arena.ts";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { battles, battlePlayers, battleEvents, type BattleResult } from "../db/schema/battles.ts";
import { players } from "../db/schema/players.ts";
import { clans, clanMembers } from "../db/schema/clans.ts";
import { contentTanks } from "../db/schema/content.ts";
import { AppError, fieldError } from "./errors.ts";
import { applyLedger } from "./ledger.ts";
import { recordActivity } from "./players.ts";
import { emit } from "./outbox.ts";
import { progressAfterBattle, type BattleProgressed } from "./progression.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { systemCtx } from "./context.ts";
import { multipliersNow } from "./liveops/running.ts";
import { recordTournamentBattle } from "./liveops/tournaments.ts";
import "./battle-messages.ts";

/** The figures of the battle rules, in one place (docs/decisions/battles.md). */
export const BATTLE_RULES = {
  /** A battle still running this long after its start is stuck (the longest mode lasts 15 minutes). */
  stuckAfterMs: 60 * 60_000,
  /** Silver per tank tier the repair costs, by result (a lost tank is usually destroyed). */
  repairPerTier: { win: 60, draw: 80, loss: 120 } as Record<BattleResult, number>,
  /** Silver per tank tier for the ammunition a battle uses. */
  ammoPerTier: 40,
  ratingDelta: { win: 15, draw: 0, loss: -10 } as Record<BattleResult, number>,
  /** A premium account earns this share more experience and silver (the silver as its own ledger row). */
  premiumBonus: 0.5,
  /** Level n needs LEVEL_STEP·(n-1)² experience, up to MAX_LEVEL. */
  levelStep: 500,
  maxLevel: 30,
  maxPlayers: 30,
} as const;

export function levelFor(experience: number): number {
  return Math.min(BATTLE_RULES.maxLevel, 1 + Math.floor(Math.sqrt(Math.max(0, experience) / BATTLE_RULES.levelStep)));
}

/** What one battle costs a player in silver (repair + ammunition) for a tank of this tier. */
export function battleCost(tier: number, result: BattleResult): { repair: number; ammo: number } {
  return { repair: BATTLE_RULES.repairPerTier[result] * tier, ammo: BATTLE_RULES.ammoPerTier * tier };
}

export interface BattleStart {
  serverRef?: string;
  mode: string;
  map: string;
  players: { playerId: number; tankId: number }[];
  at: number;
}

async function event(
  tx: Tx,
  battleId: number,
  kind: string,
  at: number,
  playerId: number | null = null,
  details: Record<string, unknown> = {},
) {
  await tx.insert(battleEvents).values({ battleId, kind, playerId, details: JSON.stringify(details), at });
}

export function startBattle(db: Db, s: BattleStart): Promise<{ battleId: number; replayed: boolean }> {
  return db.transaction((tx) => startBattleIn(tx, s));
}

/** startBattle inside the caller's transaction (the demo world starts a day's battles in one). */
export async function startBattleIn(tx: Tx, s: BattleStart): Promise<{ battleId: number; replayed: boolean }> {
  const ids = s.players.map((p) => p.playerId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw fieldError({ [`players.${dup}.playerId`]: { id: "battles.duplicatePlayer" } });
  if (s.serverRef) {
    const [known] = await tx
      .select({ id: battles.id })
      .from(battles)
      .where(eq(battles.serverRef, s.serverRef))
      .limit(1);
    if (known) return { battleId: known.id, replayed: true };
  }
  const found = await tx.select({ id: players.id }).from(players).where(inArray(players.id, ids));
  const foundIds = new Set(found.map((p) => p.id));
  const missing = ids.findIndex((id) => !foundIds.has(id));
  if (missing >= 0) throw fieldError({ [`players.${missing}.playerId`]: { id: "battles.unknownPlayer" } });
  const tankIds = [...new Set(s.players.map((p) => p.tankId))];
  const tanks = new Set(
    (await tx.select({ id: contentTanks.id }).from(contentTanks).where(inArray(contentTanks.id, tankIds))).map(
      (t) => t.id,
    ),
  );
  const badTank = s.players.findIndex((p) => !tanks.has(p.tankId));
  if (badTank >= 0) throw fieldError({ [`players.${badTank}.tankId`]: { id: "battles.unknownTank" } });
  // A clan joined after the battle's start (only in backfilled reports) does not count it.
  const members = new Map(
    (
      await tx
        .select({ p: clanMembers.playerId, c: clanMembers.clanId })
        .from(clanMembers)
        .where(and(inArray(clanMembers.playerId, ids), lte(clanMembers.joinedAt, s.at)))
    ).map((m) => [m.p, m.c]),
  );
  const [b] = await tx
    .insert(battles)
    .values({ serverRef: s.serverRef ?? null, mode: s.mode, map: s.map, status: "running", startedAt: s.at })
    .returning({ id: battles.id });
  await tx.insert(battlePlayers).values(
    s.players.map((p) => ({
      battleId: b.id,
      playerId: p.playerId,
      tankId: p.tankId,
      clanId: members.get(p.playerId) ?? null,
    })),
  );
  await event(tx, b.id, "start", s.at, null, { mode: s.mode, map: s.map, players: s.players.length });
  return { battleId: b.id, replayed: false };
}

/** A player joins a running battle late (the arena's late comer takes a bot's seat): one more of its roster. */
export async function joinBattleIn(tx: Tx, j: { battleId: number; playerId: number; tankId: number; at: number }) {
  const [member] = await tx
    .select({ c: clanMembers.clanId })
    .from(clanMembers)
    .where(and(eq(clanMembers.playerId, j.playerId), lte(clanMembers.joinedAt, j.at)))
    .limit(1);
  await tx
    .insert(battlePlayers)
    .values({ battleId: j.battleId, playerId: j.playerId, tankId: j.tankId, clanId: member?.c ?? null });
  await event(tx, j.battleId, "player.join", j.at, j.playerId, { tankId: j.tankId });
}

export interface PlayerResult {
  playerId: number;
  result: BattleResult;
  experience: number;
  silver: number;
  kills: number;
  damage: number;
  durationS: number;
  /** The tank stood idle (AFK): it earns no experience nor silver and moves no task, quest or crew. */
  afk?: boolean;
}

export interface PlayerOutcome extends PlayerResult {
  silverSpent: number;
  ratingDelta: number;
  level: number;
  /** The level before this battle (a level-up when lower than `level`). */
  levelBefore: number;
  /** What the premium account added (already in `experience` and `silver`); 0 without one. */
  premiumExperience: number;
  premiumSilver: number;
}

/** Ends a running battle with every player's result; a replay of an ended battle answers its stored outcome. */
export interface BattleEnd {
  battleId: number;
  results: PlayerResult[];
  at: number;
}

export function endBattle(
  db: Db,
  input: BattleEnd,
): Promise<{ battleId: number; replayed: boolean; players: PlayerOutcome[] }> {
  return db.transaction((tx) => endBattleIn(tx, input));
}

/** endBattle inside the caller's transaction (the demo world ends a day's battles in one). */
export async function endBattleIn(
  tx: Tx,
  input: BattleEnd,
): Promise<{ battleId: number; replayed: boolean; players: PlayerOutcome[] }> {
  const [b] = await tx.select().from(battles).where(eq(battles.id, input.battleId)).limit(1);
  if (!b) throw new AppError("not_found", "battles.notFound");
  if (b.status === "finished") return { battleId: b.id, replayed: true, players: await outcomes(tx, b.id) };
  if (b.status === "stopped") throw new AppError("conflict", "battles.stopped", [], 409);
  const roster = await tx
    .select({ playerId: battlePlayers.playerId, tankId: battlePlayers.tankId, clanId: battlePlayers.clanId })
    .from(battlePlayers)
    .where(eq(battlePlayers.battleId, b.id));
  const byPlayer = new Map(roster.map((r) => [r.playerId, r]));
  const seen = new Set<number>();
  input.results.forEach((r, i) => {
    if (!byPlayer.has(r.playerId)) throw fieldError({ [`results.${i}.playerId`]: { id: "battles.notInBattle" } });
    if (seen.has(r.playerId)) throw fieldError({ [`results.${i}.playerId`]: { id: "battles.duplicatePlayer" } });
    seen.add(r.playerId);
  });
  if (seen.size !== roster.length)
    throw fieldError({ results: { id: "battles.resultsIncomplete", values: [roster.length] } });
  // Only one end wins: a concurrent replay finds the battle no longer running.
  const [claimed] = await tx
    .update(battles)
    .set({ status: "finished", endedAt: input.at })
    .where(and(eq(battles.id, b.id), eq(battles.status, "running")))
    .returning({ id: battles.id });
  if (!claimed) return { battleId: b.id, replayed: true, players: await outcomes(tx, b.id) };
  const tiers = new Map(
    (
      await tx
        .select({ id: contentTanks.id, tier: contentTanks.tier })
        .from(contentTanks)
        .where(
          inArray(
            contentTanks.id,
            roster.map((r) => r.tankId),
          ),
        )
    ).map((t) => [t.id, t.tier]),
  );
  const done: PlayerOutcome[] = [];
  for (const r of input.results) {
    const seat = byPlayer.get(r.playerId)!;
    done.push(await settlePlayer(tx, b, seat.tankId, tiers.get(seat.tankId) ?? 1, seat.clanId, r, input.at));
  }
  await event(tx, b.id, "end", input.at, null, { players: done.length });
  return { battleId: b.id, replayed: false, players: done };
}

async function settlePlayer(
  tx: Tx,
  b: { id: number; mode: string },
  tankId: number,
  tier: number,
  clanId: number | null,
  r: PlayerResult,
  at: number,
): Promise<PlayerOutcome> {
  const ref = `battle:${b.id}`;
  const win = r.result === "win" ? 1 : 0;
  const ratingDelta = BATTLE_RULES.ratingDelta[r.result];
  const [before] = await tx
    .select({ premiumUntil: players.premiumUntil, level: players.level })
    .from(players)
    .where(eq(players.id, r.playerId))
    .limit(1);
  // An idle tank earns nothing; a premium account earns half again (its silver as a ledger row of its own).
  const afk = r.afk === true;
  const baseXp = afk ? 0 : r.experience;
  const baseSilver = afk ? 0 : r.silver;
  const premium = !afk && before?.premiumUntil != null && before.premiumUntil > at;
  const premiumExperience = premium ? Math.round(baseXp * BATTLE_RULES.premiumBonus) : 0;
  const premiumSilver = premium ? Math.round(baseSilver * BATTLE_RULES.premiumBonus) : 0;
  // A multiplier event running at the battle's end (docs/decisions/liveops.md) adds its share of the base.
  const boost = afk ? null : await multipliersNow(tx, { at, playerId: r.playerId });
  const eventExperience = boost ? Math.round((baseXp * (boost.xpPct - 100)) / 100) : 0;
  const eventSilver = boost ? Math.round((baseSilver * (boost.silverPct - 100)) / 100) : 0;
  const experience = baseXp + premiumExperience + eventExperience;
  const [p] = await tx
    .update(players)
    .set({
      battles: sql`${players.battles} + 1`,
      wins: sql`${players.wins} + ${win}`,
      experience: sql`${players.experience} + ${experience}`,
      rating: sql`max(0, ${players.rating} + ${ratingDelta})`,
    })
    .where(eq(players.id, r.playerId))
    .returning({ level: players.level, experience: players.experience, silver: players.silver });
  const level = Math.max(p.level, levelFor(p.experience));
  if (level !== p.level) await tx.update(players).set({ level }).where(eq(players.id, r.playerId));
  if (baseSilver > 0)
    await applyLedger(tx, {
      playerId: r.playerId,
      currency: "silver",
      delta: baseSilver,
      reason: "battle.reward",
      ref,
      at,
    });
  if (premiumSilver > 0)
    await applyLedger(tx, {
      playerId: r.playerId,
      currency: "silver",
      delta: premiumSilver,
      reason: "battle.premium",
      ref,
      at,
    });
  if (eventSilver > 0)
    await applyLedger(tx, {
      playerId: r.playerId,
      currency: "silver",
      delta: eventSilver,
      reason: "liveops.multiplier",
      ref,
      at,
    });
  const silver = baseSilver + premiumSilver + eventSilver;
  // Costs never take a balance below zero: what the player cannot pay is not charged.
  let balance = p.silver + silver;
  let spent = 0;
  const cost = battleCost(tier, r.result);
  for (const [reason, amount] of [
    ["battle.repair", cost.repair],
    ["battle.ammo", cost.ammo],
  ] as const) {
    const take = Math.min(amount, balance);
    if (take <= 0) continue;
    balance = (await applyLedger(tx, { playerId: r.playerId, currency: "silver", delta: -take, reason, ref, at }))
      .balance;
    spent += take;
  }
  await tx
    .update(battlePlayers)
    .set({
      result: r.result,
      experience,
      silverEarned: silver,
      silverSpent: spent,
      kills: r.kills,
      damage: r.damage,
      durationS: r.durationS,
      ratingDelta,
      endedAt: at,
    })
    .where(and(eq(battlePlayers.battleId, b.id), eq(battlePlayers.playerId, r.playerId)));
  if (clanId !== null) {
    await tx
      .update(clans)
      .set({
        wins: sql`${clans.wins} + ${win}`,
        experience: sql`${clans.experience} + ${experience}`,
        rating: sql`max(0, ${clans.rating} + ${ratingDelta})`,
      })
      .where(eq(clans.id, clanId));
  }
  await emit(tx, "battles", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    battle_id: b.id,
    player_id: r.playerId,
    tank_id: tankId,
    mode: b.mode,
    result: r.result,
    duration_s: r.durationS,
    experience,
    silver_earned: silver,
    silver_spent: spent,
    gold_earned: 0,
    kills: r.kills,
    damage: r.damage,
    player_level: level,
  });
  await recordActivity(tx, r.playerId, "battle", at);
  // The player's running tournaments score this battle: here, once, as the end that claimed the battle
  // (an idle tank's only in the weekly ones every battle enters, as their boards always counted it).
  await recordTournamentBattle({
    ctx: systemCtx(tx, { now: () => at }),
    input: {
      playerId: r.playerId,
      tier,
      won: r.result === "win",
      damage: r.damage,
      xp: experience,
      ratingDelta,
      idle: afk,
      clanId,
      at,
    },
  });
  // Daily tasks, quests and crew XP move by the same result (api/domain/progression.ts); not for an idle tank.
  const progress = afk
    ? { tasks: [], crew: [] }
    : await progressAfterBattle(
        tx,
        { playerId: r.playerId, tankId, result: r.result, kills: r.kills, damage: r.damage, silver },
        at,
      );
  await event(tx, b.id, "player.result", at, r.playerId, {
    result: r.result,
    experience,
    silver,
    silverSpent: spent,
    kills: r.kills,
    damage: r.damage,
    ...(afk ? { afk: true } : {}),
    ...(premium ? { premiumExperience, premiumSilver } : {}),
    ...(eventExperience || eventSilver ? { eventExperience, eventSilver } : {}),
    levelBefore: before?.level ?? p.level,
    level,
    tasks: progress.tasks,
    crew: progress.crew,
  });
  return {
    ...r,
    experience,
    silver,
    silverSpent: spent,
    ratingDelta,
    level,
    levelBefore: before?.level ?? p.level,
    premiumExperience,
    premiumSilver,
  };
}

async function outcomes(tx: Tx, battleId: number): Promise<PlayerOutcome[]> {
  const [rows, results] = await Promise.all([
    tx
      .select({ bp: battlePlayers, level: players.level })
      .from(battlePlayers)
      .innerJoin(players, eq(players.id, battlePlayers.playerId))
      .where(eq(battlePlayers.battleId, battleId)),
    resultDetails(tx, battleId),
  ]);
  return rows.map(({ bp, level }) => {
    const d = results.get(bp.playerId);
    return {
      playerId: bp.playerId,
      result: bp.result ?? "draw",
      experience: bp.experience,
      silver: bp.silverEarned,
      kills: bp.kills,
      damage: bp.damage,
      durationS: bp.durationS,
      silverSpent: bp.silverSpent,
      ratingDelta: bp.ratingDelta,
      level: d?.level ?? level,
      levelBefore: d?.levelBefore ?? level,
      premiumExperience: d?.premiumExperience ?? 0,
      premiumSilver: d?.premiumSilver ?? 0,
      ...(d?.afk ? { afk: true } : {}),
    };
  });
}

/** What settlePlayer wrote of each player's end ("player.result" in the battle's timeline). */
export interface ResultDetails {
  afk?: boolean;
  level?: number;
  levelBefore?: number;
  premiumExperience?: number;
  premiumSilver?: number;
  /** What a running multiplier event added (already in the experience and silver). */
  eventExperience?: number;
  eventSilver?: number;
  tasks?: BattleProgressed["tasks"];
  crew?: BattleProgressed["crew"];
}

export async function resultDetails(tx: Tx | Db, battleId: number): Promise<Map<number, ResultDetails>> {
  const rows = await tx
    .select({ playerId: battleEvents.playerId, details: battleEvents.details })
    .from(battleEvents)
    .where(and(eq(battleEvents.battleId, battleId), eq(battleEvents.kind, "player.result")));
  const out = new Map<number, ResultDetails>();
  for (const r of rows) {
    if (r.playerId === null) continue;
    try {
      out.set(r.playerId, JSON.parse(r.details) as ResultDetails);
    } catch {
      /* an unreadable row says nothing more */
    }
  }
  return out;
}

/**
 * Stops a running battle with no rewards (an operator's act, or the system's: adminId null, e.g. a
 * room that failed or a battle nobody ticks any more); refused for an ended battle.
 */
export async function stopBattle(
  tx: Tx,
  input: { battleId: number; adminId: number | null; at: number; reason?: string },
) {
  const [b] = await tx
    .select({ id: battles.id, status: battles.status })
    .from(battles)
    .where(eq(battles.id, input.battleId))
    .limit(1);
  if (!b) throw new AppError("not_found", "battles.notFound");
  const [stopped] = await tx
    .update(battles)
    .set({ status: "stopped", endedAt: input.at, stoppedBy: input.adminId })
    .where(and(eq(battles.id, b.id), eq(battles.status, "running")))
    .returning({ id: battles.id });
  if (!stopped) throw new AppError("conflict", "battles.notRunning", [b.status], 409);
  await tx.update(battlePlayers).set({ endedAt: input.at }).where(eq(battlePlayers.battleId, b.id));
  await event(tx, b.id, "stop", input.at, null, {
    adminId: input.adminId,
    ...(input.reason ? { reason: input.reason } : {}),
  });
  return { battleId: b.id };
}

/**
 * Stuck: running past the longest battle, or — for a battle played here (api/domain/arena.ts) —
 * its owner has not ticked it for ARENA.silentAfterMs (its process died).
 */
export const stuckWhere = (now: number) =>
  and(eq(battles.status, "running"), or(lt(battles.startedAt, now - BATTLE_RULES.stuckAfterMs), silentRoom(now)));

/** Stops every stuck battle; returns their ids. */
export async function stopStuckBattles(tx: Tx, input: { adminId: number | null; at: number }): Promise<number[]> {
  const stuck = await tx
    .select({ id: battles.id, startedAt: battles.startedAt })
    .from(battles)
    .where(stuckWhere(input.at));
  for (const s of stuck) {
    const reason =
      s.startedAt < input.at - BATTLE_RULES.stuckAfterMs
        ? "running past the longest battle"
        : "its server stopped ticking it";
    await stopBattle(tx, { battleId: s.id, adminId: input.adminId, at: input.at, reason });
  }
  return stuck.map((s) => s.id);
}

export async function countStuckBattles(db: DbOrTx, now: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(battles).where(stuckWhere(now));
  return r.n;
}

export const isStuck = (b: { status: string; startedAt: number; heartbeatAt?: number | null }, now: number) =>
  b.status === "running" &&
  (b.startedAt < now - BATTLE_RULES.stuckAfterMs || (b.heartbeatAt != null && b.heartbeatAt < now - SILENT_AFTER_MS));

/** A battle played here whose owner has not ticked it this long is stuck (api/domain/arena.ts writes a heartbeat every 5 s). */
export const SILENT_AFTER_MS = 30_000;

const silentRoom = (now: number) =>
  sql`exists (select 1 from ${battleRooms} where ${battleRooms.battleId} = ${battles.id} and ${battleRooms.heartbeatAt} < ${now - SILENT_AFTER_MS})`;
