// Fair teams, as a pure function (formBattles in arena.ts calls it inside its transaction; the
// simulation bench, bench/bot-battles.ts, calls it directly). The players waiting are paired by
// tier, then skill (rating): of each pair the stronger goes to the side that is weaker so far, so
// the sides' tier sums never differ by more than the tier spread of one pair. A player left
// without a partner gets a bot "mirror" on the other side: a tank of the same tier and class, driven
// by the bot profile that matches their rating. The rest of both teams are bots in identical pairs
// (the same tank, the same profile, one each side), drawn around the battle's tier and across the
// classes. Bot names come from the battle's language, none twice in a battle.
import type { BotProfile, TankSpec } from "../game/sim/types.ts";

export interface MatchTank {
  id: number;
  nameEn: string;
  tier: number;
  type: string;
  nation: string;
  hp: number;
  damage: number;
  penetration: number;
  armor: number;
  speed: number;
  rateOfFire: number;
}

export interface Entrant {
  playerId: number;
  tank: MatchTank;
  /** The player's rating (1000 to start: +15 a win, −10 a loss). */
  rating: number;
}

/** A bot profile with what decides where it plays: its weight among those that fit a tier and its crew. */
export type MatchProfile = BotProfile & { weight: number; minTier: number; maxTier: number; crewLevel: number };

export interface PlannedSeat {
  team: 0 | 1;
  playerId: number | null;
  tank: MatchTank;
  profile: MatchProfile | null;
  name: string;
}

/** How a class is drawn for the bots' pairs (no artillery: the arena has no indirect fire). */
export const BOT_CLASS_WEIGHTS: Record<string, number> = { light: 2, medium: 4, heavy: 2, td: 2 };

export const BOT_NAMES: Record<"ru" | "en", string[]> = {
  ru: [
    "Соколов",
    "Волков",
    "Морозов",
    "Лебедев",
    "Козлов",
    "Новиков",
    "Павлов",
    "Орлов",
    "Зайцев",
    "Степанов",
    "Белов",
    "Фролов",
    "Медведев",
    "Ершов",
    "Никитин",
    "Тихонов",
    "Громов",
    "Карпов",
    "Воробьёв",
    "Гусев",
    "Комаров",
    "Титов",
    "Кузнецов",
    "Ковалёв",
    "Беляев",
    "Денисов",
    "Жуков",
    "Смирнов",
    "Поляков",
    "Щербаков",
  ],
  en: [
    "Walker",
    "Hughes",
    "Turner",
    "Parker",
    "Collins",
    "Stewart",
    "Morris",
    "Cooper",
    "Bailey",
    "Howard",
    "Ward",
    "Brooks",
    "Gray",
    "Price",
    "Bennett",
    "Wood",
    "Barnes",
    "Ross",
    "Foster",
    "Reed",
    "Hayes",
    "Fisher",
    "Marshall",
    "Owens",
    "Hunt",
    "Palmer",
    "Mills",
    "Grant",
    "Warren",
    "Dixon",
  ],
};

/** The profile that plays like a player of this rating: profiles from the clumsiest up, one band of 120 points each from 880. */
export function profileForRating(profiles: MatchProfile[], rating: number): MatchProfile {
  const bySkill = [...profiles].sort((a, b) => b.aimError - a.aimError || b.reactionMs - a.reactionMs);
  const i = Math.max(0, Math.min(bySkill.length - 1, Math.floor((rating - 880) / 120)));
  return bySkill[i];
}

function byWeight<T>(items: T[], weight: (t: T) => number, r: number): T {
  let left = r * items.reduce((s, x) => s + weight(x), 0);
  for (const x of items) {
    left -= weight(x);
    if (left < 0) return x;
  }
  return items[items.length - 1];
}

/** The pool's tank nearest a tier and class: the same tier first, then the same class. */
function likeTank(pool: MatchTank[], tier: number, type: string, r: number): MatchTank {
  const score = (t: MatchTank) => Math.abs(t.tier - tier) * 10 + (t.type === type ? 0 : 1);
  const best = Math.min(...pool.map(score));
  const fit = pool.filter((t) => score(t) === best);
  return fit[Math.floor(r * fit.length)];
}

