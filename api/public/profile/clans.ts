// The player site's clans (/public/profile/myClan, searchClans, createClan, …): each route calls
// the clans domain with the signed-in player's id. Contracts: api/contracts/public/profile/clans.ts.
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { route } from "../../http/router.ts";
import * as clans from "../../domain/clans.ts";
import * as calls from "../../contracts/public/profile/clans.ts";

const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

export function registerProfileClans(app: Hono<HonoEnv>) {
  route(app, calls.myClan, async (c) => clans.myClan(c.var.deps.db, me(c), c.var.deps.clock.now()));
  // /searchClans/{name}: a name in the path wins over the query's (cut to a clan name's 32 characters).
  const search = (c: Context<HonoEnv>, q: { clanName?: string; name?: string; page: number; size: number }) =>
    clans.searchClans(c.var.deps.db, {
      name: q.clanName ? q.clanName.trim().slice(0, 32) : q.name,
      page: q.page,
      size: q.size,
    });
  // Served at /searchClans and /searchClans/{name} (the router expands the optional parameter).
  route(app, calls.searchClans, search);
  route(app, calls.findClan, async (c, v) => clans.findClan(c.var.deps.db, v));
  route(app, calls.createClan, async (c, v) =>
    clans.createClan(c.var.deps.db, {
      playerId: me(c),
      name: v.name,
      tag: v.tag,
      description: v.description ?? "",
      at: c.var.deps.clock.now(),
    }),
  );
  route(app, calls.editClan, async (c, v) =>
    clans.editClan(c.var.deps.db, { playerId: me(c), ...v, at: c.var.deps.clock.now() }),
  );
  route(app, calls.quitClan, async (c) =>
    clans.quitClan(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() }),
  );
  route(app, calls.removeClan, async (c) =>
    clans.removeClan(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() }),
  );
  route(app, calls.addRequest, async (c, v) =>
    clans.addRequest(c.var.deps.db, {
      playerId: me(c),
      clanId: v.clanId,
      message: v.message ?? "",
      at: c.var.deps.clock.now(),
    }),
  );
  route(app, calls.approveRequest, async (c, v) =>
    clans.approveRequest(c.var.deps.db, { playerId: me(c), requestId: v.requestId, at: c.var.deps.clock.now() }),
  );
  route(app, calls.rejectRequest, async (c, v) =>
    clans.rejectRequest(c.var.deps.db, { playerId: me(c), requestId: v.requestId, at: c.var.deps.clock.now() }),
  );
  route(app, calls.removeMember, async (c, v) =>
    clans.removeMember(c.var.deps.db, { playerId: me(c), memberId: v.memberId, at: c.var.deps.clock.now() }),
  );
}
