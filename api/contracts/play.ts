// The hangar page (/:locale/play/): to a browser the screen, rendered on the server while the
// player is neither queued nor in a battle; as JSON its loader's data — the player, the garage,
// the next battle's rules, the crew and what it gives, the tasks of the day, where the player is
// (queue, battle) and their last ended battle. A visitor who is not signed in gets signedIn false
// (the page sends them to sign in and back). Its own calls are api/contracts/game/play.ts.
import { z } from "zod";
import { NATIONS, TANK_TYPES } from "../db/schema/content.ts";
import { contract } from "./contract.ts";
import { crewBonusShape, crewMemberShape, whereShape } from "./game/play.ts";

const point = z.object({ x: z.number(), y: z.number() });
const box = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
/** A map of the rotation as the battle options define it (api/game/sim/maps.ts MapDef). */
const mapDef = z.object({
  name: z.string(),
  width: z.number(),
  height: z.number(),
  obstacles: z.array(box.extend({ kind: z.enum(["rock", "house", "wall", "trees"]) })),
  bushes: z.array(box),
  base: z.object({ x: z.number(), y: z.number(), r: z.number() }),
  spawns: z.tuple([z.array(point), z.array(point)]),
});

/** A tank the player may take to battle: theirs, or a free tier-1 tank (owned false). */
export const hangarTank = z.object({
  id: z.int(),
  nameRu: z.string(),
  nameEn: z.string(),
  nation: z.enum(NATIONS),
  tier: z.int(),
  type: z.enum(TANK_TYPES),
  hp: z.int(),
  damage: z.int(),
  penetration: z.int(),
  armor: z.int(),
  speed: z.int(),
  rateOfFire: z.int(),
  priceGold: z.int(),
  priceSilver: z.int(),
  owned: z.boolean(),
});

const signedIn = whereShape.extend({
  signedIn: z.literal(true),
  player: z.object({
    id: z.int(),
    nickname: z.string(),
    level: z.int(),
    experience: z.int(),
    silver: z.int(),
    gold: z.int(),
    rating: z.int(),
    battles: z.int(),
    wins: z.int(),
    currentTankId: z.int().nullable(),
  }),
  garage: z.array(hangarTank),
  /** The next battle's rules (api/domain/arena.ts ArenaRules). */
  rules: z.object({
    teamSize: z.int(),
    roundSeconds: z.int(),
    maxWaitSeconds: z.int(),
    tierSpread: z.int(),
    drainSeconds: z.int(),
    maps: z.array(z.string()),
    mapDefs: z.array(mapDef),
    lateJoinSeconds: z.int(),
  }),
  crew: z.array(crewMemberShape),
  crewBonus: crewBonusShape,
  tasks: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      kind: z.string(),
      target: z.int(),
      progress: z.int(),
      rewardCurrency: z.string(),
      rewardAmount: z.int(),
      done: z.boolean(),
    }),
  ),
  /** The player's last battle that ended: its result is shown once when they come back. */
  lastBattle: z.object({ battleId: z.int(), endedAt: z.int() }).nullable(),
});

export const hangar = contract({
  method: "ANY",
  path: "/:locale{ru|en}/play/",
  auth: "public",
  kind: "page",
  summary:
    "The hangar's data: the player, the garage, the rules, the crew, the tasks, where the player is, the last battle.",
  // The signed-in answer first: a union takes the first member that reads it.
  output: z.union([signedIn, z.object({ signedIn: z.literal(false) })]),
});
