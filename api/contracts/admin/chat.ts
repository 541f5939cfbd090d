// /admin/chat/: every room's messages, the live feed, and the moderation — post as the system,
// hide / show / delete a message, mute or unmute its author, edit the word filter.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { MAX_LENGTH, MAX_MUTE_MINUTES, ROOM_PATTERN } from "../../domain/chat.ts";
import { contract } from "../contract.ts";
import { chatMessage, roomPage } from "./chat-shared.ts";

const S = { auth: "admin", role: "support" } as const;
const room = () => z.string().trim().regex(ROOM_PATTERN);

export const page = contract({
  method: "ANY",
  path: "/admin/chat/",
  ...S,
  kind: "page",
  output: z.object({
    rooms: z.array(z.string()),
    words: z.array(z.string()),
    mutes: z.array(
      z.object({
        playerId: z.int(),
        nickname: z.string(),
        until: z.int(),
        reason: z.string(),
        byAdmin: z.string(),
        createdAt: z.int(),
      }),
    ),
    limits: z.object({ maxLength: z.int(), count: z.int(), windowMs: z.int(), gapMs: z.int() }),
  }),
});

/** Messages of every room or one, of a player, containing words; every status. */
export const messages = contract({
  method: "ANY",
  path: "/admin/chat/getMessages",
  ...S,
  input: z.object({
    room: f.optional(room()),
    playerId: f.optional(f.id()),
    q: f.optionalText(100),
    before: f.optional(f.id()),
    limit: f.optional(f.int(1, 200)).default(50),
  }),
  output: roomPage,
});

/** One moderation, by its action; each answers what it changed. */
export const setMessage = contract({
  method: "ANY",
  path: "/admin/chat/setMessage",
  auth: "admin",
  role: "operator",
  mutates: true,
  input: z.discriminatedUnion("action", [
    z.object({ action: z.literal("post"), room: room(), body: f.text(1, MAX_LENGTH) }),
    z.object({ action: z.enum(["hide", "show", "delete"]), id: f.id() }),
    z.object({
      action: z.literal("mute"),
      playerId: f.optional(f.id()),
      id: f.optional(f.id()),
      minutes: f.int(1, MAX_MUTE_MINUTES),
      reason: f.optionalText(200),
    }),
    z.object({ action: z.literal("unmute"), playerId: f.id() }),
    z.object({
      action: z.literal("words"),
      words: z.preprocess(
        (v) => (typeof v === "string" ? v.split(/[\n,]/) : v),
        z.array(z.string().trim().max(50)).max(500),
      ),
    }),
  ]),
  output: z.object({
    /** post, hide, show, delete: the message as it is now. */
    message: chatMessage.optional(),
    /** mute: whom, until when. */
    mute: z.object({ playerId: z.int(), until: z.int() }).optional(),
    /** unmute: whom. */
    unmuted: z.int().optional(),
    /** words: the filter now, and what the save added and removed. */
    words: z.array(z.string()).optional(),
    added: z.array(z.string()).optional(),
    removed: z.array(z.string()).optional(),
  }),
});

/** Every room live (or one), moderations included: `ready` once open, then `message` and `status` (AdminChatEvents). */
export const stream = contract({
  method: "ANY",
  path: "/admin/chat/stream/history",
  ...S,
  kind: "stream",
  input: z.object({ room: f.optional(room()), after: f.optional(f.int(0)) }),
  answers: ["stream"],
});
