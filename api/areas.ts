// Every area of the product registers its routes here. Add one import and one entry per area.
import type { Hono } from "hono";
import type { HonoEnv } from "./http/env.ts";
import { registerAccess } from "./admin/access/index.ts";
import { registerAccount } from "./identity/account.ts";
import { registerFrontDoor } from "./identity/front-door.ts";
import { registerSocial } from "./identity/social.ts";
import { registerGamePlayers } from "./game/players.ts";
import { registerMetrics } from "./admin/metrics/index.ts";
import { registerBilling } from "./billing/index.ts";
import { registerAdminBilling } from "./admin/billing/index.ts";
import { registerContentAdmin } from "./admin/content/index.ts";
import { registerAdminCms } from "./admin/cms.ts";
import { registerInformation } from "./public/information.ts";
import { registerLanding } from "./public/landing.ts";
import { registerProfile } from "./public/profile.ts";
import { registerPaymentMethods } from "./billing/payment-methods.ts";
import { registerSupport } from "./public/support.ts";
import { registerInbox } from "./public/inbox.ts";
import { registerLiveops } from "./public/liveops.ts";
import { registerAdminFeedback } from "./admin/feedback.ts";
import { registerGameBattles } from "./game/battles.ts";
import { registerAdminBattles } from "./admin/battles.ts";
import { registerCheatSignals } from "./admin/cheat-signals.ts";
import { registerAdminClans } from "./admin/clans.ts";
import { registerAdminPlayers } from "./admin/players/index.ts";
import { registerAvatars } from "./public/avatars.ts";
import { registerAdminAvatars } from "./admin/avatars.ts";
import { registerOffers } from "./public/offers.ts";
import { registerAdminOffers } from "./admin/offers.ts";
import { registerAdminLiveops } from "./admin/liveops.ts";
import { registerAdminAudiences } from "./admin/audiences.ts";
import { registerSystemAdmin } from "./admin/system/index.ts";
import { registerExperiments } from "./admin/experiments/index.ts";
import { registerAdsAdmin } from "./admin/ads/index.ts";
import { registerPlayerProgression } from "./admin/players/progression.ts";
import { registerAdminNotifications } from "./admin/notifications.ts";
import { registerCommunity } from "./public/community.ts";
import { registerArena } from "./game/arena/routes.ts";
import { registerOpenApi } from "./http/openapi.ts";

type Register = (app: Hono<HonoEnv>) => void;

// registerAccount goes first: its sign-in-link middleware must run before the public pages.
const areas: Register[] = [
  registerAccount,
  registerFrontDoor,
  registerSocial,
  registerGamePlayers,
  registerAccess,
  registerMetrics,
  registerBilling,
  registerAdminBilling,
  registerContentAdmin,
  registerAdminCms,
  registerInformation,
  registerLanding,
  registerProfile,
  // After the profile: its screens hand a browser's GET of /public/profile/paymentMethods the shell.
  registerPaymentMethods,
  registerSupport,
  registerInbox,
  registerLiveops,
  registerAdminFeedback,
  registerGameBattles,
  registerAdminBattles,
  registerCheatSignals,
  registerAdminClans,
  registerAdminPlayers,
  registerSystemAdmin,
  registerAvatars,
  registerAdminAvatars,
  registerOffers,
  registerAdminOffers,
  registerAdminLiveops,
  registerAdminAudiences,
  registerAdminNotifications,
  registerExperiments,
  registerAdsAdmin,
  registerCommunity,
  registerArena,
  registerPlayerProgression,
  registerOpenApi,
];

export function registerAreas(app: Hono<HonoEnv>) {
  for (const register of areas) register(app);
}
