// /admin/player: the search over players and one player's card with its changes. Each route is
// one call on its contract (api/contracts/admin/player.ts) over api/domain/player-card.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as player from "../../contracts/admin/player.ts";
import {
  clearSuspectMarks,
  erasePlayer,
  playerCard,
  playerGameProfile,
  playerServerData,
  resetPlayerProgress,
  searchPlayers,
  setPlayerProfile,
  setPlayerState,
} from "../../domain/player-card.ts";
import "./messages.ts";

export function registerPlayerCard(app: Hono<HonoEnv>) {
  page(app, player.search, (_c, input, ctx) => searchPlayers({ ctx, input }));
  // /admin/player without an id is the search; with one, the card.
  page(app, player.page, (_c, { playerId, ...input }, ctx) =>
    playerId === undefined ? searchPlayers({ ctx, input }) : playerCard({ ctx, input: { playerId } }),
  );
  route(app, player.getProfiles, (_c, input, ctx) => searchPlayers({ ctx, input }));
  route(app, player.setProfile, (_c, input, ctx) => setPlayerProfile({ ctx, input }));
  route(app, player.setPlayer, (_c, input, ctx) => setPlayerState({ ctx, input }));
  route(app, player.remove, (_c, input, ctx) => erasePlayer({ ctx, input }));
  route(app, player.resetProfile, (_c, input, ctx) => resetPlayerProgress({ ctx, input }));
  route(app, player.resetSuspectAll, (_c, _input, ctx) => clearSuspectMarks({ ctx }));
  route(app, player.serverData, (_c, input, ctx) => playerServerData({ ctx, input }));
  route(app, player.profileData, (_c, input, ctx) => playerGameProfile({ ctx, input }));
}
