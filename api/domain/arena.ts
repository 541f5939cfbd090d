// The battles played in the browser, as the store sees them: the queue players wait in, forming a
// battle from it (players of close tiers, bots filling the teams), where each running battle lives
// and when its owner last ticked it, and its end — through the same endBattleIn as a battle server's
// /game/api/battles/end, so rewards, rating, experience and what else that function pays come alike.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Client, InStatement, ResultSet } from "@libsql/client";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { battleInputLog, battleQueue, battleRooms } from "../db/schema/arena.ts";
import { battles, battlePlayers } from "../db/schema/battles.ts";
import { players } from "../db/schema/players.ts";
import { playerItems } from "../db/schema/inventory.ts";
import { contentConsumables, contentTanks } from "../db/schema/content.ts";
import { AppError, fieldError } from "./errors.ts";
import { currentBattleOptions } from "./options.ts";
import {
  endBattleIn,
  startBattleIn,
  stopBattle,
  stuckWhere,
  BATTLE_RULES,
  SILENT_AFTER_MS,
  resultDetails,
  joinBattleIn,
  type PlayerOutcome,
  type PlayerResult,
} from "./battles.ts";
import type { MapDef } from "../game/sim/maps.ts";
import { rotation } from "./battle-maps.ts";
import { allBotProfiles, dailyTasksOf } from "./progression.ts";
import { contentCrews, contentDailyTasks, playerCrewMembers } from "../db/schema/progression.ts";
import { DEFAULT_BOT_PROFILES, DEFAULT_BOT_CREW_LEVELS } from "../game/sim/fixtures.ts";
import { botCrewBonus, crewBonus, type CrewBonus } from "../game/sim/crew.ts";
import { RULES_VERSION, type BattleSetup, type LateSeat, type Seat } from "../game/sim/types.ts";
import { balanceTeams, tankSpecOf, type MatchProfile } from "./matchmaking.ts";
import { loadoutsOf, spendKit } from "./loadout.ts";
import { earningsFor } from "./economy.ts";
import { modulesOf, shownFigures } from "./modules.ts";
import { tankFigures } from "../game/sim/sim.ts";
import type { InputRecord } from "../game/sim/replay.ts";
import { nextRandom } from "../game/sim/rng.ts";
import type { BattleResult } from "../db/schema/battles.ts";
import "./arena-messages.ts";

/** The arena's figures where battle options say nothing (docs/decisions/battles.md). */
export const ARENA = {
  teamSize: 7,
  roundSeconds: 300,
  /** A lone player waits this long for others before bots fill the battle (those who come within
   * lateJoinSeconds after take a bot's seat, so a long wait buys little: issue 30). */
  maxWaitSeconds: 8,
  tierSpread: 1,
  /** A player who queues within this many seconds of a battle's start takes a bot's seat in it. */
  lateJoinSeconds: 30,
  /** A deploy lets a battle ending within this many seconds finish where it is (others are handed over). */
  drainSeconds: 20,
  /** A running battle whose owner has not ticked it for this long is stuck (its process died). */
  silentAfterMs: SILENT_AFTER_MS,
  /** How often an owner writes that it is alive. */
  heartbeatMs: 5_000,
  mode: "random",
} as const;

/**
 * A running battle's durability (docs/decisions/battle-server.md): its owner flushes the inputs at
 * least every `flushMs` with the lease renewed for `ms`; a checkpoint every `checkpointTicks`. An
 * owner gone (killed) for `ms` loses the lease and another instance takes the battle over.
 */
export const LEASE = { ms: 2_000, flushMs: 400, checkpointTicks: 200 } as const;

/** Who may write a running battle's log: the lease's holder at its epoch. */
export interface Lease {
  owner: string;
  epoch: number;
}

export interface ArenaRules {
  teamSize: number;
  roundSeconds: number;
  maxWaitSeconds: number;
  tierSpread: number;
  drainSeconds: number;
  maps: string[];
  /** The rotation's maps, as the battle options define them (battle-maps.ts). */
  mapDefs: MapDef[];
  lateJoinSeconds: number;
}

const intIn = (v: unknown, min: number, max: number, fallback: number) =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? v : fallback;

/** The rules of the next battle, from /admin/battleOptions/ (each missing figure from ARENA). */
export async function arenaRules(db: DbOrTx): Promise<ArenaRules> {
  const cur = (await currentBattleOptions(db))?.value as Record<string, unknown> | undefined;
  const mapDefs = rotation(cur?.maps, cur?.mapDefs);
  return {
    teamSize: intIn(cur?.teamSize, 1, 15, ARENA.teamSize),
    roundSeconds: intIn(cur?.roundSeconds, 60, 1800, ARENA.roundSeconds),
    maxWaitSeconds: intIn(cur?.maxWaitSeconds, 0, 600, ARENA.maxWaitSeconds),
    tierSpread: intIn(cur?.tierSpread, 0, 3, ARENA.tierSpread),
    lateJoinSeconds: intIn(cur?.lateJoinSeconds, 0, 300, ARENA.lateJoinSeconds),
    drainSeconds: intIn(cur?.drainSeconds, 0, 600, ARENA.drainSeconds),
    maps: mapDefs.map((m) => m.name),
    mapDefs,
  };
}

/** A profile as operators write it in /admin/bots/ (tenths of a degree, 0–100 aggression) and its weight. */
type Weighted = MatchProfile;

