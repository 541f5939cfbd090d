// Money on the player site: gold transfers, the shop, gifts (docs/decisions/player-site.md).
// Each money action carries the request id its screen made when the action started: a retry
// answers the first result and pays once.
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { TRANSFER_RULES } from "../../../domain/transfers.ts";
import { MAX_CONSUMABLES_PER_PURCHASE } from "../../../domain/shop.ts";
import { ITEM_TYPES } from "../../../db/schema/inventory.ts";
import { NATIONS, TANK_TYPES } from "../../../db/schema/content.ts";
import { contract } from "../../contract.ts";
import { notification, requestId } from "../shared.ts";

const P = "/public/profile";
const giftKind = z.enum(["gold", "silver", ...ITEM_TYPES]);

export const transferMoney = contract({
  method: "ANY",
  path: `${P}/transferMoney`,
  auth: "player",
  mutates: true,
  summary: "Sends gold to another player; the fee is paid by the sender on top (TRANSFER_RULES).",
  input: z.object({
    to: f.id(),
    amount: f.int(TRANSFER_RULES.minAmount, TRANSFER_RULES.maxAmount),
    requestId: requestId(),
  }),
  output: z.object({ amount: z.int(), fee: z.int(), balance: z.int(), replayed: z.boolean() }),
});

const item = {
  id: z.int(),
  name: z.string(),
  priceGold: z.int(),
  priceSilver: z.int(),
  requiredLevel: z.int(),
  /** How many the player has. */
  owned: z.int(),
  /** The player's level is enough for it. */
  levelOk: z.boolean(),
};
/** An item of the shop's list; a tank and a camouflage carry their own figures. */
export const shopItem = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("tank"),
    ...item,
    tier: z.int(),
    nation: z.enum(NATIONS),
    tankType: z.enum(TANK_TYPES),
    premium: z.boolean(),
    stats: z.object({ hp: z.int(), damage: z.int(), penetration: z.int(), armor: z.int(), speed: z.int() }),
  }),
  z.object({ type: z.literal("consumable"), ...item }),
  z.object({ type: z.literal("camouflage"), ...item, season: z.string(), durationDays: z.int() }),
]);
const shopList = {
  balance: z.object({ level: z.int(), gold: z.int(), silver: z.int() }),
  items: z.array(shopItem),
};

export const shop = contract({
  method: "ANY",
  path: `${P}/shop`,
  auth: "player",
  mutates: true,
  summary:
    "Without an item: the catalogue for this player (owned, level). With type, itemId and requestId: buys at the server's price (consumables: quantity), then the catalogue again.",
  input: z.object({
    type: f.optional(z.enum(ITEM_TYPES)),
    itemId: f.optional(f.id()),
    currency: f.optional(z.enum(["gold", "silver"])).default("gold"),
    quantity: f.optional(f.int(1, MAX_CONSUMABLES_PER_PURCHASE)).default(1),
    requestId: f.optional(requestId()),
  }),
  output: z.object({
    ...shopList,
    /** A purchase's answer. */
    purchaseId: z.int().optional(),
    price: z.int().optional(),
    currency: z.enum(["gold", "silver"]).optional(),
    replayed: z.boolean().optional(),
  }),
});

export const gift = contract({
  method: "ANY",
  path: `${P}/gift`,
  auth: "player",
  mutates: true,
  summary:
    "Without a receiver: the player's notifications and the gift rules. With to, kind (gold, silver or an item type), amount or itemId and requestId: sends a gift.",
  input: z.object({
    to: f.optional(f.id()),
    kind: f.optional(giftKind),
    itemId: f.optional(f.id()),
    amount: f.optional(f.int(1, 1_000_000)),
    requestId: f.optional(requestId()),
  }),
  output: z.union([
    z.object({
      rules: z.object({ perDay: z.int(), maxGold: z.int(), maxSilver: z.int() }),
      notifications: z.array(
        z.discriminatedUnion("kind", [
          notification.extend({
            kind: z.literal("gift"),
            payload: z.object({
              giftId: z.int(),
              fromId: z.int(),
              from: z.string(),
              kind: giftKind,
              itemId: z.int().nullable(),
              item: z.string().nullable(),
              amount: z.int(),
            }),
          }),
          /** An operator's notification (its texts in both languages: api/domain/notifications.ts). */
          notification.extend({
            kind: z.enum(["notification", "chatNotification"]),
            payload: z.record(z.string(), z.unknown()),
          }),
        ]),
      ),
    }),
    z.object({ giftId: z.int(), replayed: z.boolean() }),
  ]),
});
