// Modules that change a tank in battle (issue 30): each of a tank's five slots (gun, turret, engine,
// tracks, radio) goes up level by level along content_module_upgrades (/admin/moduleUpgrade/: the
// level's stat and its percent, its price). A level is researched by fighting in the tank
// (MODULE_RULES.researchBattles) and bought with silver or gold through the ledger, once per
// request; the levels mounted become the seat's ModuleBonus when a battle is formed, so the
// simulation's figures (sim.ts tankFigures) are what the hangar shows. A level's percent is the
// slot's total at that level (level 3 of a gun at 9 % is +9 % damage, not 3 + 6 + 9).
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { contentModuleUpgrades, playerTankModules } from "../db/schema/progression.ts";
import { MODULE_SLOTS } from "../db/schema/content.ts";
import { battlePlayers } from "../db/schema/battles.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { applyLedger } from "./ledger.ts";
import { AppError, fieldError } from "./errors.ts";
import { TICK_HZ, type ModuleBonus } from "../game/sim/types.ts";
import { SIM, type tankFigures } from "../game/sim/sim.ts";
import "./modules-messages.ts";

export type ModuleSlot = (typeof MODULE_SLOTS)[number];

export const MODULE_RULES = {
  /** Battles fought in the tank to research each level (index = level; level 1 is known from the start). */
  researchBattles: [0, 0, 3, 8, 15, 25, 40, 60, 85, 115, 150],
} as const;

export const researchBattlesFor = (level: number) =>
  MODULE_RULES.researchBattles[Math.min(level, MODULE_RULES.researchBattles.length - 1)];

export const NO_MODULES: ModuleBonus = {
  damage: 0,
  penetration: 0,
  armor: 0,
  speed: 0,
  rateOfFire: 0,
  hp: 0,
  viewRange: 0,
};

type Upgrade = typeof contentModuleUpgrades.$inferSelect;

const catalogue = (db: DbOrTx) =>
  db.select().from(contentModuleUpgrades).orderBy(asc(contentModuleUpgrades.slot), asc(contentModuleUpgrades.level));

/** The bonus of the levels mounted: each slot's level row gives its stat its percent (two slots on one stat add). */
export function bonusOf(levels: { slot: string; level: number }[], upgrades: Upgrade[]): ModuleBonus {
  const out = { ...NO_MODULES };
  for (const l of levels) {
    const u = upgrades.find((x) => x.slot === l.slot && x.level === l.level);
    if (u) out[u.stat] += u.bonus;
  }
  return out;
}

/** Each player's module bonus for the tank they take to battle. */
export async function moduleBonusesOf(
  db: DbOrTx,
  seats: { playerId: number; tankId: number }[],
): Promise<Map<number, ModuleBonus>> {
  if (!seats.length) return new Map();
  const [rows, upgrades] = await Promise.all([
    db
      .select()
      .from(playerTankModules)
      .where(
        inArray(
          playerTankModules.playerId,
          seats.map((s) => s.playerId),
        ),
      ),
    catalogue(db),
  ]);
  return new Map(
    seats.map((s) => [
      s.playerId,
      bonusOf(
        rows.filter((r) => r.playerId === s.playerId && r.tankId === s.tankId),
        upgrades,
      ),
    ]),
  );
}

async function battlesIn(db: DbOrTx, playerId: number, tankId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(battlePlayers)
    .where(and(eq(battlePlayers.playerId, playerId), eq(battlePlayers.tankId, tankId)));
  return r?.n ?? 0;
}

/** What the hangar shows of a tank's modules: each slot's level, its bonus, and the next level (its research and prices). */
export async function modulesOf(db: DbOrTx, playerId: number, tankId: number) {
  const [rows, upgrades, battles] = await Promise.all([
    db
      .select()
      .from(playerTankModules)
      .where(and(eq(playerTankModules.playerId, playerId), eq(playerTankModules.tankId, tankId))),
    catalogue(db),
    battlesIn(db, playerId, tankId),
  ]);
  const slots = MODULE_SLOTS.map((slot) => {
    const level = rows.find((r) => r.slot === slot)?.level ?? 0;
    const now = upgrades.find((u) => u.slot === slot && u.level === level) ?? null;
    const next = upgrades.find((u) => u.slot === slot && u.level === level + 1) ?? null;
    return {
      slot,
      level,
      stat: now?.stat ?? next?.stat ?? null,
      bonus: now?.bonus ?? 0,
      next: next
        ? {
            level: next.level,
            stat: next.stat,
            bonus: next.bonus,
            priceSilver: next.priceSilver,
            priceGold: next.priceGold,
            battlesNeeded: researchBattlesFor(next.level),
            researched: battles >= researchBattlesFor(next.level),
          }
        : null,
    };
  });
  return { tankId, battles, slots, bonus: bonusOf(rows, upgrades) };
}

