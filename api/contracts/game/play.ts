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
  /** What the tank takes into battle: consumables (charges of the stock) and the camouflage's concealment, percent. */
  kit: z.array(
    z.object({
      kind: z.enum(["repair", "medkit", "extinguisher"]),
      itemId: z.int(),
      name: z.string(),
      charges: z.int(),
      stock: z.int(),
    }),
  ),
  camouflage: z.int(),
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

export const report = contract({
  method: "GET",
  path: "/game/play/report/:battleId{[0-9]+}",
  auth: "player",
  summary:
    "The result screen of a battle of the player's: what it paid (premium's share), the level before and after, the tasks it completed, the crew's experience, and the next goals.",
  params: z.object({ battleId: f.id() }),
  output: z.object({
    battleId: z.int(),
    /** running: the battle goes on (the player left it for the hangar); its result comes at its end. */
    status: z.enum(["running", "finished", "stopped"]),
    result: z.enum(["win", "loss", "draw"]).nullable(),
    reason: z.string().nullable(),
    experience: z.int(),
    silver: z.int(),
    silverSpent: z.int(),
    kills: z.int(),
    damage: z.int(),
    ratingDelta: z.int(),
    levelBefore: z.int(),
    level: z.int(),
    premiumExperience: z.int(),
    premiumSilver: z.int(),
    afk: z.boolean(),
    tasks: z.array(z.object({ name: z.string(), rewardCurrency: z.string(), rewardAmount: z.int() })),
    crew: z.array(z.object({ name: z.string(), xp: z.int(), levelFrom: z.int(), levelTo: z.int() })),
    next: z.object({
      /** The player's next level and the experience it still needs. */
      level: z.object({ level: z.int(), experienceLeft: z.int() }).nullable(),
      /** The battle's tank's cheapest next module level: what it gives, its price, battles still to research it. */
      module: z
        .object({
          slot: z.enum(MODULE_SLOTS),
          level: z.int(),
          stat: z.enum(UPGRADE_STATS),
          bonus: z.int(),
          priceSilver: z.int(),
          priceGold: z.int(),
          battlesLeft: z.int(),
        })
        .nullable(),
    }),
  }),
});

// ---- The queue, a battle's result and its socket (the hangar's own calls) ----

/** Where the player is: in the queue (since when, the longest wait), in a running battle, or neither. */
export const whereShape = z.object({
  queue: z.object({ tankId: z.int(), joinedAt: z.int(), maxWaitSeconds: z.int() }).nullable(),
  battle: z.object({ battleId: z.int(), host: z.string() }).nullable(),
  now: z.int(),
});

export const join = contract({
  method: "POST",
  path: "/game/play/join",
  auth: "player",
  mutates: true,
  summary:
    "Joins the queue with a tank of the player's (again: the tank changes, the place stays); battles form on the way.",
  input: z.object({ tankId: f.id() }),
  output: whereShape.extend({ queued: z.boolean() }),
});

export const leave = contract({
  method: "POST",
  path: "/game/play/leave",
  auth: "player",
  mutates: true,
  summary: "Leaves the queue.",
  output: whereShape,
});

export const status = contract({
  method: "GET",
  path: "/game/play/status",
  auth: "player",
  summary:
    "Where the player is (queue, battle or hangar); asking forms the battles due, so nobody waits past the longest wait.",
  output: whereShape,
});

/** A crew member as the hangar lists them, with the next skill level's training prices (null: fully trained). */
export const crewMemberShape = z.object({
  crewId: z.int(),
  role: z.string(),
  level: z.int(),
  xp: z.int(),
  levelCap: z.int(),
  skillLevel: z.int(),
  name: z.string(),
  training: z
    .object({ level: z.int(), priceSilver: z.number().nullable(), priceGold: z.number().nullable() })
    .nullable(),
});
/** What the crew gives the tank in battle, in whole percents. */
export const crewBonusShape = z.object({ reload: z.number(), mobility: z.number(), aim: z.number(), view: z.number() });

export const trainCrew = contract({
  method: "POST",
  path: "/game/play/crew/train",
  auth: "player",
  mutates: true,
  summary:
    "Trains a crew member's skill one level, paid through the ledger once per request id (docs/decisions/crews.md).",
  input: z.object({
    crewId: f.id(),
    pay: z.enum(["silver", "gold"]),
    /** The skill level being bought (the member's next); a request for a level reached is a replay. */
    level: f.optional(f.int(1, 100)),
    requestId: f.text(8, 64).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/)),
  }),
  output: z.object({
    crewId: z.int(),
    skillLevel: z.int(),
    paid: z.int(),
    replayed: z.boolean(),
    silver: z.int(),
    gold: z.int(),
    crew: z.array(crewMemberShape),
    crewBonus: crewBonusShape,
  }),
});

const battleParams = z.object({ battleId: f.id() });

export const result = contract({
  method: "GET",
  path: "/game/play/result/:battleId{[0-9]+}",
  auth: "player",
  summary: "The player's own result of a battle (the result screen after a reload, or after the socket closed).",
  params: battleParams,
  output: z.object({
    battleId: z.int(),
    status: z.string(),
    result: z.string().nullable(),
    experience: z.int(),
    silver: z.int(),
    silverSpent: z.int(),
    kills: z.int(),
    damage: z.int(),
    durationS: z.int(),
    ratingDelta: z.int(),
    /** The battle's outcome as the simulation wrote it (teams, score, why it ended), once ended. */
    outcome: z.json().nullable(),
  }),
});

export const socket = contract({
  method: "GET",
  path: "/game/play/ws/:battleId{[0-9]+}",
  auth: "player",
  summary: "The battle's WebSocket: the player drives the tank of their seat and sees the whole arena.",
  params: battleParams,
  answers: ["stream"],
});