/**
 * The bot profiles of /admin/bots/ for the simulation (degrees, 0–1 aggression); the built-in
 * defaults where operators have none active.
 */
export async function botProfiles(db: Db): Promise<Weighted[]> {
  const mine = (await allBotProfiles(db)).map((b) => ({
    name: b.name,
    aimError: b.aimError / 10,
    reactionMs: b.reactionMs,
    aggression: b.aggression / 100,
    weight: b.weight,
    minTier: b.minTier,
    maxTier: b.maxTier,
    crewLevel: b.crewLevel,
  }));
  return mine.length
    ? mine
    : DEFAULT_BOT_PROFILES.map((p) => ({
        ...p,
        weight: 10,
        minTier: 1,
        maxTier: 10,
        crewLevel: DEFAULT_BOT_CREW_LEVELS[p.name] ?? 1,
      }));
}

/**
 * Each player's crew bonuses as the battle starts (api/game/sim/crew.ts): their members' roles,
 * levels and trained skills, read once here so the battle's setup carries them.
 */
export async function crewBonusesOf(db: DbOrTx, playerIds: number[]): Promise<Map<number, CrewBonus>> {
  if (!playerIds.length) return new Map();
  const rows = await db
    .select({
      playerId: playerCrewMembers.playerId,
      role: contentCrews.role,
      level: playerCrewMembers.level,
      skillLevel: playerCrewMembers.skillLevel,
    })
    .from(playerCrewMembers)
    .innerJoin(contentCrews, eq(contentCrews.id, playerCrewMembers.crewId))
    .where(inArray(playerCrewMembers.playerId, playerIds));
  return new Map(playerIds.map((id) => [id, crewBonus(rows.filter((r) => r.playerId === id))]));
}

/** What the hangar shows beside the tanks: the player's crew and their tasks of the day. */
export async function hangarExtras(db: Db, playerId: number, locale: "ru" | "en", now: number) {
  const [crew, tasks] = await Promise.all([
    db
      .select({
        crewId: playerCrewMembers.crewId,
        role: contentCrews.role,
        nameRu: contentCrews.nameRu,
        nameEn: contentCrews.nameEn,
        level: playerCrewMembers.level,
        xp: playerCrewMembers.xp,
        levelCap: contentCrews.levelCap,
        skillLevel: playerCrewMembers.skillLevel,
        upgrades: contentCrews.upgrades,
        speedups: contentCrews.speedups,
      })
      .from(playerCrewMembers)
      .innerJoin(contentCrews, eq(contentCrews.id, playerCrewMembers.crewId))
      .where(eq(playerCrewMembers.playerId, playerId))
      .orderBy(asc(contentCrews.sortOrder)),
    dailyTasksOf(db, playerId, now),
  ]);
  const names = tasks.length
    ? new Map(
        (
          await db
            .select({ id: contentDailyTasks.id, nameRu: contentDailyTasks.nameRu, nameEn: contentDailyTasks.nameEn })
            .from(contentDailyTasks)
            .where(
              inArray(
                contentDailyTasks.id,
                tasks.map((t) => t.taskId),
              ),
            )
        ).map((n) => [n.id, locale === "en" ? n.nameEn : n.nameRu]),
      )
    : new Map<number, string>();
  return {
    crew: crew.map(({ nameRu, nameEn, upgrades, speedups, ...c }) => ({
      ...c,
      name: locale === "en" ? nameEn : nameRu,
      training: nextTraining(c.skillLevel, upgrades, speedups),
    })),
    /** What the crew gives the tank in battle, in whole percents (api/game/sim/crew.ts). */
    crewBonus: crewBonus(crew),
    tasks: tasks.map((t) => ({
      id: t.id,
      name: names.get(t.taskId) ?? t.kind,
      kind: t.kind,
      target: t.target,
      progress: t.progress,
      rewardCurrency: t.rewardCurrency,
      rewardAmount: t.rewardAmount,
      done: t.completedAt !== null,
    })),
  };
}

const priceList = z
  .array(z.object({ level: z.number(), priceSilver: z.number().optional(), priceGold: z.number().optional() }))
  .catch([]);

/** The next skill level a member can be trained to and its prices (silver, or gold to speed it up); null when fully trained. */
function nextTraining(skillLevel: number, upgrades: string, speedups: string) {
  const level = skillLevel + 1;
  const silver = priceList.parse(JSON.parse(upgrades)).find((u) => u.level === level);
  const gold = priceList.parse(JSON.parse(speedups)).find((u) => u.level === level);
  if (!silver && !gold) return null;
  return {
    level,
    priceSilver: silver ? (silver.priceSilver ?? 0) : null,
    priceGold: gold ? (gold.priceGold ?? 0) : null,
  };
}

const tankColumns = {
  id: contentTanks.id,
  nameRu: contentTanks.nameRu,
  nameEn: contentTanks.nameEn,
  nation: contentTanks.nation,
  tier: contentTanks.tier,
  type: contentTanks.type,
  hp: contentTanks.hp,
  damage: contentTanks.damage,
  penetration: contentTanks.penetration,
  armor: contentTanks.armor,
  speed: contentTanks.speed,
  rateOfFire: contentTanks.rateOfFire,
  priceGold: contentTanks.priceGold,
  priceSilver: contentTanks.priceSilver,
};
export type HangarTank = Awaited<ReturnType<typeof garageOf>>[number];

/**
 * The tanks a player may take to battle: the ones in their garage, and the catalogue's free
 * tier-1 tanks, which every player has from the start.
 */
