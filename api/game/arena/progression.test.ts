// What a player brings to battle and takes from it (issue 30), through the app: a module bought in
// the hangar changes the tank's figures in the simulation; consumables go into the battle from the
// player's stock, heal/repair once per charge and the charges used leave the stock; a premium
// account pays its bonus through the ledger; an idle tank earns nothing and moves no task.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInPlayer, type Actor } from "../../test/sign-in.ts";
import { putContent, DEMO_TANKS, DEMO_CONSUMABLES } from "../../domain/content.ts";
import { DEMO_MODULE_UPGRADES, moduleUpgradeSchema } from "../../domain/progression-content.ts";
import { saveBattleOptions } from "../../domain/options.ts";
import { battlePlayers } from "../../db/schema/battles.ts";
import { ledgerEntries } from "../../db/schema/ledger.ts";
import { contentModuleUpgrades, contentDailyTasks, playerDailyTasks } from "../../db/schema/progression.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { players } from "../../db/schema/players.ts";
import { applyLedger } from "../../domain/ledger.ts";
import { dailyTasksOf } from "../../domain/progression.ts";
import { arenaOf } from "./arena.ts";
import type { Room, Viewer } from "./room.ts";
import { OP } from "../sim/wire.ts";

let w: TestWorld;
const FREE_TANK = (DEMO_TANKS as { id: number; tier: number; priceSilver?: number; priceGold?: number }[]).find(
  (t) => t.tier === 1 && !t.priceSilver && !t.priceGold,
)!.id;

beforeAll(async () => {
  w = await makeWorld();
  const at = w.clock.now();
  await putContent(w.deps.db, "tank", DEMO_TANKS, at);
  await putContent(w.deps.db, "consumable", DEMO_CONSUMABLES, at);
  await w.deps.db
    .insert(contentModuleUpgrades)
    .values(DEMO_MODULE_UPGRADES.map((u) => ({ ...moduleUpgradeSchema.parse(u), updatedAt: at })));
  await saveBattleOptions(
    w.deps.db,
    { roundSeconds: 60, respawn: false, maps: ["prokhorovka"], teamSize: 2, maxWaitSeconds: 5, tierSpread: 1 },
    "test",
    at,
  );
  arenaOf(w.deps).manual = true;
});
afterAll(() => w.close());

const post = (who: Actor, path: string, body: unknown = {}) =>
  w.app.request(path, {
    method: "POST",
    headers: {
      cookie: who.cookie,
      "x-csrf-token": who.csrf,
      "content-type": "application/json",
      "accept-language": "en",
    },
    body: JSON.stringify(body),
  });
const get = (who: Actor, path: string) =>
  w.app.request(path, { headers: { cookie: who.cookie, accept: "application/json" } });

async function credit(playerId: number, currency: "silver" | "gold", amount: number) {
  await w.deps.db.transaction((tx) =>
    applyLedger(tx, { playerId, currency, delta: amount, reason: "admin.adjust", at: w.clock.now() }),
  );
}

async function battleFor(p: Actor): Promise<Room> {
  await post(p, "/game/play/join", { tankId: FREE_TANK });
  w.clock.advance(6_000);
  const st = (await (await get(p, "/game/play/status")).json()) as { battle: { battleId: number } };
  return arenaOf(w.deps).get(st.battle.battleId)!;
}

type Player = Awaited<ReturnType<typeof signInPlayer>>;
const quiet: Viewer = { send() {}, close() {} };

/** Plays the room to its end and waits for its result to be stored. */
async function playOut(room: Room) {
  while (room.tick());
  for (let i = 0; i < 200 && !room.outcomes; i++) await Bun.sleep(10);
}

interface ModulesView {
  slots: { slot: string; level: number; next: { level: number; researched: boolean; priceSilver: number } | null }[];
  figures: { damage: number; speed: number };
  stock: { damage: number };
}

