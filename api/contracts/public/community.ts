// The player site's friends, chat, terms and app rating (/public/profile/friends*, /public/chat/*,
// /public/profile/terms*, /public/profile/rate): routes the spec's screens imply but do not list.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { MAX_LENGTH, ROOM_PATTERN } from "../../domain/chat.ts";
import { contract } from "../contract.ts";

const P = { auth: "player" } as const;
const W = { method: "POST", auth: "player", mutates: true } as const;
const room = () => z.string().trim().regex(ROOM_PATTERN);
const person = { playerId: z.int(), nickname: z.string(), level: z.int() };
const request = z.object({ requestId: z.int(), ...person, createdAt: z.int() });
/** A request answered: who sent it to whom. */
const answered = { requestId: z.int(), fromId: z.int(), toId: z.int() };

/** A chat message as players read it (chat.forReader): `system` when no player wrote it. */
export const chatMessage = z.object({
  id: z.int(),
  room: z.string(),
  playerId: z.int().nullable(),
  nickname: z.string(),
  body: z.string(),
  createdAt: z.int(),
  system: z.boolean(),
});

/** The player's terms and rating (terms.termsOf). */
const terms = z.object({
  eulaVersion: z.int().nullable(),
  eulaAcceptedAt: z.int().nullable(),
  currentVersion: z.int().nullable(),
  mustAccept: z.boolean(),
  ratedAt: z.int().nullable(),
  rating: z.int().nullable(),
  bonusPaidAt: z.int().nullable(),
  mayAskRating: z.boolean(),
});

export const friends = contract({
  method: "GET",
  path: "/public/profile/friends",
  ...P,
  summary: "The player's friends, the requests to them and their own pending requests (newest first).",
  output: z.object({
    friends: z.array(z.object({ ...person, since: z.int() })),
    incoming: z.array(request),
    outgoing: z.array(request),
  }),
});

export const askFriend = contract({
  ...W,
  path: "/public/profile/friends/request",
  summary: "Asks a player to be friends; accepted at once when they had asked first.",
  input: z.object({ playerId: f.id() }),
  output: z.object({ requestId: z.int(), status: z.enum(["pending", "accepted"]) }),
});

export const acceptFriend = contract({
  ...W,
  path: "/public/profile/friends/accept",
  summary: "Accepts a request to the player.",
  input: z.object({ requestId: f.id() }),
  output: z.object(answered),
});

export const declineFriend = contract({
  ...W,
  path: "/public/profile/friends/decline",
  summary: "Declines a request to the player, or cancels one of their own.",
  input: z.object({ requestId: f.id() }),
  output: z.object({ ...answered, status: z.enum(["declined", "cancelled"]) }),
});

export const removeFriend = contract({
  ...W,
  path: "/public/profile/friends/remove",
  summary: "Ends a friendship (both sides).",
  input: z.object({ playerId: f.id() }),
  output: z.object({ removed: z.literal(true) }),
});

export const chatMessages = contract({
  method: "GET",
  path: "/public/chat/messages",
  ...P,
  summary:
    "A room's latest messages (the player's locale's global room unless asked), the rooms they may use, their mute and the limits.",
  input: z.object({
    room: f.optional(room()),
    before: f.optional(f.id()),
    limit: f.optional(f.int(1, 100)).default(50),
  }),
  output: z.object({
    room: z.string(),
    rooms: z.object({ global: z.array(z.string()), clan: z.string().nullable() }),
    mute: z.object({ until: z.int(), reason: z.string() }).nullable(),
    limits: z.object({ maxLength: z.int(), count: z.int(), windowMs: z.int(), gapMs: z.int() }),
    rows: z.array(chatMessage),
  }),
});

export const chatSend = contract({
  ...W,
  path: "/public/chat/send",
  summary: "Writes in a chat room (rate, length, mute and word-filter limits); answers the message.",
  input: z.object({ room: room(), body: f.text(1, MAX_LENGTH) }),
  output: chatMessage,
});

export const chatStream = contract({
  method: "GET",
  path: "/public/chat/stream",
  ...P,
  kind: "stream",
  summary: "Live, one room: `ready` once open, `message` (a chat message), `remove` ({ id }: taken down).",
  input: z.object({ room: f.optional(room()), after: f.optional(f.int(0)) }),
  answers: ["stream"],
});

export const termsState = contract({
  method: "GET",
  path: "/public/profile/terms",
  ...P,
  summary: "The terms the player accepted and must accept, and their rating of the game.",
  output: terms,
});

export const acceptTerms = contract({
  ...W,
  path: "/public/profile/terms/accept",
  summary: "Accepts a version of the terms.",
  input: z.object({ version: f.int(0) }),
  output: terms,
});

export const rate = contract({
  ...W,
  path: "/public/profile/rate",
  summary: "Rates the game 1–5, once; the bonus (gold) the first time.",
  input: z.object({ rating: f.int(1, 5) }),
  output: terms.extend({ bonus: z.int() }),
});