export async function garageOf(db: DbOrTx, playerId: number) {
  const owned = await db
    .select({ id: playerItems.itemId })
    .from(playerItems)
    .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, "tank")));
  const ids = owned.map((o) => o.id);
  const rows = await db
    .select(tankColumns)
    .from(contentTanks)
    .where(
      and(
        eq(contentTanks.active, true),
        ids.length
          ? sql`(${inArray(contentTanks.id, ids)} or (${contentTanks.tier} = 1 and ${contentTanks.priceGold} = 0 and ${contentTanks.priceSilver} = 0))`
          : sql`${contentTanks.tier} = 1 and ${contentTanks.priceGold} = 0 and ${contentTanks.priceSilver} = 0`,
      ),
    )
    .orderBy(asc(contentTanks.tier), asc(contentTanks.id));
  const mine = new Set(ids);
  return rows.map((r) => ({ ...r, owned: mine.has(r.id) }));
}

/**
 * A tank of the player's as the hangar shows it (GET /game/play/modules/:tankId): its modules and
 * its figures in battle with them, the crew and the camouflage — the same function the simulation
 * starts the tank from — and without the modules.
 */
export async function tankView(db: DbOrTx, playerId: number, tankId: number, now: number, locale: "ru" | "en") {
  const tank = (await garageOf(db, playerId)).find((t) => t.id === tankId);
  if (!tank) throw fieldError({ tankId: { id: "modules.notYourTank" } });
  const [mods, crews, loadouts] = await Promise.all([
    modulesOf(db, playerId, tankId),
    crewBonusesOf(db, [playerId]),
    loadoutsOf(db, [{ playerId, tankId, nation: tank.nation }], now),
  ]);
  const loadout = loadouts.get(playerId);
  const seat = { tank: tankSpecOf(tank), crew: crews.get(playerId), camouflage: loadout?.camouflage };
  const items = loadout?.kit.length
    ? await db
        .select({
          id: contentConsumables.id,
          nameRu: contentConsumables.nameRu,
          nameEn: contentConsumables.nameEn,
          stock: playerItems.quantity,
        })
        .from(contentConsumables)
        .innerJoin(
          playerItems,
          and(
            eq(playerItems.itemId, contentConsumables.id),
            eq(playerItems.playerId, playerId),
            eq(playerItems.itemType, "consumable"),
          ),
        )
        .where(
          inArray(
            contentConsumables.id,
            loadout.kit.map((k) => k.itemId ?? 0),
          ),
        )
    : [];
  return {
    ...mods,
    kit: (loadout?.kit ?? []).map((k) => {
      const item = items.find((i) => i.id === k.itemId);
      return {
        kind: k.kind,
        itemId: k.itemId ?? 0,
        name: (locale === "en" ? item?.nameEn : item?.nameRu) ?? k.kind,
        charges: k.charges,
        stock: item?.stock ?? k.charges,
      };
    }),
    camouflage: loadout?.camouflage ?? 0,
    figures: shownFigures(tankFigures({ ...seat, modules: mods.bonus })),
    stock: shownFigures(tankFigures(seat)),
  };
}

/** Where a player's running battle lives, if they have one. */
export async function runningBattleOf(
  db: DbOrTx,
  playerId: number,
): Promise<{ battleId: number; host: string } | null> {
  const [r] = await db
    .select({ battleId: battles.id, host: battleRooms.host })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .innerJoin(battleRooms, eq(battleRooms.battleId, battles.id))
    .where(and(eq(battlePlayers.playerId, playerId), eq(battles.status, "running")))
    .orderBy(sql`${battles.id} desc`)
    .limit(1);
  return r ?? null;
}

/**
 * Puts a player in the queue with a tank of theirs (again: the tank changes, the place stays), and
 * makes it their chosen tank — in one transaction: a tank not in the garage, or a player already in
 * a running battle, changes nothing.
 */
export async function joinQueue(db: Db, input: { playerId: number; tankId: number; at: number }) {
  return db.transaction(async (tx) => {
    const tank = (await garageOf(tx, input.playerId)).find((t) => t.id === input.tankId);
    if (!tank) throw fieldError({ tankId: { id: "arena.notYourTank" } });
    const running = await runningBattleOf(tx, input.playerId);
    if (running) return { queued: false, battle: running };
    await tx.update(players).set({ currentTankId: tank.id }).where(eq(players.id, input.playerId));
    await tx
      .insert(battleQueue)
      .values({ playerId: input.playerId, tankId: tank.id, tier: tank.tier, joinedAt: input.at })
      .onConflictDoUpdate({ target: battleQueue.playerId, set: { tankId: tank.id, tier: tank.tier } });
    return { queued: true, battle: null };
  });
}

export async function leaveQueue(db: DbOrTx, playerId: number) {
  await db.delete(battleQueue).where(eq(battleQueue.playerId, playerId));
}

export async function queueEntry(db: DbOrTx, playerId: number) {
  const [r] = await db.select().from(battleQueue).where(eq(battleQueue.playerId, playerId)).limit(1);
  return r ?? null;
}

export interface FormedBattle {
  battleId: number;
  setup: BattleSetup;
  /** Not a new battle: a player who came late took this bot's seat in a running one. */
  late?: { slot: number; seat: LateSeat };
}

/** A 32-bit seed from the platform's random source (the simulation itself never draws one). */
const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] | 0;

