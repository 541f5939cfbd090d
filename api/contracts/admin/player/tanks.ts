// /admin/player/{id}/tanks and /shop: the player's tanks (grant without charge, take away, make
// current) and the shop an operator buys from on the player's behalf, with the player's own
// currency (api/domain/player-items.ts).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { MAX_CONSUMABLES_PER_PURCHASE } from "../../../domain/shop.ts";
import { NATIONS, TANK_TYPES } from "../../../db/schema/content.ts";
import { contract } from "../../contract.ts";
import { shopItem } from "../../public/profile/money.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const P = "/admin/player/:playerId{[0-9]+}";
const byPlayer = z.object({ playerId: f.id() });
const currency = z.enum(["gold", "silver"]);
const requestId = () =>
  f.optional(
    z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_.:-]+$/),
  );

const tanks = z.object({
  player: z.object({
    id: z.int(),
    nickname: z.string(),
    level: z.int(),
    gold: z.int(),
    silver: z.int(),
    currentTankId: z.int().nullable(),
  }),
  /** The player's tanks, named in the request's language; a tank gone from the catalogue has no name nor figures. */
  rows: z.array(
    z.object({
      id: z.int(),
      name: z.string().nullable(),
      tier: z.int().nullable(),
      nation: z.enum(NATIONS).nullable(),
      type: z.enum(TANK_TYPES).nullable(),
      acquiredAt: z.int(),
      current: z.boolean(),
    }),
  ),
  /** The active catalogue, for the grant form. */
  catalogue: z.array(z.object({ id: z.int(), name: z.string(), tier: z.int(), nation: z.enum(NATIONS) })),
});

export const page = contract({
  method: "ANY",
  path: `${P}/tanks`,
  ...S,
  kind: "page",
  params: byPlayer,
  output: tanks,
});

const change = (action: "save" | "remove" | "setCurrent") =>
  contract({
    method: "POST",
    path: `${P}/tanks/${action}`,
    ...O,
    mutates: true,
    params: byPlayer,
    input: z.object({ tankId: f.id() }),
    output: tanks,
  });
/** Grants an active catalogue tank free of charge (409 when owned); answers the tanks. */
export const save = change("save");
/** Takes a tank away (the current one is unset); answers the tanks. */
export const remove = change("remove");
/** Makes an owned tank the current one; answers the tanks. */
export const setCurrent = change("setCurrent");

export const shop = contract({
  method: "ANY",
  path: `${P}/shop`,
  ...S,
  kind: "page",
  params: byPlayer,
  output: z.object({
    player: z.object({ id: z.int(), nickname: z.string(), level: z.int() }),
    balance: z.object({ level: z.int(), gold: z.int(), silver: z.int() }),
    items: z.array(shopItem),
  }),
});

const bought = z.object({ purchaseId: z.int(), price: z.int(), currency, replayed: z.boolean() });

/** Buys a tank for the player from their balance by the shop's rules; a repeated request id answers the first purchase. */
export const buyTank = contract({
  method: "ANY",
  path: `${P}/shop/buyTank`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({ tankId: f.id(), currency, requestId: requestId() }),
  output: bought,
});

export const buyConsumable = contract({
  method: "ANY",
  path: `${P}/shop/buyConsumable`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({
    consumableId: f.id(),
    currency,
    quantity: f.optional(f.int(1, MAX_CONSUMABLES_PER_PURCHASE)).default(1),
    requestId: requestId(),
  }),
  output: bought,
});
