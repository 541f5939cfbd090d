// The player site's other players (/public/profile/findPlayer, unblock): finding players and the
// blacklist. Contracts: api/contracts/public/profile/players.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { route } from "../../http/router.ts";
import { addToBlacklist, findPlayers, listBlacklist, removeFromBlacklist } from "../../domain/blacklist.ts";
import * as calls from "../../contracts/public/profile/players.ts";

const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

export function registerProfilePlayers(app: Hono<HonoEnv>) {
  // findPlayer searches (GET) and, sent with `blacklist=<playerId>`, adds that player to the
  // blacklist (CSRF checked: mutates).
  route(app, calls.findPlayer, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.blacklist !== undefined)
      await addToBlacklist(db, { playerId: me(c), blockedId: v.blacklist, at: clock.now() });
    return {
      players: v.query ? await findPlayers(db, me(c), v.query) : [],
      blacklist: await listBlacklist(db, me(c)),
    };
  });
  route(app, calls.unblock, async (c, v) => {
    const { db } = c.var.deps;
    await removeFromBlacklist(db, { playerId: me(c), blockedId: v.playerId });
    return { blacklist: await listBlacklist(db, me(c)) };
  });
}