/**
 * Forms the battles the queue allows now: the longest-waiting player and those within the tier
 * spread of them; a full battle (two teams) at once, a partial one — bots filling both teams — once
 * the first of them has waited maxWaitSeconds. The rows are claimed by deleting them in the same
 * transaction, so two instances forming at once never put one player in two battles.
 */
export async function formBattles(
  db: Db,
  input: { now: number; host: string; rules?: ArenaRules; owner?: string },
): Promise<FormedBattle[]> {
  // The arena asks once a second while it runs battles: with nobody queued, one read and nothing built.
  const [someone] = await db.select({ playerId: battleQueue.playerId }).from(battleQueue).limit(1);
  if (!someone) return [];
  const rules = input.rules ?? (await arenaRules(db));
  const profiles = await botProfiles(db);
  const formed: FormedBattle[] = [];
  // Late comers first: a bot's seat in a battle of theirs that started moments ago (this owner's only).
  if (input.owner && rules.lateJoinSeconds > 0)
    formed.push(...(await lateJoins(db, rules, { ...input, owner: input.owner })));
  for (let guard = 0; guard < 20; guard++) {
    const made = await db.transaction(async (tx) => {
      const queue = await tx
        .select()
        .from(battleQueue)
        .orderBy(asc(battleQueue.joinedAt), asc(battleQueue.playerId))
        .limit(500);
      if (!queue.length) return null;
      const first = queue[0];
      const near = queue.filter((q) => Math.abs(q.tier - first.tier) <= rules.tierSpread).slice(0, rules.teamSize * 2);
      const full = near.length >= rules.teamSize * 2;
      if (!full && input.now - first.joinedAt < rules.maxWaitSeconds * 1000) return null;
      const claimed = await tx
        .delete(battleQueue)
        .where(
          inArray(
            battleQueue.playerId,
            near.map((q) => q.playerId),
          ),
        )
        .returning({ playerId: battleQueue.playerId });
      if (claimed.length !== near.length) throw new AppError("conflict", "arena.queueMoved", [], 409);
      return formOne(tx, near, rules, profiles, input);
    });
    if (!made) break;
    formed.push(made);
  }
  return formed;
}

/**
 * The waiting players who can take a bot's seat in a running battle of this owner's that started
 * less than `lateJoinSeconds` ago: a bot whose tank is within the tier spread of theirs (the same
 * class first, then the side with fewer players). Each claim is one transaction: the queue's row
 * deleted, the seat's `late` written into the stored setup, the player added to the battle. The
 * room hands the tank over (Room.takeSeat) and logs the tick it did.
 */
async function lateJoins(db: Db, rules: ArenaRules, input: { now: number; owner: string }): Promise<FormedBattle[]> {
  const out: FormedBattle[] = [];
  const waiting = await db.select().from(battleQueue).orderBy(asc(battleQueue.joinedAt), asc(battleQueue.playerId));
  for (const q of waiting) {
    const made = await db.transaction(async (tx) => {
      const running = await tx
        .select({ battleId: battleRooms.battleId, setup: battleRooms.setup })
        .from(battleRooms)
        .innerJoin(battles, eq(battles.id, battleRooms.battleId))
        .where(
          and(
            eq(battles.status, "running"),
            eq(battleRooms.owner, input.owner),
            sql`${battles.startedAt} > ${input.now - rules.lateJoinSeconds * 1000}`,
            sql`${battleRooms.inputs} is null`,
          ),
        )
        .orderBy(asc(battles.startedAt));
      const [tank] = await tx.select(tankColumns).from(contentTanks).where(eq(contentTanks.id, q.tankId)).limit(1);
      if (!tank) return null;
      for (const r of running) {
        const setup = JSON.parse(r.setup) as BattleSetup;
        if (setup.seats.some((s) => s.playerId === q.playerId || s.late?.playerId === q.playerId)) continue;
        const humans = [0, 0];
        for (const s of setup.seats) if (s.playerId !== null || s.late) humans[s.team]++;
        const slot = setup.seats
          .map((s, i) => ({ s, i }))
          .filter(({ s }) => s.bot && !s.late && Math.abs(s.tank.tier - tank.tier) <= rules.tierSpread)
          .sort(
            (a, b) =>
              Number(a.s.tank.type !== tank.type) - Number(b.s.tank.type !== tank.type) ||
              humans[a.s.team] - humans[b.s.team] ||
              Math.abs(a.s.tank.tier - tank.tier) - Math.abs(b.s.tank.tier - tank.tier) ||
              a.i - b.i,
          )[0]?.i;
        if (slot === undefined) continue;
        const claimed = await tx
          .delete(battleQueue)
          .where(and(eq(battleQueue.playerId, q.playerId), eq(battleQueue.joinedAt, q.joinedAt)))
          .returning({ playerId: battleQueue.playerId });
        if (!claimed.length) return null;
        const [person] = await tx
          .select({ nickname: players.nickname })
          .from(players)
          .where(eq(players.id, q.playerId))
          .limit(1);
        const [crews, loadouts] = await Promise.all([
          crewBonusesOf(tx, [q.playerId]),
          loadoutsOf(tx, [{ playerId: q.playerId, tankId: tank.id, nation: tank.nation }], input.now),
        ]);
        const seat: LateSeat = {
          playerId: q.playerId,
          name: person?.nickname ?? `#${q.playerId}`,
          tank: tankSpecOf(tank),
          crew: crews.get(q.playerId),
          ...loadouts.get(q.playerId),
        };
        setup.seats[slot] = { ...setup.seats[slot], late: seat };
        await tx
          .update(battleRooms)
          .set({ setup: JSON.stringify(setup) })
          .where(eq(battleRooms.battleId, r.battleId));
        await joinBattleIn(tx, { battleId: r.battleId, playerId: q.playerId, tankId: tank.id, at: input.now });
        return { battleId: r.battleId, setup, late: { slot, seat } };
      }
      return null;
    });
    if (made) out.push(made);
  }
  return out;
}