export function tankSpecOf(t: MatchTank): TankSpec {
  return {
    tankId: t.id,
    name: t.nameEn,
    tier: t.tier,
    type: t.type,
    nation: t.nation,
    hp: t.hp,
    damage: t.damage,
    penetration: t.penetration,
    armor: t.armor,
    speed: t.speed,
    rateOfFire: t.rateOfFire,
  };
}

/**
 * Which of the players go west (true) so the sides have ⌊n/2⌋ and ⌈n/2⌉ of them and their tier sums
 * are as close as they can be (a table over how many and what sum, as in the subset-sum problem;
 * at most 30 players of tiers ≤ 10, so at most 15 × 151 states a player).
 */
function splitBySum(list: Entrant[]): boolean[] {
  const n = list.length;
  const k = Math.floor(n / 2);
  const total = list.reduce((a, e) => a + e.tank.tier, 0);
  // reach[i][c][s]: with the first i players, c of them west summing s — the choice for player i-1.
  const reach: Int8Array[][] = [];
  let cur: Int8Array[] = Array.from({ length: k + 1 }, () => new Int8Array(total + 1).fill(-1));
  cur[0][0] = 0;
  reach.push(cur);
  for (let i = 0; i < n; i++) {
    const t = list[i].tank.tier;
    const next = Array.from({ length: k + 1 }, () => new Int8Array(total + 1).fill(-1));
    for (let c = 0; c <= k; c++)
      for (let s = 0; s <= total; s++) {
        if (cur[c][s] < 0) continue;
        if (next[c][s] < 0) next[c][s] = 0;
        if (c < k && s + t <= total && next[c + 1][s + t] < 0) next[c + 1][s + t] = 1;
      }
    reach.push(next);
    cur = next;
  }
  let best = -1;
  for (let s = 0; s <= total; s++)
    if (cur[k][s] >= 0 && (best < 0 || Math.abs(2 * s - total) < Math.abs(2 * best - total))) best = s;
  const west = new Array<boolean>(n).fill(false);
  let c = k,
    s = best;
  for (let i = n; i > 0; i--) {
    const took = reach[i][c][s] === 1;
    west[i - 1] = took;
    if (took) {
      c--;
      s -= list[i - 1].tank.tier;
    }
  }
  return west;
}

/**
 * Two balanced teams of `teamSize` from the players waiting (at most 2 × teamSize), bots filling
 * the rest. `pool` is the catalogue's tanks bots may take (within the tier spread of the battle's
 * tier), `rand` the battle's seeded draw.
 */