describe("modules", () => {
  test("a gun bought in the hangar raises the damage shown and the tank's damage in battle; paid once; the next level must be researched", async () => {
    const p = await signInPlayer(w);
    await credit(p.playerId, "silver", 100_000);
    const [{ silver: start }] = await w.deps.db
      .select({ silver: players.silver })
      .from(players)
      .where(eq(players.id, p.playerId));
    const before = (await (await get(p, `/game/play/modules/${FREE_TANK}`)).json()) as ModulesView;
    const gun = before.slots.find((s) => s.slot === "gun")!;
    expect(gun).toMatchObject({ level: 0, next: { level: 1, researched: true } });
    expect(before.figures.damage).toBe(before.stock.damage);

    const buy = { tankId: FREE_TANK, slot: "gun", level: 1, pay: "silver", requestId: "gun-one-0001" };
    const res = await post(p, "/game/play/module/buy", buy);
    expect(res.status, await res.clone().text()).toBe(200);
    const bought = (await res.json()) as { level: number; paid: number; silver: number; modules: ModulesView };
    expect(bought.level).toBe(1);
    expect(bought.paid).toBe(gun.next!.priceSilver);
    expect(bought.silver).toBe(start - gun.next!.priceSilver);
    // The gun's level 1 is +3 % damage.
    expect(bought.modules.figures.damage).toBe(Math.round(before.stock.damage * 1.03));
    // The same request again: answered, not paid twice.
    const again = (await (await post(p, "/game/play/module/buy", buy)).json()) as { replayed: boolean };
    expect(again.replayed).toBe(true);
    const paid = await w.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, p.playerId), eq(ledgerEntries.reason, "module.buy")));
    expect(paid.map((l) => l.delta)).toEqual([-gun.next!.priceSilver]);
    // Level 2 needs battles in the tank first: refused in words, nothing paid.
    const early = await post(p, "/game/play/module/buy", { ...buy, level: 2, requestId: "gun-two-0001" });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: { fields: Record<string, string> } }).error.fields.level).toBe(
      "Research it first: 3 battles in this tank (you have 0).",
    );
    // Skipping a level: refused.
    expect((await post(p, "/game/play/module/buy", { ...buy, level: 3, requestId: "gun-three-001" })).status).toBe(400);
    // A tank not in the garage: refused.
    expect((await post(p, "/game/play/module/buy", { ...buy, tankId: 9, requestId: "gun-nine-001" })).status).toBe(400);

    // In battle: the simulation's gun hits as hard as the hangar says (+3 % at level 1).
    const room = await battleFor(p);
    const slot = room.slotOf(p.playerId)!;
    expect(room.setup.seats[slot].modules?.damage).toBe(3);
    const mine = room.state.tanks[slot];
    const stockDamage = room.setup.seats[slot].tank.damage;
    expect(mine.gunDamage).toBe(Math.round(stockDamage * 1.03));
    room.stop();
  });
});

describe("consumables", () => {
  test("a repair kit from the stock goes into battle, repairs once per charge, and the charge used leaves the stock", async () => {
    const p = await signInPlayer(w);
    await w.deps.db
      .insert(playerItems)
      .values({ playerId: p.playerId, itemType: "consumable", itemId: 1, quantity: 3, acquiredAt: w.clock.now() });
    const room = await battleFor(p);
    const slot = room.slotOf(p.playerId)!;
    expect(room.setup.seats[slot].kit).toEqual([{ kind: "repair", itemId: 1, charges: 2, cooldown: 90, effect: 100 }]);
    const seat = room.join(quiet, p.playerId);
    room.message(seat, JSON.stringify({ t: 1 }));
    room.tick();
    const t = room.state.tanks[slot];
    t.hp = Math.round(t.maxHp / 2);
    t.tracks = 40;
    const kit = new Uint8Array([OP.KIT, 1]);
    room.message(seat, kit);
    expect(t.tracks).toBe(0);
    const healed = t.hp;
    expect(healed).toBeGreaterThan(Math.round(t.maxHp / 2));
    // At once again: cooling down, nothing.
    room.message(seat, kit);
    expect(t.hp).toBe(healed);
    expect(t.kit[0]).toMatchObject({ charges: 1, used: 1 });
    expect(room.inputs.filter((r) => r.length === 7)).toEqual([[room.state.tick, slot, 0, 0, 0, 0, 1]]);
    await playOut(room);
    const [left] = await w.deps.db
      .select({ quantity: playerItems.quantity })
      .from(playerItems)
      .where(and(eq(playerItems.playerId, p.playerId), eq(playerItems.itemId, 1)));
    expect(left.quantity).toBe(2);
  });
});

