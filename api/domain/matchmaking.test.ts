import { describe, expect, test } from "bun:test";
import { balanceTeams, BOT_NAMES, profileForRating, type Entrant, type MatchTank } from "./matchmaking.ts";
import { BENCH_PROFILES } from "./battle-bench.ts";
import { nextRandom } from "../game/sim/rng.ts";

const tank = (id: number, tier: number, type: string): MatchTank => ({
  id,
  nameEn: `T${id}`,
  tier,
  type,
  nation: "ussr",
  hp: 100 * tier,
  damage: 30 * tier,
  penetration: 40 * tier,
  armor: 20 * tier,
  speed: 50,
  rateOfFire: 120,
});
const POOL = [4, 5, 6].flatMap((tier) =>
  ["light", "medium", "heavy", "td"].map((type, i) => tank(tier * 10 + i, tier, type)),
);
const rng = (seed: number) => {
  const s = { rng: seed };
  return () => nextRandom(s);
};
const who = (playerId: number, tier: number, type = "medium", rating = 1000): Entrant => ({
  playerId,
  tank: POOL.find((t) => t.tier === tier && t.type === type)!,
  rating,
});

describe("balanced teams", () => {
  test("the sides' tier sums differ by at most one whoever waits (a battle of players only: by the least the tiers allow)", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const n = Math.floor(r() * 15);
      const entrants = Array.from({ length: n }, (_, i) =>
        who(i + 1, 4 + Math.floor(r() * 3), ["light", "medium", "heavy", "td"][Math.floor(r() * 4)], 800 + r() * 400),
      );
      const seats = balanceTeams({
        entrants,
        teamSize: 7,
        tierSpread: 1,
        pool: POOL,
        profiles: BENCH_PROFILES,
        locale: "en",
        rand: r,
        tier: 5,
      });
      const sum = [0, 1].map((team) => seats.filter((s) => s.team === team).reduce((a, s) => a + s.tank.tier, 0));
      expect(seats.filter((s) => s.team === 0)).toHaveLength(7);
      expect(seats.filter((s) => s.team === 1)).toHaveLength(7);
      // 14 players of tiers 4 and 6 only may have no split closer than 2.
      expect(Math.abs(sum[0] - sum[1]), `seed ${seed}`).toBeLessThanOrEqual(n >= 14 ? 2 : 1);
      // Everyone who waited is seated once.
      expect(
        seats
          .filter((s) => s.playerId !== null)
          .map((s) => s.playerId)
          .sort((a, b) => a! - b!),
      ).toEqual(entrants.slice(0, 14).map((e) => e.playerId));
    }
  });

  test("a player alone faces a bot in a tank of their tier and class, driven at their skill; the rest are bots in mirrored pairs", () => {
    const seats = balanceTeams({
      entrants: [who(1, 6, "heavy", 1300)],
      teamSize: 5,
      tierSpread: 1,
      pool: POOL,
      profiles: BENCH_PROFILES,
      locale: "ru",
      rand: rng(3),
    });
    const me = seats.find((s) => s.playerId === 1)!;
    const mirror = seats.find((s) => s.team !== me.team && s.tank.tier === 6 && s.tank.type === "heavy")!;
    expect(mirror.profile).toEqual(profileForRating(BENCH_PROFILES, 1300));
    expect(profileForRating(BENCH_PROFILES, 1300).name).toBe("Ace");
    expect(profileForRating(BENCH_PROFILES, 850).name).toBe("Recruit");
    const classes = (team: number) =>
      seats
        .filter((s) => s.team === team)
        .map((s) => `${s.tank.tier}${s.tank.type}`)
        .sort();
    expect(classes(0)).toEqual(classes(1));
  });

  test("two players of one tier go to opposite sides, the stronger by rating against the weaker side", () => {
    const seats = balanceTeams({
      entrants: [
        who(1, 5, "medium", 1400),
        who(2, 5, "medium", 900),
        who(3, 5, "medium", 1200),
        who(4, 5, "medium", 1000),
      ],
      teamSize: 3,
      tierSpread: 1,
      pool: POOL,
      profiles: BENCH_PROFILES,
      locale: "en",
      rand: rng(5),
    });
    const team = (id: number) => seats.find((s) => s.playerId === id)!.team;
    expect(team(1)).not.toBe(team(3));
    expect(team(1)).toBe(team(2));
  });

  test("bots have names of the battle's language, none twice", () => {
    for (const locale of ["ru", "en"] as const) {
      const seats = balanceTeams({
        entrants: [],
        teamSize: 15,
        tierSpread: 1,
        pool: POOL,
        profiles: BENCH_PROFILES,
        locale,
        rand: rng(9),
        tier: 5,
      });
      const names = seats.map((s) => s.name);
      expect(new Set(names).size).toBe(30);
      for (const n of names) expect(BOT_NAMES[locale]).toContain(n);
    }
  });
});
