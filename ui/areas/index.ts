// Every area's screens. An area adds one import and one spread here, tagged with its folder
// (inArea: a back-office screen loads its area's messages with its code; see ui/README.md).
import { listScreens, type ScreenDef } from "./registry.ts";
import { addMessages, locale } from "../lib/i18n.ts";
import { areaCatalogues } from "../locales/areas.ts";
import { screens as access } from "./access/routes.ts";
import { screens as metrics } from "./metrics/routes.ts";
import { screens as billing } from "./billing/routes.ts";
import { screens as content } from "./content/routes.ts";
import { screens as adminPlayers } from "./admin-players/routes.ts";
import { screens as player } from "./player/routes.ts";
import { screens as information } from "./information/routes.ts";
import { screens as adminAvatarsFeedback } from "./admin-avatars-feedback/routes.ts";
import { screens as adminOffers } from "./admin-offers/routes.ts";
import { screens as adminLiveops } from "./admin-liveops/routes.ts";
import { screens as adminAudiences } from "./admin-audiences/routes.ts";
import { screens as system } from "./system/routes.ts";
import { screens as clansBattles } from "./admin-clans-battles/routes.ts";
import { screens as experiments } from "./experiments/routes.ts";
import { screens as ads } from "./ads/routes.ts";
import { screens as notifications } from "./notifications/routes.ts";
import { screens as contentLists } from "./content-lists/routes.ts";
import { screens as cms } from "./cms/routes.ts";
import { screens as adminCommunity } from "./admin-community/routes.ts";
import { screens as play } from "./play/routes.ts";
import { screens as playerProgression } from "./player-progression/routes.ts";

type InArea = ScreenDef & { area?: string };
/** An area's screens, tagged with the area's folder. */
const inArea = (area: string, screens: ScreenDef[]): InArea[] => screens.map((s) => ({ ...s, area }));

const loaded = new Map<string, Promise<void>>();
/** An area's messages (ui/locales/{locale}.area.<area>.ts, once), or the whole catalogue for a screen listed without its area. */
function messagesOf(area: string | undefined): Promise<void> {
  const load = area && areaCatalogues[locale][area];
  const key = load ? area : "";
  let p = loaded.get(key);
  if (!p)
    loaded.set(
      key,
      (p = (load || (() => (locale === "en" ? import("../locales/en.ts") : import("../locales/ru.ts"))))().then((m) =>
        addMessages(m.messages),
      )),
    );
  return p;
}
/** A back-office screen's code and its area's messages download side by side (ui/admin-catalogues.ts). */
const withMessages = (screens: InArea[]): ScreenDef[] =>
  screens.map(({ area, ...s }) =>
    s.shell === "admin"
      ? { ...s, load: () => Promise.all([s.load(), messagesOf(area)]).then(([screen]) => screen) }
      : s,
  );

export const screens: ScreenDef[] = withMessages([
  ...inArea("access", access),
  ...inArea("metrics", metrics),
  ...inArea("billing", billing),
  ...inArea("content", content),
  ...inArea("player", player),
  ...inArea("information", information),
  ...inArea("admin-players", adminPlayers),
  ...inArea("admin-avatars-feedback", adminAvatarsFeedback),
  ...inArea("admin-offers", adminOffers),
  ...inArea("admin-liveops", adminLiveops),
  ...inArea("admin-audiences", adminAudiences),
  ...inArea("system", system),
  ...inArea("admin-clans-battles", clansBattles),
  ...inArea("notifications", notifications),
  ...inArea("experiments", experiments),
  ...inArea("ads", ads),
  ...inArea("content-lists", contentLists),
  ...inArea("cms", cms),
  ...inArea("admin-community", adminCommunity),
  ...inArea("play", play),
  ...inArea("player-progression", playerProgression),
]);
listScreens(screens);
