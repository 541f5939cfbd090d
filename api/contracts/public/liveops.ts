// /public/liveops/*: the player's side of live events and tournaments (docs/decisions/liveops.md):
// what is on for me now and in the next days, entering a tournament's running period (level, tier,
// size limit, a fee through the ledger, once), my place, the board around me, what my place pays,
// and my last result. The player's session: the hangar and the profile site read the same.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { prizeTableSchema } from "../../domain/liveops/prizes.ts";
import {
  LIVE_EVENT_ENTRANTS,
  LIVE_EVENT_FEE_CURRENCIES,
  LIVE_EVENT_KINDS,
  LIVE_EVENT_METRICS,
  LIVE_EVENT_MULTIPLIED,
} from "../../db/schema/liveops.ts";
import { contract } from "../contract.ts";

const period = z.object({ start: z.int(), end: z.int() });

const tournament = z.object({
  metric: z.enum(LIVE_EVENT_METRICS),
  perTier: z.boolean(),
  /** Every battle of a period enters the player (the weekly tournaments): nothing to enter. */
  autoEnter: z.boolean(),
  /** Who the board ranks: players, or clans (my clan's place in `me`; its members' battles enter it). */
  entrant: z.enum(LIVE_EVENT_ENTRANTS),
  minTier: z.int(),
  maxTier: z.int(),
  fee: z.int(),
  feeCurrency: z.enum(LIVE_EVENT_FEE_CURRENCIES),
  sizeLimit: z.int().nullable(),
  /** Entries in the running period (0 when none runs). */
  entries: z.int(),
  prizes: prizeTableSchema,
  /** The tiers of my tanks the event takes (empty: I cannot enter). */
  tiers: z.array(z.int()),
  /** My entry in the running period: place, score, board size, the prize my place pays now, the board around me. */
  me: z
    .object({
      tier: z.int(),
      bucket: z.int(),
      score: z.int(),
      rank: z.int(),
      boardSize: z.int(),
      gold: z.int(),
      silver: z.int(),
      around: z.array(z.object({ rank: z.int(), nickname: z.string(), score: z.int(), me: z.boolean() })),
    })
    .nullable(),
  /** My result of this event's last settled period (within 7 days). */
  last: z.object({ periodStart: z.int(), rank: z.int(), score: z.int(), gold: z.int(), silver: z.int() }).nullable(),
});

const event = z.object({
  id: z.int(),
  kind: z.enum(LIVE_EVENT_KINDS),
  /** In the request's language. */
  title: z.string(),
  running: period.nullable(),
  /** The next start within 7 days, else null. */
  nextStart: z.int().nullable(),
  multiplier: z.object({ what: z.enum(LIVE_EVENT_MULTIPLIED), pct: z.int() }).nullable(),
  tournament: tournament.nullable(),
});

export const whatsOn = contract({
  method: "GET",
  path: "/public/liveops",
  auth: "player",
  summary:
    "What's on for the player: the live events meant for them running now or starting within 7 days (running first), a tournament's entry rules, prize table, the player's place, score, board around them and prize now, and their last result.",
  input: z.object({}),
  output: z.object({ now: z.int(), events: z.array(event) }),
});

export const enter = contract({
  method: "POST",
  path: "/public/liveops/enter",
  auth: "player",
  mutates: true,
  summary:
    "Enters the player into a tournament's running period with a tank tier (audience, level, tier owned, size limit, the fee through the ledger); entering again answers the first entry.",
  input: z.object({ eventId: f.id(), tier: f.int(1, 10) }),
  output: z.object({ periodStart: z.int(), periodEnd: z.int(), bucket: z.int(), replayed: z.boolean() }),
});
