// Operators' clan screens: the clan list and card (edit, remove, member roles and removal, the
// member CSV), the clan log, the clan's counters over time and the tournament top.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { CLAN_ROLES } from "../../db/schema/clans.ts";
import { clanNameField, clanTagField } from "../../domain/clan-fields.ts";
import { contract } from "../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const A = { auth: "admin", role: "admin" } as const;
const byClan = z.object({ clanId: f.id() });
const clanIdInput = z.object({ clanId: f.id() });
const SORTS = ["id", "name", "tag", "rating", "wins", "experience", "createdAt", "members"] as const;
const periodFields = { from: f.optional(f.dateTime()), to: f.optional(f.dateTime()) };

/** A clan as the list and the card show it. */
const clan = z.object({
  id: z.int(),
  name: z.string(),
  tag: z.string(),
  description: z.string(),
  leaderId: z.int(),
  leader: z.string().nullable(),
  rating: z.int(),
  wins: z.int(),
  experience: z.int(),
  createdAt: z.int(),
  members: z.int(),
});
const member = z.object({
  playerId: z.int(),
  nickname: z.string(),
  role: z.enum(CLAN_ROLES),
  joinedAt: z.int(),
  level: z.int(),
  rating: z.int(),
  battles: z.int(),
  wins: z.int(),
  lastLoginAt: z.int().nullable(),
});
const logRow = z.object({
  id: z.int(),
  clanId: z.int(),
  action: z.string(),
  actorId: z.int(),
  actor: z.string().nullable(),
  targetId: z.int().nullable(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.int(),
});
const page = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.int(), page: z.int(), size: z.int() });
const members = z.object({ members: z.array(member) });

export const listPage = contract({
  method: "ANY",
  path: "/admin/clan/",
  ...S,
  kind: "page",
  output: z.object({ roles: z.array(z.enum(CLAN_ROLES)) }),
});

export const card = contract({
  method: "ANY",
  path: "/admin/clan/:clanId{[0-9]+}",
  ...S,
  kind: "page",
  params: byClan,
  output: z.object({ clan, members: z.array(member), roles: z.array(z.enum(CLAN_ROLES)) }),
});

export const list = contract({
  method: "ANY",
  path: "/admin/clan/get/clans",
  ...S,
  input: z.object({
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
    sort: f.optional(z.enum(SORTS)).default("rating"),
    dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
    q: f.optionalText(32),
  }),
  output: page(clan),
});

export const setClan = contract({
  method: "ANY",
  path: "/admin/clan/set/clan",
  ...O,
  mutates: true,
  input: z.object({
    clanId: f.id(),
    name: f.optional(clanNameField()),
    tag: f.optional(clanTagField()),
    description: f.optional(z.string().trim().max(500)),
    leaderId: f.optional(f.id()),
  }),
  output: z.object({ clan }),
});

export const removeClan = contract({
  method: "ANY",
  path: "/admin/clan/remove/clan",
  ...A,
  mutates: true,
  input: clanIdInput,
  output: z.object({ removed: z.int() }),
});

export const setMember = contract({
  method: "ANY",
  path: "/admin/clan/set/member",
  ...O,
  mutates: true,
  input: z.object({ clanId: f.id(), playerId: f.id(), role: z.enum(CLAN_ROLES) }),
  output: members,
});

export const removeMember = contract({
  method: "ANY",
  path: "/admin/clan/remove/member",
  ...O,
  mutates: true,
  input: z.object({ clanId: f.id(), playerId: f.id() }),
  output: members,
});

export const exportMembers = contract({
  method: "ANY",
  path: "/admin/clan/export/members/:clanId{[0-9]+}",
  ...S,
  params: byClan,
  answers: ["file"],
});

const logInput = z.object({
  clanId: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(50),
  action: f.optionalText(32),
});

/** The clan log (the player side's and the operators' changes), newest first; a removed clan's stays readable. */
export const logPage = contract({
  method: "ANY",
  path: "/admin/clanLog/:clanId{[0-9]+}",
  ...S,
  kind: "page",
  params: byClan,
  output: page(logRow).extend({
    clan: z.object({ id: z.int(), name: z.string().nullable(), tag: z.string().nullable() }),
  }),
});

export const logs = contract({
  method: "ANY",
  path: "/admin/clanLog/getClanLogs",
  ...S,
  input: logInput,
  output: page(logRow),
});

const counters = z.object({
  clan,
  counters: z.object({
    members: z.int(),
    rating: z.int(),
    wins: z.int(),
    experience: z.int(),
    battles: z.int(),
    battleWins: z.int(),
    battles30d: z.int(),
    winRate30d: z.number(),
  }),
});

export const countersPage = contract({
  method: "ANY",
  path: "/admin/clanCounters/:clanId{[0-9]+}",
  ...S,
  kind: "page",
  params: byClan,
  output: counters,
});

export const countersData = contract({
  method: "ANY",
  path: "/admin/clanCounters/getData",
  ...S,
  input: clanIdInput,
  output: counters,
});

/** Per UTC day of the period: battles and wins fought for the clan, the rating and the members at the day's end. */
export const graph = contract({
  method: "ANY",
  path: "/admin/clanCounters/getGraphData",
  ...S,
  input: z.object({ clanId: f.id(), ...periodFields }),
  output: z.object({
    from: z.int(),
    to: z.int(),
    days: z.array(z.string()),
    battles: z.array(z.int()),
    wins: z.array(z.int()),
    rating: z.array(z.number()),
    members: z.array(z.int()),
  }),
});

/** The clan log around a moment (a point of the chart): the entries within ±hours of it. */
export const nearLogs = contract({
  method: "ANY",
  path: "/admin/clanCounters/getNearLogs",
  ...S,
  input: z.object({ clanId: f.id(), at: f.dateTime(), hours: f.optional(f.int(1, 24 * 30)).default(24) }),
  output: z.object({ rows: z.array(logRow), at: z.int(), hours: z.int() }),
});

const ORDERS = ["rating", "wins", "battles", "experience"] as const;

export const tournamentsPage = contract({
  method: "ANY",
  path: "/admin/clansTournaments/",
  ...S,
  kind: "page",
  output: z.object({ orders: z.array(z.enum(ORDERS)) }),
});

/** The top clans of a period by the battles their members fought for them. */
export const top = contract({
  method: "ANY",
  path: "/admin/clansTournaments/loadTop",
  ...S,
  input: z.object({
    ...periodFields,
    by: f.optional(z.enum(ORDERS)).default("rating"),
    limit: f.optional(f.int(1, 100)).default(20),
  }),
  output: z.object({
    from: z.int(),
    to: z.int(),
    by: z.enum(ORDERS),
    /** The weekly clans' tournament (a live event) whose period's board this is; null: the battles' sums of a range. */
    eventId: z.int().nullable(),
    rows: z.array(
      z.object({
        place: z.int(),
        clanId: z.int().nullable(),
        name: z.string().nullable(),
        tag: z.string().nullable(),
        rating: z.int().nullable(),
        battles: z.int(),
        wins: z.int(),
        ratingDelta: z.int(),
        experience: z.int(),
      }),
    ),
  }),
});