async function formOne(
  tx: Tx,
  group: { playerId: number; tankId: number; tier: number }[],
  rules: ArenaRules,
  allProfiles: Weighted[],
  input: { now: number; host: string; owner?: string },
): Promise<FormedBattle> {
  const seed = newSeed();
  const state = { rng: seed };
  const rand = () => nextRandom(state);
  const tankIds = [...new Set(group.map((g) => g.tankId))];
  const anchor = Math.round(group.reduce((s, g) => s + g.tier, 0) / group.length);
  const [chosen, pool, people, crews] = await Promise.all([
    tx.select(tankColumns).from(contentTanks).where(inArray(contentTanks.id, tankIds)),
    tx
      .select(tankColumns)
      .from(contentTanks)
      .where(
        and(
          eq(contentTanks.active, true),
          sql`${contentTanks.tier} between ${anchor - rules.tierSpread} and ${anchor + rules.tierSpread}`,
          sql`${contentTanks.type} <> 'spg'`,
        ),
      ),
    tx
      .select({ id: players.id, nickname: players.nickname, rating: players.rating, locale: players.locale })
      .from(players)
      .where(
        inArray(
          players.id,
          group.map((g) => g.playerId),
        ),
      ),
    crewBonusesOf(
      tx,
      group.map((g) => g.playerId),
    ),
  ]);
  const tankById = new Map(chosen.map((t) => [t.id, t]));
  const person = new Map(people.map((n) => [n.id, n]));
  // The battle's language for the bots' names: most of its players'.
  const en = people.filter((p) => p.locale === "en").length;
  const planned = balanceTeams({
    entrants: group.map((g) => ({
      playerId: g.playerId,
      tank: tankById.get(g.tankId)!,
      rating: person.get(g.playerId)?.rating ?? 1000,
    })),
    teamSize: rules.teamSize,
    tierSpread: rules.tierSpread,
    pool,
    profiles: allProfiles,
    locale: en * 2 > people.length ? "en" : "ru",
    rand,
  });
  const loadouts = await loadoutsOf(
    tx,
    group.map((g) => ({ playerId: g.playerId, tankId: g.tankId, nation: tankById.get(g.tankId)?.nation ?? "" })),
    input.now,
  );
  const seats: Seat[] = planned.map((p) =>
    p.playerId !== null
      ? {
          team: p.team,
          playerId: p.playerId,
          name: person.get(p.playerId)?.nickname ?? `#${p.playerId}`,
          tank: tankSpecOf(p.tank),
          crew: crews.get(p.playerId),
          ...loadouts.get(p.playerId),
        }
      : {
          team: p.team,
          playerId: null,
          name: p.name,
          tank: tankSpecOf(p.tank),
          bot: {
            name: p.profile!.name,
            aimError: p.profile!.aimError,
            reactionMs: p.profile!.reactionMs,
            aggression: p.profile!.aggression,
          },
          crew: botCrewBonus(p.profile!.crewLevel),
        },
  );
  const mapDef = rules.mapDefs[Math.floor(rand() * rules.mapDefs.length)];
  const setup: BattleSetup = {
    seed,
    map: mapDef.name,
    mapDef,
    rules: RULES_VERSION,
    roundSeconds: rules.roundSeconds,
    seats,
  };
  const { battleId } = await startBattleIn(tx, {
    mode: ARENA.mode,
    map: mapDef.name,
    players: group.map((g) => ({ playerId: g.playerId, tankId: g.tankId })),
    at: input.now,
  });
  await tx.insert(battleRooms).values({
    battleId,
    host: input.host,
    setup: JSON.stringify(setup),
    heartbeatAt: input.now,
    // The forming instance owns it from the start; without one (Workers) the first to ask takes it.
    owner: input.owner ?? "",
    epoch: 1,
    leaseUntil: input.owner ? input.now + LEASE.ms : 0,
  });
  return { battleId, setup };
}

/** The owner is alive; answers the battle's status, so an owner learns of a stop made elsewhere. */
export async function heartbeat(db: Db, battleId: number, at: number): Promise<string | null> {
  await db.update(battleRooms).set({ heartbeatAt: at }).where(eq(battleRooms.battleId, battleId));
  const [b] = await db.select({ status: battles.status }).from(battles).where(eq(battles.id, battleId)).limit(1);
  return b?.status ?? null;
}

export async function roomOf(db: DbOrTx, battleId: number) {
  const [r] = await db.select().from(battleRooms).where(eq(battleRooms.battleId, battleId)).limit(1);
  return r
    ? {
        ...r,
        setup: JSON.parse(r.setup) as BattleSetup,
        inputs: r.inputs ? (JSON.parse(r.inputs) as InputRecord[]) : null,
      }
    : null;
}

/** What a tank earns from its battle: by its tier and the player's performance, a win half again (economy.ts). */
export function earnings(
  tier: number,
  result: BattleResult,
  stats: { damage: number; kills: number; capture: number },
) {
  return earningsFor(tier, result, stats);
}