describe("premium and idle tanks", () => {
  test("a premium account earns half again: its silver as a ledger row of its own", async () => {
    const p = await signInPlayer(w);
    await w.deps.db
      .update(players)
      .set({ premiumUntil: w.clock.now() + 86_400_000 })
      .where(eq(players.id, p.playerId));
    const room = await battleFor(p);
    const seat = room.join(quiet, p.playerId);
    room.message(seat, JSON.stringify({ t: 1, r: 1, f: true }));
    await playOut(room);
    const out = room.outcomes!.find((o) => o.playerId === p.playerId)!;
    const rows = await w.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, p.playerId), eq(ledgerEntries.ref, `battle:${room.battleId}`)));
    const reward = rows.find((r) => r.reason === "battle.reward")!.delta;
    const premium = rows.find((r) => r.reason === "battle.premium")!.delta;
    expect(premium).toBe(Math.round(reward * 0.5));
    expect(out.premiumSilver).toBe(premium);
    expect(out.silver).toBe(reward + premium);
    expect(out.premiumExperience).toBeGreaterThan(0);
  });

  test("without premium no premium row; an idle tank earns nothing and moves no task", async () => {
    // A task that any battle moves: play one battle.
    await w.deps.db.insert(contentDailyTasks).values({
      id: 981,
      kind: "play_battles",
      nameRu: "Сыграть бой",
      nameEn: "Play a battle",
      target: 1,
      rewardCurrency: "silver",
      rewardAmount: 500,
      minLevel: 1,
      maxLevel: 30,
      weight: 10,
      active: true,
      updatedAt: w.clock.now(),
    });
    const idle = await signInPlayer(w);
    const busy = await signInPlayer(w);
    for (const [p, drive] of [
      [idle, false],
      [busy, true],
    ] as const) {
      await dailyTasksOf(w.deps.db, p.playerId, w.clock.now());
      const room = await battleFor(p);
      const seat = room.join(quiet, p.playerId);
      if (drive) room.message(seat, JSON.stringify({ t: 1, r: 1, f: true }));
      await playOut(room);
    }
    const row = async (p: Player) =>
      (await w.deps.db.select().from(battlePlayers).where(eq(battlePlayers.playerId, p.playerId)))[0];
    expect(await row(idle)).toMatchObject({ experience: 0, silverEarned: 0 });
    expect((await row(busy)).experience).toBeGreaterThan(0);
    const rewards = async (p: Player) =>
      (await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, p.playerId))).map((l) => l.reason);
    expect(await rewards(idle)).not.toContain("battle.reward");
    expect(await rewards(busy)).toContain("battle.reward");
    expect(await rewards(busy)).not.toContain("battle.premium");
    const tasks = async (p: Player) =>
      w.deps.db.select().from(playerDailyTasks).where(eq(playerDailyTasks.playerId, p.playerId));
    const played = (ts: (typeof playerDailyTasks.$inferSelect)[]) => ts.filter((t) => t.kind === "play_battles");
    expect(played(await tasks(idle)).every((t) => t.progress === 0)).toBe(true);
    expect(played(await tasks(busy)).some((t) => t.progress === 1)).toBe(true);
  });
});

describe("a late comer", () => {
  test("takes a bot's seat in a battle that started moments ago, drives it, and is paid at its end; later on, a new battle", async () => {
    const first = await signInPlayer(w);
    const room = await battleFor(first);
    for (let i = 0; i < 40; i++) room.tick();
    const bots = room.state.tanks.filter((t) => t.bot).length;
    // Ten seconds after the start another player queues: no wait, a bot's seat in the running battle.
    w.clock.advance(4_000);
    const late = await signInPlayer(w);
    const joined = (await (await post(late, "/game/play/join", { tankId: FREE_TANK })).json()) as {
      battle: { battleId: number } | null;
    };
    expect(joined.battle?.battleId).toBe(room.battleId);
    const slot = room.slotOf(late.playerId)!;
    const tank = room.state.tanks[slot];
    expect(tank).toMatchObject({ playerId: late.playerId, bot: null });
    expect(tank.spec.tankId).toBe(FREE_TANK);
    expect(room.state.tanks.filter((t) => t.bot).length).toBe(bots - 1);
    expect(room.inputs.at(-1)).toEqual([room.state.tick, slot, 0, 0, 0, 0, 100]);
    // The late comer's socket drives that tank.
    const c: string[] = [];
    const seat = room.join({ send: (d) => typeof d === "string" && c.push(d), close() {} }, late.playerId);
    expect(JSON.parse(c[0])).toMatchObject({ type: "hello", you: slot });
    room.message(seat, JSON.stringify({ t: 1, r: 1, f: true }));
    room.tick();
    expect(room.state.tanks[slot].input.throttle).toBe(1);
    await playOut(room);
    expect(room.outcomes!.map((o) => o.playerId).sort()).toEqual([first.playerId, late.playerId].sort());
    const [row] = await w.deps.db
      .select()
      .from(battlePlayers)
      .where(and(eq(battlePlayers.battleId, room.battleId), eq(battlePlayers.playerId, late.playerId)));
    expect(row.result).not.toBeNull();
    // The record (with the handover) replays to the same battle.
    const { replay } = await import("../sim/replay.ts");
    const { digest } = await import("../sim/sim.ts");
    expect(digest(replay({ setup: room.setup, inputs: room.inputs }))).toBe(digest(room.state));

    // A battle that started long ago takes nobody: the next late comer waits for a battle of their own.
    const other = await signInPlayer(w);
    const r2 = await battleFor(other);
    w.clock.advance(40_000);
    const tooLate = await signInPlayer(w);
    const j2 = (await (await post(tooLate, "/game/play/join", { tankId: FREE_TANK })).json()) as { battle: unknown };
    expect(j2.battle).toBeNull();
    expect(r2.slotOf(tooLate.playerId)).toBeNull();
    r2.stop();
  });
});
