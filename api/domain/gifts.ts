// Gifts: a player sends another gold, silver or a shop item (paid by the sender at the server's
// price). Per-day limits, refused between players where one blacklisted the other, idempotent per
// request id; the receiver gets a notification row. One transaction with the ledger and events.
import { and, eq, gte, sql, isNull } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { gifts, playerNotifications } from "../db/schema/social.ts";
import { playerItems, type ItemType } from "../db/schema/inventory.ts";
import { AppError, fieldError } from "./errors.ts";
import { applyLedger } from "./ledger.ts";
import { eitherBlocked } from "./blacklist.ts";
import { catalogItem } from "./shop.ts";
import { emit } from "./outbox.ts";
import { recordActivity } from "./players.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";

/** The gift rules, in one place. */
export const GIFT_RULES = { perDay: 5, maxGold: 1_000, maxSilver: 100_000 } as const;

export type GiftKind = "gold" | "silver" | ItemType;

/** What a gift's notification carries (sendGift writes it, giftsPage reads it back). */
export interface GiftNotice {
  giftId: number;
  fromId: number;
  /** The sender's nickname when the gift was sent. */
  from: string;
  kind: GiftKind;
  itemId: number | null;
  /** The item's name in the receiver's language, null for money. */
  item: string | null;
  amount: number;
}

export async function sendGift(
  db: Db,
  input: {
    from: number;
    to: number;
    kind: GiftKind;
    itemId?: number;
    amount?: number;
    requestId: string;
    locale: "ru" | "en";
    at: number;
  },
) {
  if (input.from === input.to) throw fieldError({ to: { id: "validation.notEqual" } });
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select()
      .from(gifts)
      .where(and(eq(gifts.fromId, input.from), eq(gifts.requestId, input.requestId)))
      .limit(1);
    if (seen) return { giftId: seen.id, replayed: true };
    const [receiver] = await tx
      .select({ id: players.id, level: players.level })
      .from(players)
      .where(and(eq(players.id, input.to), isNull(players.erasedAt)))
      .limit(1);
    if (!receiver) throw fieldError({ to: { id: "error.player_not_found" } });
    if (await eitherBlocked(tx, input.from, input.to)) throw new AppError("forbidden", "error.blacklisted", [], 403);
    const dayStart = input.at - (input.at % 86_400_000);
    const [today] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(gifts)
      .where(and(eq(gifts.fromId, input.from), gte(gifts.createdAt, dayStart)));
    if (Number(today.n) >= GIFT_RULES.perDay)
      throw new AppError("conflict", "error.gift_daily_limit", [GIFT_RULES.perDay], 409);
    let amount: number;
    let itemName: string | null = null;
    if (input.kind === "gold" || input.kind === "silver") {
      amount = input.amount ?? 0;
      const max = input.kind === "gold" ? GIFT_RULES.maxGold : GIFT_RULES.maxSilver;
      if (amount < 1) throw fieldError({ amount: { id: "validation.required" } });
      if (amount > max) throw fieldError({ amount: { id: "validation.max", values: [max] } });
      await applyLedger(tx, {
        playerId: input.from,
        currency: input.kind,
        delta: -amount,
        reason: "gift.out",
        ref: `player:${input.to}`,
        at: input.at,
      });
      await applyLedger(tx, {
        playerId: input.to,
        currency: input.kind,
        delta: amount,
        reason: "gift.in",
        ref: `player:${input.from}`,
        at: input.at,
      });
    } else {
      if (input.itemId === undefined) throw fieldError({ itemId: { id: "validation.required" } });
      const item = await catalogItem(tx, input.kind, input.itemId, input.locale);
      if (!item) throw new AppError("not_found");
      const useGold = item.priceGold > 0;
      amount = useGold ? item.priceGold : item.priceSilver;
      if (amount <= 0) throw new AppError("conflict", "error.shop_not_for_currency", [], 409);
      if (receiver.level < item.requiredLevel)
        throw new AppError("forbidden", "error.shop_level", [item.requiredLevel], 403);
      const [owned] = await tx
        .select()
        .from(playerItems)
        .where(
          and(
            eq(playerItems.playerId, input.to),
            eq(playerItems.itemType, input.kind),
            eq(playerItems.itemId, input.itemId),
          ),
        )
        .limit(1);
      if (owned && !item.stackable) throw new AppError("conflict", "error.gift_owned", [], 409);
      await applyLedger(tx, {
        playerId: input.from,
        currency: useGold ? "gold" : "silver",
        delta: -amount,
        reason: `gift.${input.kind}`,
        ref: `player:${input.to}`,
        at: input.at,
      });
      await tx
        .insert(playerItems)
        .values({ playerId: input.to, itemType: input.kind, itemId: input.itemId, quantity: 1, acquiredAt: input.at })
        .onConflictDoUpdate({
          target: [playerItems.playerId, playerItems.itemType, playerItems.itemId],
          set: { quantity: sql`${playerItems.quantity} + 1` },
        });
      await emit(tx, "items", {
        event_id: newEventId(),
        ts: toCHDateTime(input.at),
        player_id: input.to,
        item_type: input.kind,
        item_id: String(input.itemId),
        delta: 1,
        source: "gift",
      });
      itemName = item.name;
    }
    const [gift] = await tx
      .insert(gifts)
      .values({
        fromId: input.from,
        toId: input.to,
        requestId: input.requestId,
        kind: input.kind,
        itemId: input.itemId ?? null,
        amount,
        createdAt: input.at,
      })
      .returning({ id: gifts.id });
    const [sender] = await tx.select({ nickname: players.nickname }).from(players).where(eq(players.id, input.from));
    await tx.insert(playerNotifications).values({
      playerId: input.to,
      kind: "gift",
      payload: JSON.stringify({
        giftId: gift.id,
        fromId: input.from,
        from: sender.nickname,
        kind: input.kind,
        itemId: input.itemId ?? null,
        item: itemName,
        amount,
      } satisfies GiftNotice),
      createdAt: input.at,
    });
    await recordActivity(tx, input.from, "gift", input.at);
    return { giftId: gift.id, replayed: false };
  });
}

export async function giftsPage(db: Db, playerId: number) {
  const notifications = await db
    .select()
    .from(playerNotifications)
    .where(eq(playerNotifications.playerId, playerId))
    .orderBy(sql`${playerNotifications.id} desc`)
    .limit(50);
  return {
    rules: GIFT_RULES,
    // A gift's payload is sendGift's; operators' notifications (kind notification, chatNotification) carry theirs.
    notifications: notifications.map((n) =>
      n.kind === "gift"
        ? { ...n, kind: "gift" as const, payload: JSON.parse(n.payload) as GiftNotice }
        : {
            ...n,
            kind: n.kind as "notification" | "chatNotification",
            payload: JSON.parse(n.payload) as Record<string, unknown>,
          },
    ),
  };
}
