// Issue 31, cheat signals: a player's damage and kills per battle on a tier against the tier's
// medians; the one far above them is an outlier on the outliers' page and in the battle's signals.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, type Actor } from "../test/sign-in.ts";
import { registerPlayer } from "../domain/players.ts";
import { contentStep } from "../domain/content.ts";
import { rng } from "../db/seed/world.ts";
import { startBattle, endBattle } from "../domain/battles.ts";
import { contentTanks } from "../db/schema/index.ts";
import { eq } from "drizzle-orm";

describe("cheat signals", () => {
  let w: TestWorld;
  let support: Actor;
  const ids: number[] = [];
  let lastBattle = 0;
  beforeAll(async () => {
    w = await makeWorld();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    for (const nickname of ["Fair1", "Fair2", "Fair3", "Fair4", "Aimbot"])
      ids.push(
        (
          await registerPlayer(w.deps.db, {
            nickname,
            country: "RU",
            platform: "web",
            source: "organic",
            locale: "en",
            at: w.clock.now(),
          })
        ).playerId,
      );
    const [tank] = await w.deps.db.select().from(contentTanks).where(eq(contentTanks.tier, 1)).limit(1);
    // Four battles of all five on one tier: the fair ones deal 200–260 damage and 0–1 kills, the
    // aimbot 900 and 5.
    for (let b = 0; b < 4; b++) {
      const { battleId } = await startBattle(w.deps.db, {
        mode: "random",
        map: "steppe",
        players: ids.map((playerId) => ({ playerId, tankId: tank.id })),
        at: w.clock.now(),
      });
      w.clock.advance(300_000);
      await endBattle(w.deps.db, {
        battleId,
        at: w.clock.now(),
        results: ids.map((playerId, k) => ({
          playerId,
          result: k % 2 ? "win" : "loss",
          experience: 100,
          silver: 100,
          kills: k === 4 ? 5 : k % 2,
          damage: k === 4 ? 900 : 200 + k * 20,
          durationS: 300,
        })),
      });
      lastBattle = battleId;
      w.clock.advance(60_000);
    }
    support = await signInAdmin(w, "support", "signals");
  }, 60_000);
  afterAll(() => w.close());
  const get = async (path: string) => {
    const r = await w.app.request(path, { headers: support.headers({ "accept-language": "en" }) });
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as Record<string, any>;
  };

  test("the tier's medians and the one outlier", async () => {
    const d = await get("/admin/cheatSignals/");
    const tier1 = d.medians.find((m: { tier: number }) => m.tier === 1);
    expect(tier1).toMatchObject({ tier: 1, battles: 5, damage: 240, kills: 1 });
    expect(d.outliers.map((o: { nickname: string }) => o.nickname)).toEqual(["Aimbot"]);
    expect(d.outliers[0]).toMatchObject({ battles: 4, damage: 900, kills: 5, damageRatio: 3.75, killsRatio: 5 });
    // Too few battles to say anything: nobody is an outlier.
    expect((await get("/admin/cheatSignals/?minBattles=5")).outliers).toEqual([]);
  });

  test("a battle's players against their tier's medians", async () => {
    const d = await get(`/admin/battles/${lastBattle}/signals`);
    const flagged = d.players
      .filter((p: { outlier: boolean }) => p.outlier)
      .map((p: { nickname: string }) => p.nickname);
    expect(flagged).toEqual(["Aimbot"]);
    expect(d.players).toHaveLength(5);
    const r = await w.app.request("/admin/battles/999999/signals", { headers: support.headers() });
    expect(r.status).toBe(404);
  });
});
