// /game/play/* routes of the hangar added with issue 30 (the older /game/play/* routes are still
// registered the old way): a tank's modules and its figures in battle, and buying a module's next level.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { MODULE_SLOTS } from "../../db/schema/content.ts";
import { UPGRADE_STATS } from "../../db/schema/progression.ts";
import { contract } from "../contract.ts";

const bonus = z.object({
  damage: z.number(),
  penetration: z.number(),
  armor: z.number(),
  speed: z.number(),
  rateOfFire: z.number(),
  hp: z.number(),
  viewRange: z.number(),
});

/** A tank's figures as they are in battle (sim.ts tankFigures): the catalogue's with its modules, crew and camouflage. */
export const figuresShape = z.object({
  hp: z.int(),
  damage: z.int(),
  penetration: z.int(),
  armor: z.int(),
  /** Seconds between shots. */
  reloadSeconds: z.number(),
  /** km/h as the catalogue counts them. */
  speed: z.number(),
  /** Metres. */
  viewRange: z.int(),
  /** Percent of the view range an enemy's is shortened by. */
  concealment: z.int(),
});

export const modulesShape = z.object({
  tankId: z.int(),
  /** Battles the player fought in this tank (what researches a level). */
  battles: z.int(),
  slots: z.array(
    z.object({
      slot: z.enum(MODULE_SLOTS),
      level: z.int(),
      stat: z.enum(UPGRADE_STATS).nullable(),
      bonus: z.int(),
      next: z
        .object({
          level: z.int(),
          stat: z.enum(UPGRADE_STATS),
          bonus: z.int(),
          priceSilver: z.int(),
          priceGold: z.int(),
          battlesNeeded: z.int(),
          researched: z.boolean(),
        })
        .nullable(),
    }),
  ),
  bonus,
  /** The figures with the modules mounted now, and with none (the catalogue's, with the crew). */
  figures: figuresShape,
  stock: figuresShape,
});

export const modules = contract({
  method: "GET",
  path: "/game/play/modules/:tankId{[0-9]+}",
  auth: "player",
  summary: "A tank's modules (each slot's level, the next level's research and prices) and its figures in battle.",
  params: z.object({ tankId: f.id() }),
  output: modulesShape,
});

export const buyModule = contract({
  method: "POST",
  path: "/game/play/module/buy",
  auth: "player",
  mutates: true,
  summary:
    "Buys the next level of a tank's module slot: researched by battles in the tank, paid through the ledger once per request id.",
  input: z.object({
    tankId: f.id(),
    slot: z.enum(MODULE_SLOTS),
    level: f.int(1, 20),
    pay: z.enum(["silver", "gold"]),
    requestId: f.text(8, 64).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/)),
  }),
  output: z.object({
    slot: z.enum(MODULE_SLOTS),
    level: z.int(),
    paid: z.int(),
    replayed: z.boolean(),
    silver: z.int(),
    gold: z.int(),
    modules: modulesShape,
  }),
});
