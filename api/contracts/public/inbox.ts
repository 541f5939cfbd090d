// /public/inbox/*: operators' notifications as the game's hangar reads them (issue 31: notifications
// reach the hangar, not only the site's inbox). The player's site session; the hangar shows the
// unread ones as they arrive and marks them read. Delivery is the operators' activation
// (api/domain/notifications.ts); the profile's inbox reads the same rows.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";

const item = z.object({
  /** The delivered row's id (what `read` takes). */
  id: z.int(),
  notificationId: z.int(),
  title: z.string(),
  /** Markdown, as the operator wrote it in the player's language (else the other one). */
  body: z.string(),
  createdAt: z.int(),
  /** When the operator's notification ends (epoch ms); past it the item is no longer listed. */
  endsAt: z.int().nullable(),
  read: z.boolean(),
});

export const list = contract({
  method: "GET",
  path: "/public/inbox",
  auth: "player",
  summary: "The player's notifications that have not ended, newest first (at most 20), and how many are unread.",
  input: z.object({ unread: f.optional(f.bool()).default(false) }),
  output: z.object({ items: z.array(item), unread: z.int() }),
});

export const read = contract({
  method: "POST",
  path: "/public/inbox/read",
  auth: "player",
  mutates: true,
  summary: "Marks the player's notifications read (ids of other players' rows are ignored).",
  input: z.object({ ids: z.array(f.id()).min(1).max(100) }),
  output: z.object({ marked: z.int() }),
});

/** What the hangar's "x2" badges show: multipliers running now, each with its end (epoch ms). */
export const boosts = contract({
  method: "GET",
  path: "/public/boosts",
  auth: "player",
  summary:
    "Multipliers running now for the player: LiveOps events on battle experience or silver (the battle's end applies the same), and the shop's on a pack's base gold or silver (never its bonus).",
  output: z.object({
    battle: z.array(z.object({ multiplied: z.enum(["xp", "silver"]), percent: z.int(), endsAt: z.int() })),
    shop: z.array(z.object({ currency: z.enum(["gold", "silver"]), percent: z.int(), endsAt: z.int() })),
  }),
});