export interface ArenaPlayerStat {
  playerId: number;
  team: 0 | 1;
  tier: number;
  damage: number;
  kills: number;
  capture: number;
  /** The tank stood idle the whole battle (sim/rules.ts isIdle): it earns nothing and counts for no task. */
  idle?: boolean;
  /** Consumables used: taken from the player's stock. */
  kitUsed?: { itemId: number; count: number }[];
}

/**
 * Ends a battle played here: each player's result through endBattleIn (the same function as
 * /game/api/battles/end), and the recorded inputs and outcome with it, in one transaction. A second
 * call (a retried end, another instance) answers the first one's outcome and pays nothing.
 */
export async function finishArenaBattle(
  db: Db,
  input: {
    battleId: number;
    winner: 0 | 1 | -1;
    reason: string;
    tick: number;
    durationS: number;
    stats: ArenaPlayerStat[];
    inputs: InputRecord[];
    at: number;
    /** The owner's lease: an owner that lost it (the battle goes on elsewhere) ends nothing. */
    lease?: Lease;
  },
): Promise<{ replayed: boolean; players: PlayerOutcome[] }> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .select({ status: battles.status })
      .from(battles)
      .where(eq(battles.id, input.battleId))
      .limit(1);
    if (!b) throw new AppError("not_found", "battles.notFound");
    if (input.lease && !(await holds(tx, input.battleId, input.lease))) return { replayed: true, players: [] };
    await tx.delete(battleInputLog).where(eq(battleInputLog.battleId, input.battleId));
    const record = {
      inputs: JSON.stringify(input.inputs),
      outcome: JSON.stringify({ winner: input.winner, reason: input.reason, tick: input.tick }),
    };
    if (b.status === "stopped") {
      await tx
        .update(battleRooms)
        .set(record)
        .where(and(eq(battleRooms.battleId, input.battleId), sql`${battleRooms.inputs} is null`));
      return { replayed: true, players: [] };
    }
    const results: PlayerResult[] = input.stats.map((s) => {
      const result: BattleResult = input.winner === -1 ? "draw" : input.winner === s.team ? "win" : "loss";
      return {
        playerId: s.playerId,
        result,
        ...earnings(s.tier, result, s),
        kills: s.kills,
        damage: s.damage,
        durationS: input.durationS,
        afk: s.idle === true,
      };
    });
    const r = await endBattleIn(tx, { battleId: input.battleId, results, at: input.at });
    if (!r.replayed)
      await spendKit(
        tx,
        input.stats.flatMap((s) => (s.kitUsed ?? []).map((k) => ({ playerId: s.playerId, ...k }))),
      );
    if (!r.replayed) await tx.update(battleRooms).set(record).where(eq(battleRooms.battleId, input.battleId));
    return { replayed: r.replayed, players: r.players };
  });
}

/** Records a stopped battle's inputs (the stop itself is stopBattle's, by an operator or stopTheStuck). */
export async function recordStopped(
  db: Db,
  battleId: number,
  inputs: InputRecord[],
  outcome: { winner: number; reason: string; tick: number },
  lease?: Lease,
) {
  await db.transaction(async (tx) => {
    if (lease && !(await holds(tx, battleId, lease))) return;
    await tx
      .update(battleRooms)
      .set({ inputs: JSON.stringify(inputs), outcome: JSON.stringify(outcome) })
      .where(and(eq(battleRooms.battleId, battleId), sql`${battleRooms.inputs} is null`));
    await tx.delete(battleInputLog).where(eq(battleInputLog.battleId, battleId));
  });
}

/** Whether this lease still holds the battle (no other instance took it over since). */
async function holds(tx: Tx, battleId: number, lease: Lease): Promise<boolean> {
  const [r] = await tx
    .select({ owner: battleRooms.owner, epoch: battleRooms.epoch })
    .from(battleRooms)
    .where(eq(battleRooms.battleId, battleId));
  return !!r && r.owner === lease.owner && r.epoch === lease.epoch;
}

/**
 * A room that failed (its simulation threw) is stopped by the system: the battle stopped with the
 * reason in its timeline, nobody paid or charged, its inputs and outcome (reason "failed") recorded.
 * A battle no longer running (stopped meanwhile) only gets its record.
 */
export async function failArenaBattle(
  db: Db,
  input: { battleId: number; error: string; inputs: InputRecord[]; tick: number; at: number; lease?: Lease },
) {
  await db.transaction(async (tx) => {
    if (input.lease && !(await holds(tx, input.battleId, input.lease))) return;
    await tx.delete(battleInputLog).where(eq(battleInputLog.battleId, input.battleId));
    const [b] = await tx.select({ status: battles.status }).from(battles).where(eq(battles.id, input.battleId));
    if (b?.status === "running")
      await stopBattle(tx, {
        battleId: input.battleId,
        adminId: null,
        at: input.at,
        reason: `the room failed: ${input.error}`.slice(0, 500),
      });
    await tx
      .update(battleRooms)
      .set({
        inputs: JSON.stringify(input.inputs),
        outcome: JSON.stringify({ winner: -1, reason: "failed", tick: input.tick }),
      })
      .where(and(eq(battleRooms.battleId, input.battleId), sql`${battleRooms.inputs} is null`));
  });
}

