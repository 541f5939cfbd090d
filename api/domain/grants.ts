// Items an operator gives or takes without a purchase (a support compensation, a mistaken grant):
// the inventory row and its `items` event (source "admin"), in the caller's transaction. Paid
// purchases go through domain/shop.ts; this is the free path beside it.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/index.ts";
import { playerItems, type ItemType } from "../db/schema/inventory.ts";
import { players } from "../db/schema/players.ts";
import { AppError } from "./errors.ts";
import { catalogItem } from "./shop.ts";
import { emit } from "./outbox.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";

const itemEvent = (tx: Tx, playerId: number, type: ItemType, itemId: number, delta: number, at: number) =>
  emit(tx, "items", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    player_id: playerId,
    item_type: type,
    item_id: String(itemId),
    delta,
    source: "admin",
  });

/** Gives the player an active tank of the catalogue (404 for an unknown or retired one); 409 if owned. */
export async function grantTank(tx: Tx, input: { playerId: number; tankId: number; at: number }) {
  const tank = await catalogItem(tx, "tank", input.tankId, "en");
  if (!tank) throw new AppError("not_found");
  const inserted = await tx
    .insert(playerItems)
    .values({ playerId: input.playerId, itemType: "tank", itemId: input.tankId, quantity: 1, acquiredAt: input.at })
    .onConflictDoNothing()
    .returning({ itemId: playerItems.itemId });
  if (inserted.length === 0) throw new AppError("conflict", "players.error.owned", [], 409);
  await itemEvent(tx, input.playerId, "tank", input.tankId, 1, input.at);
  return tank;
}

/** Takes a tank away; the player's current tank is unset when it was this one. */
export async function revokeTank(tx: Tx, input: { playerId: number; tankId: number; at: number }) {
  const gone = await tx
    .delete(playerItems)
    .where(
      and(
        eq(playerItems.playerId, input.playerId),
        eq(playerItems.itemType, "tank"),
        eq(playerItems.itemId, input.tankId),
      ),
    )
    .returning({ itemId: playerItems.itemId });
  if (gone.length === 0) throw new AppError("conflict", "players.error.not_owned", [], 409);
  await tx
    .update(players)
    .set({ currentTankId: null })
    .where(and(eq(players.id, input.playerId), eq(players.currentTankId, input.tankId)));
  await itemEvent(tx, input.playerId, "tank", input.tankId, -1, input.at);
}

/** Makes an owned tank the player's current one. */
export async function setCurrentTank(tx: Tx, input: { playerId: number; tankId: number }) {
  const [owned] = await tx
    .select({ itemId: playerItems.itemId })
    .from(playerItems)
    .where(
      and(
        eq(playerItems.playerId, input.playerId),
        eq(playerItems.itemType, "tank"),
        eq(playerItems.itemId, input.tankId),
      ),
    )
    .limit(1);
  if (!owned) throw new AppError("conflict", "players.error.not_owned", [], 409);
  await tx.update(players).set({ currentTankId: input.tankId }).where(eq(players.id, input.playerId));
}
