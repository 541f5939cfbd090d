// /admin/playerAvatars: support moderates uploaded avatars (accept, or reject with a reason the
// player reads); an operator sets or clears a player's avatar; the moderation preview serves an
// image of any status, to operators only.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { AVATAR_STATUSES } from "../../db/schema/avatars.ts";
import { AVATAR_REJECT_REASONS } from "../../domain/avatars.ts";
import { contract } from "../contract.ts";

const MODERATE = { auth: "admin", role: "support" } as const;
const byAvatar = z.object({ avatarId: f.id() });

/** The screen's options: statuses, the reasons a rejection can give (in every language), the upload limits. */
const options = z.object({
  statuses: z.array(z.enum(AVATAR_STATUSES)),
  reasons: z.array(z.object({ id: z.enum(AVATAR_REJECT_REASONS), title: z.record(z.string(), z.string()) })),
  limits: z.object({ maxBytes: z.int(), minSide: z.int(), maxSide: z.int() }),
});

export const page = contract({
  method: "ANY",
  path: "/admin/playerAvatars/",
  ...MODERATE,
  kind: "page",
  output: options,
});
export const optionsOf = contract({
  method: "GET",
  path: "/admin/playerAvatars/options",
  ...MODERATE,
  output: options,
});

/** One upload in the moderation queue (no bytes: `previewUrl` serves the image). */
const queued = z.object({
  id: z.int(),
  playerId: z.int(),
  nickname: z.string(),
  status: z.enum(AVATAR_STATUSES),
  contentType: z.string(),
  width: z.int(),
  height: z.int(),
  hash: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  setByAdminId: z.int().nullable(),
  decidedByAdminId: z.int().nullable(),
  createdAt: z.int(),
  decidedAt: z.int().nullable(),
  previewUrl: z.string(),
});

export const load = contract({
  method: "GET",
  path: "/admin/playerAvatars/load",
  ...MODERATE,
  input: z.object({
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 100)).default(24),
    status: f.optional(z.enum(AVATAR_STATUSES)),
    playerId: f.optional(f.id()),
  }),
  output: z.object({ rows: z.array(queued), total: z.int(), page: z.int(), size: z.int() }),
});

export const image = contract({
  method: "GET",
  path: "/admin/playerAvatars/image/:avatarId{[0-9]+}",
  ...MODERATE,
  params: byAvatar,
  answers: ["file"],
});

/** A moderated upload as it is now. */
const decided = z.object({
  id: z.int(),
  playerId: z.int(),
  status: z.enum(["accepted", "rejected"]),
  hash: z.string(),
  avatarUrl: z.string().optional(),
  reason: z.enum(AVATAR_REJECT_REASONS).optional(),
});

export const accept = contract({
  method: "POST",
  path: "/admin/playerAvatars/accept",
  ...MODERATE,
  mutates: true,
  input: byAvatar,
  output: z.object({ avatar: decided }),
});

export const reject = contract({
  method: "POST",
  path: "/admin/playerAvatars/reject",
  ...MODERATE,
  mutates: true,
  input: z.object({ avatarId: f.id(), reason: z.enum(AVATAR_REJECT_REASONS), note: f.optionalText(300) }),
  output: z.object({ avatar: decided }),
});

/**
 * Sets (an image as multipart `image` + `playerId`, or a raw image body with ?playerId=) or clears
 * (`clear=1`) a player's avatar; operators only, since it skips moderation. The handler reads the
 * body itself (an image, a form or JSON).
 */
export const save = contract({
  method: "POST",
  path: "/admin/playerAvatars/save",
  auth: "admin",
  role: "operator",
  mutates: true,
  output: z.object({ playerId: z.int(), avatarUrl: z.string().nullable() }),
});