/**
 * The owner's flush: the inputs since the last one, how far the log now goes, now and then a
 * checkpoint, and the lease renewed — in one transaction, only while the lease is still this owner's
 * at its epoch. Answered with the battle's status (a stop made elsewhere reaches the owner so), or
 * null when the lease is no longer this owner's (another instance took the battle over).
 */
export interface RoomFlush {
  battleId: number;
  lease: Lease;
  tick: number;
  inputs: InputRecord[];
  checkpoint?: { tick: number; text: string };
  at: number;
}

/** One room's flush as statements: the log's rows, the lease renewed, the battle's status read. */
function flushStatements(input: RoomFlush): InStatement[] {
  // Only while the lease is this owner's: the log's rows, then the lease renewed on the same condition.
  // Plain statements, not built per call: this runs 2.5 times a second for every battle (61 µs of
  // CPU a flush against 230 µs built by drizzle, bench/battle-durability.ts).
  const held = "battle_id = ? and owner = ? and epoch = ? and inputs is null";
  const lease = [input.battleId, input.lease.owner, input.lease.epoch];
  const statements: InStatement[] = [];
  if (input.inputs.length)
    statements.push({
      sql: `insert into battle_input_log (battle_id, to_tick, inputs) select ?, ?, ? where exists (select 1 from battle_rooms where ${held})`,
      args: [input.battleId, input.tick, JSON.stringify(input.inputs), ...lease],
    });
  const cp = input.checkpoint;
  statements.push(
    {
      sql: `update battle_rooms set tick = ?, lease_until = ?, heartbeat_at = ?${cp ? ", checkpoint = ?, checkpoint_tick = ?" : ""} where ${held} returning battle_id`,
      args: [input.tick, input.at + LEASE.ms, input.at, ...(cp ? [cp.text, cp.tick] : []), ...lease],
    },
    { sql: "select status from battles where id = ?", args: [input.battleId] },
  );
  return statements;
}

/** What a flush's last two results say: null when the lease is lost, else the battle's status. */
function flushAnswer(renewed: ResultSet, status: ResultSet): string | null {
  if (!renewed.rows.length) return null;
  const s = status.rows[0]?.status;
  return typeof s === "string" ? s : null;
}

/**
 * Stores a running battle's inputs since the last flush and renews its lease, in one batch (one
 * round trip to a libSQL server, one short write transaction). Null when the lease is lost (another
 * owner took the battle), else the battle's status.
 */
export async function flushRoom(client: Client, input: RoomFlush): Promise<string | null> {
  const results = await client.batch(flushStatements(input), "write");
  return flushAnswer(results[results.length - 2], results[results.length - 1]);
}

/**
 * Several rooms' flushes in one batch (one write transaction for all of them: the arena flushes
 * every room it owns 2.5 times a second, and a transaction's commit costs more than its rows).
 * Each room's answer as flushRoom's, in order.
 */
export async function flushRooms(client: Client, inputs: RoomFlush[]): Promise<(string | null)[]> {
  const per = inputs.map(flushStatements);
  const results = await client.batch(per.flat(), "write");
  const out: (string | null)[] = [];
  let at = 0;
  for (const statements of per) {
    at += statements.length;
    out.push(flushAnswer(results[at - 2], results[at - 1]));
  }
  return out;
}

/** The owner hands the battle back (a drain): the next instance asked for it takes it over at once. */
export async function releaseRoom(db: Db, battleId: number, lease: Lease): Promise<boolean> {
  const r = await db
    .update(battleRooms)
    .set({ owner: "", leaseUntil: 0 })
    .where(
      and(eq(battleRooms.battleId, battleId), eq(battleRooms.owner, lease.owner), eq(battleRooms.epoch, lease.epoch)),
    )
    .returning({ battleId: battleRooms.battleId });
  return r.length > 0;
}

export interface ClaimedRoom {
  lease: Lease;
  setup: BattleSetup;
  /** How far the log goes. */
  tick: number;
  checkpoint: { tick: number; text: string } | null;
  /** Every input logged, in order. */
  inputs: InputRecord[];
}

/**
 * Takes over a running battle whose lease ran out (its owner died) or was handed back: the lease is
 * this instance's from now on, at the next epoch (so the old owner can write nothing more), and the
 * battle's address is this instance's. Answers what the new owner rebuilds it from, or null when
 * the battle is not to be taken (its owner is alive, or it is over).
 */
export async function claimRoom(
  db: Db,
  input: { battleId: number; owner: string; host: string; at: number },
): Promise<ClaimedRoom | null> {
  // One batch: the claim (only of a battle running with its lease out), and its log read after it.
  const [[r], log] = await db.batch([
    db
      .update(battleRooms)
      .set({
        owner: input.owner,
        host: input.host,
        epoch: sql`${battleRooms.epoch} + 1`,
        leaseUntil: input.at + LEASE.ms,
        heartbeatAt: input.at,
      })
      .where(
        and(
          eq(battleRooms.battleId, input.battleId),
          sql`${battleRooms.leaseUntil} < ${input.at}`,
          sql`${battleRooms.inputs} is null`,
          sql`exists (select 1 from ${battles} where ${battles.id} = ${battleRooms.battleId} and ${battles.status} = 'running')`,
        ),
      )
      .returning({
        epoch: battleRooms.epoch,
        setup: battleRooms.setup,
        tick: battleRooms.tick,
        checkpoint: battleRooms.checkpoint,
        checkpointTick: battleRooms.checkpointTick,
      }),
    db
      .select({ inputs: battleInputLog.inputs })
      .from(battleInputLog)
      .where(eq(battleInputLog.battleId, input.battleId))
      .orderBy(asc(battleInputLog.id)),
  ]);
  if (!r) return null;
  return {
    lease: { owner: input.owner, epoch: r.epoch },
    setup: JSON.parse(r.setup) as BattleSetup,
    tick: r.tick,
    checkpoint: r.checkpoint ? { tick: r.checkpointTick, text: r.checkpoint } : null,
    inputs: log.flatMap((l) => JSON.parse(l.inputs) as InputRecord[]),
  };
}

