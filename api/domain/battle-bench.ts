// The simulation bench's battles (bench/bot-battles.ts prints them; battle-bench.test.ts plays a
// few in the suite): bot-only battles of teams formed as the arena forms them (balanceTeams), on
// the demo world's rotation of maps, from the demo catalogue's tanks. Some seats stand for players
// who queued (random tanks around the battle's tier, ratings around 1000), driven by the bot
// profile of their rating, so the balancing of players is exercised too. Deterministic by seed.
import { createBattle, step } from "../game/sim/sim.ts";
import { nextRandom } from "../game/sim/rng.ts";
import { DEFAULT_BOT_PROFILES, DEFAULT_BOT_CREW_LEVELS } from "../game/sim/fixtures.ts";
import { botCrewBonus } from "../game/sim/crew.ts";
import { MAPS } from "../game/sim/maps.ts";
import type { BattleSetup, Seat } from "../game/sim/types.ts";
import { DEMO_TANKS } from "./content.ts";
import { balanceTeams, profileForRating, tankSpecOf, type MatchProfile, type MatchTank } from "./matchmaking.ts";
import { rotation } from "./battle-maps.ts";
import { tierHp } from "./economy-rules.ts";

/** The demo world's battle options' rotation (api/db/seed/system.ts). */
export const DEMO_ROTATION = ["prokhorovka", "himmelsdorf", "malinovka", "steppes"];

export const BENCH_PROFILES: MatchProfile[] = DEFAULT_BOT_PROFILES.map((p) => ({
  ...p,
  weight: 10,
  minTier: 1,
  maxTier: 10,
  crewLevel: DEFAULT_BOT_CREW_LEVELS[p.name] ?? 1,
}));

export interface BenchBattle {
  seed: number;
  map: string;
  tier: number;
  players: number;
  seconds: number;
  winner: 0 | 1 | -1;
  reason: string;
  tierSum: [number, number];
  shots: number;
  allyHits: number;
  /** Per tank: the damage it dealt as a share of a medium tank's battle hit points at its tier, and its kills (economy.ts's typical battle). */
  damageShare: number;
  kills: number;
  tanks: number;
  /** Shots and hits on an enemy (penetrating or not), by the profile that fired. */
  byProfile: Record<string, { shots: number; hits: number }>;
}

const catalogue: MatchTank[] = DEMO_TANKS.filter((t) => t.active && !t.premium && t.type !== "spg").map((t) => ({
  id: Number(t.id),
  nameEn: t.nameEn,
  tier: Number(t.tier),
  type: t.type,
  nation: t.nation,
  hp: Number(t.hp),
  damage: Number(t.damage),
  penetration: Number(t.penetration),
  armor: Number(t.armor),
  speed: Number(t.speed),
  rateOfFire: Number(t.rateOfFire),
}));

/** One battle: a tier 1–8, 0–6 players queued around it, teams of 7, the rotation's next map. */
export function benchSetup(seed: number, roundSeconds = 420): { setup: BattleSetup; tier: number; players: number } {
  const rng = { rng: seed };
  const rand = () => nextRandom(rng);
  const tier = 1 + Math.floor(rand() * 8);
  const near = catalogue.filter((t) => Math.abs(t.tier - tier) <= 1);
  const players = Math.floor(rand() * 7);
  const entrants = Array.from({ length: players }, (_, i) => ({
    playerId: i + 1,
    tank: near[Math.floor(rand() * near.length)],
    rating: Math.round(1000 + (rand() + rand() + rand() - 1.5) * 240),
  }));
  const planned = balanceTeams({
    entrants,
    teamSize: 7,
    tierSpread: 1,
    pool: near,
    profiles: BENCH_PROFILES,
    locale: seed % 2 ? "en" : "ru",
    rand,
    tier,
  });
  const seats: Seat[] = planned.map((p) => {
    const profile =
      p.profile ?? profileForRating(BENCH_PROFILES, entrants.find((e) => e.playerId === p.playerId)!.rating);
    const { weight, minTier, maxTier, crewLevel, ...bot } = profile;
    return {
      team: p.team,
      playerId: null,
      name: p.playerId === null ? p.name : `Player ${p.playerId}`,
      tank: tankSpecOf(p.tank),
      bot,
      crew: botCrewBonus(crewLevel),
      kit: [{ kind: "repair", charges: 1, cooldown: 90, effect: 100 }],
    };
  });
  const maps = rotation(DEMO_ROTATION, []);
  const mapDef = maps[Math.floor(rand() * maps.length)] ?? MAPS[0];
  return { setup: { seed, map: mapDef.name, mapDef, rules: 2, roundSeconds, seats }, tier, players };
}