/**
 * Buys the next level of a slot for a tank of the player's (POST /game/play/module/buy): it must be
 * the next one, researched, and sold for the currency; paid through the ledger once per request id
 * (a retried request answers without paying again), and the row moves only from the level the price
 * was read at, so two requests at once cannot both buy.
 */
export async function buyModule(
  tx: Tx,
  r: {
    playerId: number;
    tankId: number;
    slot: ModuleSlot;
    level: number;
    pay: "silver" | "gold";
    requestId: string;
    owned: boolean;
    at: number;
  },
): Promise<{ slot: ModuleSlot; level: number; paid: number; replayed: boolean }> {
  if (!r.owned) throw fieldError({ tankId: { id: "modules.notYourTank" } });
  const key = `module.buy:${r.requestId}`;
  const [mine] = await tx
    .select({ level: playerTankModules.level })
    .from(playerTankModules)
    .where(
      and(
        eq(playerTankModules.playerId, r.playerId),
        eq(playerTankModules.tankId, r.tankId),
        eq(playerTankModules.slot, r.slot),
      ),
    )
    .limit(1);
  const current = mine?.level ?? 0;
  const [seen] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.playerId, r.playerId), eq(ledgerEntries.idempotencyKey, key)))
    .limit(1);
  if (seen || r.level <= current) return { slot: r.slot, level: current, paid: 0, replayed: true };
  if (r.level !== current + 1) throw fieldError({ level: { id: "modules.nextLevel", values: [current + 1] } });
  const [u] = await tx
    .select()
    .from(contentModuleUpgrades)
    .where(and(eq(contentModuleUpgrades.slot, r.slot), eq(contentModuleUpgrades.level, r.level)))
    .limit(1);
  if (!u) throw fieldError({ level: { id: "modules.noSuchLevel" } });
  const need = researchBattlesFor(r.level);
  const fought = await battlesIn(tx, r.playerId, r.tankId);
  if (fought < need) throw fieldError({ level: { id: "modules.notResearched", values: [need, fought] } });
  const amount = r.pay === "silver" ? u.priceSilver : u.priceGold;
  const other = r.pay === "silver" ? u.priceGold : u.priceSilver;
  if (amount <= 0 && other > 0) throw fieldError({ pay: { id: "modules.notSold" } });
  const moved = mine
    ? await tx
        .update(playerTankModules)
        .set({ level: r.level, updatedAt: r.at })
        .where(
          and(
            eq(playerTankModules.playerId, r.playerId),
            eq(playerTankModules.tankId, r.tankId),
            eq(playerTankModules.slot, r.slot),
            eq(playerTankModules.level, current),
          ),
        )
        .returning({ level: playerTankModules.level })
    : await tx
        .insert(playerTankModules)
        .values({ playerId: r.playerId, tankId: r.tankId, slot: r.slot, level: r.level, updatedAt: r.at })
        .onConflictDoNothing()
        .returning({ level: playerTankModules.level });
  if (!moved.length) throw new AppError("conflict", "error.conflict", [], 409);
  if (amount > 0)
    await applyLedger(tx, {
      playerId: r.playerId,
      currency: r.pay,
      delta: -amount,
      reason: "module.buy",
      ref: `module:${r.tankId}:${r.slot}:${r.level}`,
      idempotencyKey: key,
      at: r.at,
    });
  return { slot: r.slot, level: r.level, paid: amount, replayed: false };
}

/** A tank's figures as the hangar shows them: the simulation's (tankFigures) in the catalogue's units. */
export function shownFigures(f: ReturnType<typeof tankFigures>) {
  return {
    hp: Math.round(f.hp / SIM.hpScale),
    damage: f.damage,
    penetration: f.penetration,
    armor: f.armor,
    reloadSeconds: Math.round((f.reloadTicks / TICK_HZ) * 100) / 100,
    speed: Math.round((f.maxSpeed / SIM.speedScale) * 10) / 10,
    viewRange: Math.round(f.sight),
    concealment: Math.round(f.concealment * 100),
  };
}