/** Running battles whose owner's lease ran out (or was handed back): to be taken over. */
export async function orphanedRooms(db: DbOrTx, at: number, limit = 50): Promise<number[]> {
  const rows = await db
    .select({ battleId: battleRooms.battleId })
    .from(battleRooms)
    .innerJoin(battles, eq(battles.id, battleRooms.battleId))
    .where(
      and(sql`${battleRooms.leaseUntil} < ${at}`, sql`${battleRooms.inputs} is null`, eq(battles.status, "running")),
    )
    .orderBy(asc(battleRooms.leaseUntil))
    .limit(limit);
  return rows.map((r) => r.battleId);
}

/** Where a battle stands for a connection: running (with its lease), or over. */
export async function roomLease(db: DbOrTx, battleId: number) {
  const [r] = await db
    .select({
      status: battles.status,
      owner: battleRooms.owner,
      host: battleRooms.host,
      leaseUntil: battleRooms.leaseUntil,
      over: sql<number>`${battleRooms.inputs} is not null`,
    })
    .from(battleRooms)
    .innerJoin(battles, eq(battles.id, battleRooms.battleId))
    .where(eq(battleRooms.battleId, battleId))
    .limit(1);
  return r ? { ...r, running: r.status === "running" && !r.over } : null;
}

/** The hangar's player: who they are, their money and record, the tank they drive. 401 when gone (erased). */
export async function hangarPlayer(db: DbOrTx, playerId: number) {
  const [p] = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      level: players.level,
      experience: players.experience,
      silver: players.silver,
      gold: players.gold,
      rating: players.rating,
      battles: players.battles,
      wins: players.wins,
      currentTankId: players.currentTankId,
    })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) throw new AppError("unauthorized");
  return p;
}

/** The player's own result of a battle they played (its status, their figures, the room's outcome); 404 otherwise. */
export async function playerBattleResult(db: DbOrTx, battleId: number, playerId: number) {
  const [r] = await db
    .select({
      status: battles.status,
      result: battlePlayers.result,
      experience: battlePlayers.experience,
      silver: battlePlayers.silverEarned,
      silverSpent: battlePlayers.silverSpent,
      kills: battlePlayers.kills,
      damage: battlePlayers.damage,
      durationS: battlePlayers.durationS,
      ratingDelta: battlePlayers.ratingDelta,
    })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .where(and(eq(battlePlayers.battleId, battleId), eq(battlePlayers.playerId, playerId)))
    .limit(1);
  if (!r) throw new AppError("not_found", "arena.notYourBattle");
  const room = await roomOf(db, battleId);
  return { battleId, ...r, outcome: room?.outcome ? JSON.parse(room.outcome) : null };
}

/** A player's result of an ended battle as the room's end tells it (null while it has none). */
export async function outcomeOf(db: DbOrTx, battleId: number, playerId: number): Promise<PlayerOutcome | null> {
  const [r] = await db
    .select({ bp: battlePlayers, level: players.level })
    .from(battlePlayers)
    .innerJoin(players, eq(players.id, battlePlayers.playerId))
    .where(and(eq(battlePlayers.battleId, battleId), eq(battlePlayers.playerId, playerId)))
    .limit(1);
  if (r?.bp.result == null) return null;
  const d = (await resultDetails(db, battleId)).get(playerId);
  return {
    playerId: r.bp.playerId,
    result: r.bp.result,
    experience: r.bp.experience,
    silver: r.bp.silverEarned,
    kills: r.bp.kills,
    damage: r.bp.damage,
    durationS: r.bp.durationS,
    silverSpent: r.bp.silverSpent,
    ratingDelta: r.bp.ratingDelta,
    level: d?.level ?? r.level,
    levelBefore: d?.levelBefore ?? r.level,
    premiumExperience: d?.premiumExperience ?? 0,
    premiumSilver: d?.premiumSilver ?? 0,
    ...(d?.afk ? { afk: true } : {}),
  };
}

/**
 * Closes the battles played here that are stuck past saving — running past the longest battle, or
 * silent (no owner has flushed or taken them over for ARENA.silentAfterMs) — as the system, with the
 * reason in their timeline and nobody paid. Battles reported by an outside battle server (no room
 * here) are left to operators' stopTheStuck: that server may still end them. Answers their ids.
 */
export async function stopStuckArenaBattles(db: Db, at: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const stuck = await tx
      .select({ id: battles.id, startedAt: battles.startedAt })
      .from(battles)
      .innerJoin(battleRooms, eq(battleRooms.battleId, battles.id))
      .where(stuckWhere(at));
    for (const s of stuck)
      await stopBattle(tx, {
        battleId: s.id,
        adminId: null,
        at,
        reason:
          s.startedAt < at - BATTLE_RULES.stuckAfterMs
            ? "running past the longest battle"
            : "its server stopped ticking it and no other took it over",
      });
    return stuck.map((s) => s.id);
  });
}
