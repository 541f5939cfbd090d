// /admin/tools/: the support tools over whole accounts (api/domain/player-tools.ts): an account as
// a document, an account made from one, identities swapped or moved, a refresh from the network.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { CLAN_ROLES } from "../../db/schema/clans.ts";
import { contract } from "../contract.ts";
import { identity, itemType, playerRow } from "./player-shared.ts";

const O = { auth: "admin", role: "operator" } as const;
const A = { auth: "admin", role: "admin" } as const;
const network = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_.-]{2,32}$/);

export const page = contract({
  method: "ANY",
  path: "/admin/tools/",
  ...O,
  kind: "page",
  output: z.object({ networks: z.array(z.object({ key: z.string(), name: z.string() })), format: z.string() }),
});

/** Everything about one account, as a download (player-{id}.json). */
export const load = contract({
  method: "GET",
  path: "/admin/tools/load/player/:playerId{[0-9]+}",
  ...O,
  params: z.object({ playerId: f.id() }),
  output: z.object({
    format: z.string(),
    exportedAt: z.int(),
    player: playerRow,
    identities: z.array(identity.extend({ createdAt: z.int() })),
    profiles: z.array(
      z.object({ network: z.string(), uid: z.string(), name: z.string(), photoUrl: z.string(), updatedAt: z.int() }),
    ),
    items: z.array(z.object({ itemType, itemId: z.int(), quantity: z.int(), acquiredAt: z.int() })),
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
    terms: z
      .object({
        eulaVersion: z.int().nullable(),
        eulaAcceptedAt: z.int().nullable(),
        ratedAt: z.int().nullable(),
        rating: z.int().nullable(),
        bonusPaidAt: z.int().nullable(),
      })
      .nullable(),
    clan: z.object({ playerId: z.int(), clanId: z.int(), role: z.enum(CLAN_ROLES), joinedAt: z.int() }).nullable(),
    friends: z.array(z.object({ playerId: z.int(), since: z.int() })),
    blacklist: z.array(z.int()),
  }),
});

/** Both accounts' identities after the swap, by player id. */
export const swap = contract({
  method: "POST",
  path: "/admin/tools/swap/players",
  ...A,
  mutates: true,
  input: z.object({ playerA: f.id(), playerB: f.id() }),
  output: z.object({ identities: z.record(z.string(), z.array(identity)) }),
});

export const transfer = contract({
  method: "ANY",
  path: "/admin/tools/transfer/socialNetworks",
  ...A,
  mutates: true,
  input: z.object({ fromPlayerId: f.id(), toPlayerId: f.id(), network }),
  output: z.object({ moved: identity, from: z.int(), to: z.int() }),
});

export const socialUpdate = contract({
  method: "POST",
  path: "/admin/tools/socialUpdate/:playerId{[0-9]+}",
  ...O,
  mutates: true,
  params: z.object({ playerId: f.id() }),
  input: z.object({ network: f.optional(network) }),
  output: z.object({ playerId: z.int(), nickname: z.string(), avatarUrl: z.string().nullable(), network: z.string() }),
});

/** The document: a file upload, its text, or the JSON itself; 201 with the new account's id. */
export const importPlayer = contract({
  method: "POST",
  path: "/admin/tools/importPlayer",
  ...A,
  mutates: true,
  input: z.object({ document: f.jsonValue() }),
  output: z.object({ playerId: z.int() }),
});
