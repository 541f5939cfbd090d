// /admin/tools/: support tools over whole accounts. Each route is one call on its contract
// (api/contracts/admin/tools.ts) over api/domain/player-tools.ts: load/player is everything about
// one account in one document; importPlayer makes an account from such a document; swap/players
// exchanges two accounts' sign-in identities; transfer/socialNetworks moves one network identity
// to another account; socialUpdate refreshes the nickname and avatar from the network's profile.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as tools from "../../contracts/admin/tools.ts";
import {
  importPlayerDocument,
  loadPlayerDocument,
  refreshFromSocial,
  swapIdentities,
  toolsHead,
  transferIdentity,
} from "../../domain/player-tools.ts";

export function registerTools(app: Hono<HonoEnv>) {
  page(app, tools.page, (_c, _input, ctx) => toolsHead({ ctx }));
  route(app, tools.load, async (c, input, ctx) => {
    c.header("content-disposition", `attachment; filename="player-${input.playerId}.json"`);
    return loadPlayerDocument({ ctx, input });
  });
  route(app, tools.swap, (_c, input, ctx) => swapIdentities({ ctx, input }));
  route(app, tools.transfer, (_c, input, ctx) => transferIdentity({ ctx, input }));
  route(app, tools.socialUpdate, (_c, input, ctx) => refreshFromSocial({ ctx, input }));
  route(app, tools.importPlayer, async (c, input, ctx) => {
    c.status(201);
    return importPlayerDocument({ ctx, input });
  });
}
