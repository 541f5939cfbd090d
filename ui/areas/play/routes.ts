// The game in the browser: the hangar and the battle (its own chunk, loaded only there).
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";
import { addMessages, locale } from "../../lib/i18n.ts";

/** The game's words (ui/public-catalogues.ts: not in the landing's catalogue), beside its code. */
const words = () =>
  (locale === "en" ? import("../../locales/en.play.ts") : import("../../locales/ru.play.ts")).then((m) =>
    addMessages(m.messages),
  );

export const screens: ScreenDef[] = [
  {
    path: "/:locale/play/",
    shell: "public",
    title: msg`Hangar`,
    load: () => Promise.all([import("./PlayPage.tsx"), words()]).then(([screen]) => screen),
    ownHeading: true,
  },
];
