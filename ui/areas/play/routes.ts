// The game in the browser: the hangar and the battle (its own chunk, loaded only there).
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/:locale/play/",
    shell: "public",
    title: msg`Hangar`,
    load: () => import("./PlayPage.tsx"),
    ownHeading: true,
  },
];
