// What a player's tank takes into battle besides its catalogue figures (issue 30): its modules'
// bonus (modules.ts), the best camouflage the player owns that fits the tank (concealment, within
// its days), and consumables of the three kinds a battle uses — repair kit, first-aid kit,
// extinguisher — up to KIT_RULES.chargesPerBattle charges each from the player's stock (the one of
// each kind with the strongest effect). Charges used are taken from the stock when the battle ends.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { playerItems } from "../db/schema/inventory.ts";
import { contentCamouflages, contentConsumables } from "../db/schema/content.ts";
import { KIT_KINDS, type KitItem, type KitKind, type ModuleBonus } from "../game/sim/types.ts";
import { moduleBonusesOf } from "./modules.ts";

export const KIT_RULES = {
  /** Charges of each kind a tank takes into one battle (at most what the player has). */
  chargesPerBattle: 2,
} as const;

const DAY = 86_400_000;

export interface Loadout {
  modules: ModuleBonus;
  camouflage: number;
  kit: KitItem[];
}

export async function loadoutsOf(
  db: DbOrTx,
  seats: { playerId: number; tankId: number; nation: string }[],
  now: number,
): Promise<Map<number, Loadout>> {
  if (!seats.length) return new Map();
  const ids = seats.map((s) => s.playerId);
  const [modules, kits, camos] = await Promise.all([
    moduleBonusesOf(db, seats),
    db
      .select({
        playerId: playerItems.playerId,
        itemId: playerItems.itemId,
        quantity: playerItems.quantity,
        kind: contentConsumables.kind,
        cooldown: contentConsumables.cooldown,
        effect: contentConsumables.effect,
      })
      .from(playerItems)
      .innerJoin(contentConsumables, eq(contentConsumables.id, playerItems.itemId))
      .where(
        and(
          inArray(playerItems.playerId, ids),
          eq(playerItems.itemType, "consumable"),
          sql`${playerItems.quantity} > 0`,
          inArray(contentConsumables.kind, KIT_KINDS),
        ),
      ),
    db
      .select({
        playerId: playerItems.playerId,
        acquiredAt: playerItems.acquiredAt,
        concealment: contentCamouflages.concealment,
        nation: contentCamouflages.nation,
        durationDays: contentCamouflages.durationDays,
      })
      .from(playerItems)
      .innerJoin(contentCamouflages, eq(contentCamouflages.id, playerItems.itemId))
      .where(
        and(
          inArray(playerItems.playerId, ids),
          eq(playerItems.itemType, "camouflage"),
          eq(contentCamouflages.active, true),
        ),
      ),
  ]);
  return new Map(
    seats.map((s) => {
      const kit: KitItem[] = [];
      for (const kind of KIT_KINDS) {
        const best = kits
          .filter((k) => k.playerId === s.playerId && k.kind === kind)
          .sort((a, b) => b.effect - a.effect || a.itemId - b.itemId)[0];
        if (best)
          kit.push({
            kind: kind as KitKind,
            itemId: best.itemId,
            charges: Math.min(best.quantity, KIT_RULES.chargesPerBattle),
            cooldown: best.cooldown,
            effect: best.effect,
          });
      }
      const camouflage = Math.max(
        0,
        ...camos
          .filter(
            (c) =>
              c.playerId === s.playerId &&
              (c.nation === null || c.nation === s.nation) &&
              (c.durationDays === 0 || c.acquiredAt + c.durationDays * DAY > now),
          )
          .map((c) => c.concealment),
      );
      return [s.playerId, { modules: modules.get(s.playerId) ?? { ...NO_BONUS }, camouflage, kit }];
    }),
  );
}

const NO_BONUS: ModuleBonus = { damage: 0, penetration: 0, armor: 0, speed: 0, rateOfFire: 0, hp: 0, viewRange: 0 };

/** Takes the charges a battle used from each player's stock (in the battle's end transaction). */
export async function spendKit(tx: Tx, used: { playerId: number; itemId: number; count: number }[]) {
  for (const u of used) {
    if (u.count <= 0) continue;
    await tx
      .update(playerItems)
      .set({ quantity: sql`max(0, ${playerItems.quantity} - ${u.count})` })
      .where(
        and(
          eq(playerItems.playerId, u.playerId),
          eq(playerItems.itemType, "consumable"),
          eq(playerItems.itemId, u.itemId),
        ),
      );
  }
}
