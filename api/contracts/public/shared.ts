// Shapes several player-site contracts answer (the avatar state, a notification, paging).
import { z } from "zod";
import { AVATAR_REJECT_REASONS } from "../../domain/avatars.ts";
import * as f from "../../domain/fields.ts";

/** Paging fields of a list read. */
export const paging = {
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 100)).default(20),
};

/** A money action's id, made when the action starts, so a retry pays once. */
export const requestId = () => f.text(8, 64).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/));

/** The player's avatar as the profile shows it: the current one, an upload waiting, the last refusal. */
export const avatarState = z.object({
  avatarUrl: z.string().nullable(),
  pending: z.object({ id: z.int(), uploadedAt: z.int() }).nullable(),
  rejected: z
    .object({
      id: z.int(),
      reason: z.enum(AVATAR_REJECT_REASONS),
      note: z.string().nullable(),
      decidedAt: z.int().nullable(),
      /** The reason in the request's language. */
      reasonText: z.string(),
    })
    .nullable(),
  limits: z.object({ maxBytes: z.int(), minSide: z.int(), maxSide: z.int(), types: z.array(z.string()) }),
});

/** A row of player_notifications (gifts, operators' notifications): its kind and payload are each kind's own. */
export const notification = z.object({
  id: z.int(),
  playerId: z.int(),
  createdAt: z.int(),
  readAt: z.int().nullable(),
});
