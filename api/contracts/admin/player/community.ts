// A player's friends, terms and rating resets, devices and social profile link
// (api/domain/player-community.ts).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { contract } from "../../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const byPlayer = z.object({ playerId: f.id() });
const byRequest = z.object({ requestId: f.id() });
const person = { playerId: z.int(), nickname: z.string(), level: z.int() };
const request = z.object({ requestId: z.int(), ...person, createdAt: z.int() });
const answered = { requestId: z.int(), fromId: z.int(), toId: z.int() };
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
  method: "ANY",
  path: "/admin/player/friends/get",
  ...S,
  input: byPlayer,
  output: z.object({
    playerId: z.int(),
    friends: z.array(z.object({ ...person, since: z.int() })),
    incoming: z.array(request),
    outgoing: z.array(request),
  }),
});

export const accept = contract({
  method: "ANY",
  path: "/admin/player/friend/accept",
  ...O,
  mutates: true,
  input: byRequest,
  output: z.object({ ...answered, status: z.literal("accepted") }),
});

export const decline = contract({
  method: "ANY",
  path: "/admin/player/friend/decline",
  ...O,
  mutates: true,
  input: byRequest,
  output: z.object({ ...answered, status: z.enum(["declined", "cancelled"]) }),
});

export const removeFriend = contract({
  method: "ANY",
  path: "/admin/player/friend/remove",
  ...O,
  mutates: true,
  input: z.object({ playerId: f.id(), friendId: f.id() }),
  output: z.object({ removed: z.literal(true), playerId: z.int(), friendId: z.int() }),
});

/** The player must accept the terms again; answers the terms. */
export const resetEula = contract({
  method: "ANY",
  path: "/admin/player/resetEula",
  ...O,
  mutates: true,
  input: byPlayer,
  output: terms,
});

/** The game may ask for a rating again (the bonus is never paid twice); answers the terms. */
export const resetRateForBonus = contract({
  method: "ANY",
  path: "/admin/player/resetRateForBonus",
  ...O,
  mutates: true,
  input: byPlayer,
  output: terms,
});

export const devices = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}/devices",
  ...S,
  kind: "page",
  params: byPlayer,
  output: z.object({
    player: z.object({ id: z.int(), nickname: z.string() }),
    devices: z.array(
      z.object({
        id: z.int(),
        playerId: z.int(),
        client: z.enum(["game", "site"]),
        deviceKey: z.string(),
        platform: z.string(),
        appVersion: z.string(),
        userAgent: z.string(),
        country: z.string().nullable(),
        firstSeen: z.int(),
        lastSeen: z.int(),
        signIns: z.int(),
      }),
    ),
    terms,
    identities: z.array(z.object({ network: z.string(), uid: z.string(), createdAt: z.int() })),
  }),
});

/** A redirect to the player's page on the network the uid belongs to. */
export const goToMailProfile = contract({
  method: "ANY",
  path: "/admin/player/goToMailProfile/:uid{[^/]+}",
  ...S,
  params: z.object({ uid: f.text(1, 128) }),
  answers: ["redirect"],
});