export function balanceTeams(input: {
  entrants: Entrant[];
  teamSize: number;
  tierSpread: number;
  pool: MatchTank[];
  profiles: MatchProfile[];
  locale: "ru" | "en";
  rand: () => number;
  /** The battle's tier when nobody is waiting (the bench); else the players' mean. */
  tier?: number;
}): PlannedSeat[] {
  const { entrants, teamSize, rand } = input;
  const seats: PlannedSeat[] = [];
  const sum = [0, 0];
  const count = [0, 0];
  const put = (team: 0 | 1, s: Omit<PlannedSeat, "team" | "name"> & { name?: string }) => {
    seats.push({ team, name: s.name ?? "", ...s });
    sum[team] += s.tank.tier;
    count[team]++;
  };
  const sorted = [...entrants]
    .sort((a, b) => b.tank.tier - a.tank.tier || a.tank.type.localeCompare(b.tank.type) || b.rating - a.rating)
    .slice(0, teamSize * 2);
  const pool = input.pool.length ? input.pool : entrants.map((e) => e.tank);
  const tier =
    input.tier ??
    (entrants.length ? Math.round(entrants.reduce((s, e) => s + e.tank.tier, 0) / entrants.length) : pool[0].tier);
  const fitting = input.profiles.filter((p) => p.minTier <= tier && tier <= p.maxTier && p.weight > 0);
  const profiles = fitting.length ? fitting : input.profiles;
  // An odd number waiting: a bot of the battle's tier stands in for the partner the last one lacks.
  const odd = sorted.length % 2 === 1;
  const stand: Entrant = {
    playerId: -1,
    tank: likeTank(pool, tier, sorted[sorted.length - 1]?.tank.type ?? "medium", rand()),
    rating: sorted[sorted.length - 1]?.rating ?? 1000,
  };
  const everyone = odd ? [...sorted, stand] : sorted;
  const west = splitBySum(everyone);
  const sides: [Entrant[], Entrant[]] = [[], []];
  for (const [i, e] of everyone.entries()) sides[west[i] ? 0 : 1].push(e);
  // Same tiers may change sides freely: swap where it brings the sides' ratings closer.
  const rating = (team: 0 | 1) => sides[team].reduce((a, e) => a + e.rating, 0);
  for (let pass = 0; pass < 3; pass++)
    for (let i = 0; i < sides[0].length; i++)
      for (let j = 0; j < sides[1].length; j++) {
        const [a, b] = [sides[0][i], sides[1][j]];
        if (a.tank.tier !== b.tank.tier || a === stand || b === stand) continue;
        const before = Math.abs(rating(0) - rating(1));
        const after = Math.abs(rating(0) - 2 * a.rating + 2 * b.rating - rating(1));
        if (after < before) [sides[0][i], sides[1][j]] = [b, a];
      }
  for (const team of [0, 1] as const)
    for (const e of sides[team])
      put(
        team,
        e === stand
          ? { playerId: null, tank: e.tank, profile: profileForRating(profiles, e.rating) }
          : { playerId: e.playerId, tank: e.tank, profile: null },
      );
  // Pairs of bots, alike on both sides, around the battle's tier (the tier itself twice as often).
  const tiers = [...new Set(pool.map((t) => t.tier))].filter((t) => Math.abs(t - tier) <= input.tierSpread);
  while (count[0] < teamSize && count[1] < teamSize) {
    const tr = tiers.length
      ? byWeight(tiers, (t) => (t === tier ? 2 : 1), rand())
      : pool[Math.floor(rand() * pool.length)].tier;
    const classes = Object.keys(BOT_CLASS_WEIGHTS).filter((c) => pool.some((t) => t.type === c && t.tier === tr));
    const type = classes.length ? byWeight(classes, (c) => BOT_CLASS_WEIGHTS[c], rand()) : "medium";
    const tank = likeTank(pool, tr, type, rand());
    const profile = byWeight(profiles, (p) => p.weight, rand());
    // While the players left the sides more than a tier apart, the weaker side's bot is a tier up
    // (or the stronger's a tier down), of the same class.
    const gap = sum[0] - sum[1];
    let other = tank;
    if (Math.abs(gap) > 1) {
      const up = pool.filter((t) => t.tier === tank.tier + 1 && Math.abs(t.tier - tier) <= input.tierSpread);
      const down = pool.filter((t) => t.tier === tank.tier - 1 && Math.abs(t.tier - tier) <= input.tierSpread);
      const pick = up.length ? up : down;
      if (pick.length) other = likeTank(pick, pick[0].tier, tank.type, rand());
    }
    const weakSide = gap > 0 ? 1 : 0;
    const raised = other.tier > tank.tier;
    put(0, { playerId: null, tank: other !== tank && (weakSide === 0) === raised ? other : tank, profile });
    put(1, { playerId: null, tank: other !== tank && (weakSide === 1) === raised ? other : tank, profile });
  }
  // Names: each bot its own, from the battle's language.
  const names = [...BOT_NAMES[input.locale]];
  let n = 0;
  for (const s of seats) {
    if (s.playerId !== null) continue;
    if (names.length) s.name = names.splice(Math.floor(rand() * names.length), 1)[0];
    else s.name = `${BOT_NAMES[input.locale][n % BOT_NAMES[input.locale].length]} ${Math.floor(n / 30) + 2}`;
    n++;
  }
  return seats;
}
