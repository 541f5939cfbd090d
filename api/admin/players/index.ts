// The operators' players area: the card and search, bans, and the player's log, counters, items
// and statistics (one file per sub-area).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { registerPlayerCard } from "./card.ts";
import { registerBanLog } from "./ban-log.ts";
import { registerPlayerItems } from "./items.ts";
import { registerPlayerLog } from "./log.ts";
import { registerPlayerCounters } from "./counters.ts";
import { registerPlayersStats } from "./stats.ts";
import { registerPlayerBattles } from "./battles.ts";
import { registerAdminChat } from "./chat.ts";
import { registerAdminCommunity } from "./community.ts";
import { registerPlayersTournaments } from "./tournaments.ts";
import { registerGeo } from "./geo.ts";
import { registerPlayerAnalysis } from "./analysis.ts";
import { registerTools } from "./tools.ts";

export function registerAdminPlayers(app: Hono<HonoEnv>) {
  registerPlayerCard(app);
  registerBanLog(app);
  registerPlayerItems(app);
  registerPlayerLog(app);
  registerPlayerCounters(app);
  registerPlayersStats(app);
  registerPlayerBattles(app);
  registerAdminChat(app);
  registerAdminCommunity(app);
  registerPlayersTournaments(app);
  registerGeo(app);
  registerPlayerAnalysis(app);
  registerTools(app);
}