export function playBenchBattle(seed: number): BenchBattle {
  const { setup, tier, players } = benchSetup(seed);
  const s = createBattle(setup);
  const byProfile: BenchBattle["byProfile"] = {};
  const hitsOf = new Int32Array(s.tanks.length);
  while (!s.ended) {
    step(s);
    for (const e of s.events)
      if ((e.kind === "hit" || e.kind === "bounce") && s.tanks[e.target].team !== s.tanks[e.shooter].team)
        hitsOf[e.shooter]++;
  }
  const tierSum: [number, number] = [0, 0];
  for (const t of s.tanks) {
    tierSum[t.team] += t.spec.tier;
    const name = t.bot?.profile.name ?? "player";
    byProfile[name] ??= { shots: 0, hits: 0 };
    const p = byProfile[name];
    p.shots += t.shots;
    p.hits += hitsOf[t.slot];
  }
  return {
    seed,
    map: s.map.name,
    tier,
    players,
    seconds: s.ended!.tick / 20,
    winner: s.ended!.winner,
    reason: s.ended!.reason,
    tierSum,
    shots: s.tanks.reduce((n, t) => n + t.shots, 0),
    allyHits: s.tanks.reduce((n, t) => n + t.allyHits, 0),
    damageShare: s.tanks.reduce((n, t) => n + t.damage / tierHp(t.spec.tier), 0),
    kills: s.tanks.reduce((n, t) => n + t.kills, 0),
    tanks: s.tanks.length,
    byProfile,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pctile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** The figures the issue asks of a season of bot battles. */
export function summarise(battles: BenchBattle[]) {
  const lengths = battles.map((b) => b.seconds);
  const decided = battles.filter((b) => b.winner !== -1);
  const wins = [0, 1].map((team) => battles.filter((b) => b.winner === team).length);
  const byProfile: Record<string, { shots: number; hits: number; rate: number }> = {};
  for (const b of battles)
    for (const [name, p] of Object.entries(b.byProfile)) {
      byProfile[name] ??= { shots: 0, hits: 0, rate: 0 };
      const q = byProfile[name];
      q.shots += p.shots;
      q.hits += p.hits;
    }
  for (const q of Object.values(byProfile)) q.rate = q.shots ? q.hits / q.shots : 0;
  const shots = battles.reduce((n, b) => n + b.shots, 0);
  const reasons: Record<string, number> = {};
  for (const b of battles) reasons[b.reason] = (reasons[b.reason] ?? 0) + 1;
  return {
    battles: battles.length,
    medianSeconds: median(lengths),
    p10Seconds: pctile(lengths, 0.1),
    p90Seconds: pctile(lengths, 0.9),
    reasons,
    draws: battles.length - decided.length,
    /** Each side's share of the decided battles. */
    winShare: wins.map((w) => (decided.length ? w / decided.length : 0)) as [number, number],
    friendlyFireShare: shots ? battles.reduce((n, b) => n + b.allyHits, 0) / shots : 0,
    maxTierSumDiff: Math.max(...battles.map((b) => Math.abs(b.tierSum[0] - b.tierSum[1]))),
    /** A tank's typical battle, as economy.ts assumes it (ECONOMY.typical). */
    perTank: {
      damageShare: battles.reduce((n, b) => n + b.damageShare, 0) / battles.reduce((n, b) => n + b.tanks, 0),
      kills: battles.reduce((n, b) => n + b.kills, 0) / battles.reduce((n, b) => n + b.tanks, 0),
    },
    byProfile,
  };
}
