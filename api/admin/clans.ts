// Operators' clan screens: the clan list and card (edit, remove, member roles and removal, the
// member CSV), the clan log, the clan's counters over time and the tournament top. The rules are
// api/domain/clans-admin.ts; each route is one call on its contract (api/contracts/admin/clans.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { csvDownload } from "../http/download.ts";
import { toCsv } from "../domain/csv.ts";
import {
  clanById,
  clanCounters,
  clanGraph,
  clanLogNear,
  clanLogPage,
  clanLogs,
  clanMembersOf,
  clanRoles,
  clansTop,
  editClan,
  listClans,
  period,
  removeClan,
  removeClanMember,
  setClanMemberRole,
} from "../domain/clans-admin.ts";
import * as clans from "../contracts/admin/clans.ts";
import "../domain/battle-messages.ts";

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"));
const MEMBER_CSV = [
  "player_id",
  "nickname",
  "role",
  "joined_at_utc",
  "level",
  "rating",
  "battles",
  "wins",
  "last_sign_in_at_utc",
];

export function registerAdminClans(app: Hono<HonoEnv>) {
  page(app, clans.listPage, () => ({ roles: clanRoles() }));
  page(app, clans.card, async (_c, v, ctx) => {
    const clan = await clanById(ctx.db, v.clanId);
    return { clan, members: await clanMembersOf(ctx.db, clan.id), roles: clanRoles() };
  });
  route(app, clans.list, (_c, q, ctx) => listClans(ctx.db, q));
  route(app, clans.setClan, (_c, input, ctx) => editClan({ ctx, input }));
  route(app, clans.removeClan, (_c, input, ctx) => removeClan({ ctx, input }));
  route(app, clans.setMember, (_c, input, ctx) => setClanMemberRole({ ctx, input }));
  route(app, clans.removeMember, (_c, input, ctx) => removeClanMember({ ctx, input }));
  route(app, clans.exportMembers, async (_c, v, ctx) => {
    const clan = await clanById(ctx.db, v.clanId);
    const rows = (await clanMembersOf(ctx.db, clan.id)).map((r) => [
      r.playerId,
      r.nickname,
      r.role,
      iso(r.joinedAt),
      r.level,
      r.rating,
      r.battles,
      r.wins,
      iso(r.lastLoginAt),
    ]);
    return csvDownload(toCsv([MEMBER_CSV, ...rows]), `clan-${clan.id}-members`);
  });

  // The clan log (the player side's and the operators' changes), newest first.
  page(app, clans.logPage, (_c, input, ctx) => clanLogPage({ ctx, input }));
  route(app, clans.logs, (_c, q, ctx) => clanLogs(ctx.db, q));

  page(app, clans.countersPage, (_c, v, ctx) => clanCounters(ctx.db, v.clanId, ctx.clock.now()));
  route(app, clans.countersData, (_c, v, ctx) => clanCounters(ctx.db, v.clanId, ctx.clock.now()));
  route(app, clans.graph, async (_c, v, ctx) =>
    clanGraph(ctx.db, await clanById(ctx.db, v.clanId), period(v, ctx.clock.now())),
  );
  route(app, clans.nearLogs, (_c, input, ctx) => clanLogNear({ ctx, input }));

  page(app, clans.tournamentsPage, () => ({
    orders: ["rating" as const, "wins" as const, "battles" as const, "experience" as const],
  }));
  route(app, clans.top, (_c, input, ctx) => clansTop({ ctx, input }));
}
