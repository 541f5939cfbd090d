// The clan actions of /public/profile/*: the player's clan, finding clans, and the leader's and
// officers' changes (docs/decisions/clans.md). Every change answers what it touched.
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { clanNameField, clanTagField } from "../../../domain/clan-fields.ts";
import { CLAN_ROLES } from "../../../db/schema/clans.ts";
import { contract } from "../../contract.ts";
import { paging } from "../shared.ts";

const P = "/public/profile";
const role = z.enum(CLAN_ROLES);
const clan = z.object({
  id: z.int(),
  name: z.string(),
  tag: z.string(),
  description: z.string(),
  leaderId: z.int(),
  rating: z.int(),
  wins: z.int(),
  experience: z.int(),
  createdAt: z.int(),
});
const rules = z.object({ priceGold: z.int(), memberLimit: z.int(), requestTtlMs: z.int() });
const change = { method: "ANY", auth: "player", mutates: true } as const;

export const myClan = contract({
  method: "ANY",
  path: `${P}/myClan`,
  auth: "player",
  summary:
    "The player's clan with its members, requests and log (leader and officers see the requests), or, without a clan, the player's own requests to clans.",
  output: z.union([
    z.object({
      clan: clan,
      role,
      members: z.array(
        z.object({
          playerId: z.int(),
          role,
          joinedAt: z.int(),
          nickname: z.string(),
          level: z.int(),
          rating: z.int(),
        }),
      ),
      requests: z.array(
        z.object({
          id: z.int(),
          playerId: z.int(),
          nickname: z.string(),
          level: z.int(),
          message: z.string(),
          createdAt: z.int(),
          expiresAt: z.int(),
        }),
      ),
      log: z.array(
        z.object({
          id: z.int(),
          action: z.string(),
          createdAt: z.int(),
          actor: z.string().nullable(),
          target: z.string().nullable(),
          details: z.record(z.string(), z.unknown()),
        }),
      ),
      rules,
    }),
    z.object({
      clan: z.null(),
      role: z.null(),
      members: z.array(z.never()),
      requests: z.array(
        z.object({ id: z.int(), clanId: z.int(), name: z.string(), tag: z.string(), expiresAt: z.int() }),
      ),
      rules,
    }),
  ]),
});

export const searchClans = contract({
  method: "ANY",
  path: `${P}/searchClans/:clanName{[^/]+}?`,
  auth: "player",
  summary: "Clans by name (a name in the path wins over the query's), paged, with their member counts.",
  params: z.object({ clanName: z.string().optional() }),
  input: z.object({ name: f.optionalText(32), ...paging }),
  output: z.object({
    rows: z.array(clan.extend({ members: z.int() })),
    total: z.int(),
    page: z.int(),
    size: z.int(),
  }),
});

export const findClan = contract({
  method: "ANY",
  path: `${P}/findClan`,
  auth: "player",
  summary: "One clan by id or exact name, with its members.",
  input: z
    .object({ id: f.optional(f.id()), name: f.optionalText(32) })
    .refine((v) => v.id !== undefined || v.name !== undefined, { path: ["name"], params: { rule: "required" } }),
  output: z.object({
    clan,
    members: z.array(z.object({ playerId: z.int(), role, nickname: z.string(), level: z.int(), rating: z.int() })),
  }),
});

export const createClan = contract({
  ...change,
  path: `${P}/createClan`,
  summary: "Founds a clan (its price in gold through the ledger); the founder leads it.",
  input: z.object({ name: clanNameField(), tag: clanTagField(), description: f.optionalText(500) }),
  output: z.object({ clanId: z.int() }),
});

export const editClan = contract({
  ...change,
  path: `${P}/editClan`,
  summary:
    "The leader renames the clan, sets a member's role or hands leadership over (memberId + role leader); officers edit the description.",
  input: z.object({
    name: f.optional(clanNameField()),
    tag: f.optional(clanTagField()),
    description: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(500).optional()),
    memberId: f.optional(f.id()),
    role: f.optional(role),
  }),
  output: z.object({ clanId: z.int() }),
});

export const quitClan = contract({
  ...change,
  path: `${P}/quitClan`,
  summary: "The player leaves the clan; a lone leader leaving removes it.",
  output: z.object({ removed: z.boolean() }),
});

export const removeClan = contract({
  ...change,
  path: `${P}/removeClan`,
  summary: "The leader removes the clan.",
  output: z.object({ clanId: z.int() }),
});

export const addRequest = contract({
  ...change,
  path: `${P}/addRequest`,
  summary: "The player asks to join a clan (the request lives 7 days).",
  input: z.object({ clanId: f.id(), message: f.optionalText(300) }),
  output: z.object({ requestId: z.int() }),
});

export const approveRequest = contract({
  ...change,
  path: `${P}/approveRequest`,
  summary: "The leader or an officer takes the asker in.",
  input: z.object({ requestId: f.id() }),
  output: z.object({ clanId: z.int(), playerId: z.int() }),
});

export const rejectRequest = contract({
  ...change,
  path: `${P}/rejectRequest`,
  summary: "The leader or an officer refuses a request.",
  input: z.object({ requestId: f.id() }),
  output: z.object({ requestId: z.int() }),
});

export const removeMember = contract({
  ...change,
  path: `${P}/removeMember`,
  summary: "The leader or an officer removes a member (not the leader).",
  input: z.object({ memberId: f.id() }),
  output: z.object({ clanId: z.int() }),
});
