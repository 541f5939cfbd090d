// The player site's screens: only the areas that have public screens, so the landing's bundle
// does not carry every back-office screen's definition (ui/budget.test.ts). An area that adds a
// public screen adds its import here as well as in ./index.ts (e2e/pages.spec.ts fails on a
// page route the shell has no screen for).
import type { ScreenDef } from "./registry.ts";
import { screens as access } from "./access/routes.ts";
import { screens as billing } from "./billing/routes.ts";
import { screens as information } from "./information/routes.ts";
import { screens as play } from "./play/routes.ts";
import { screens as player } from "./player/routes.ts";

export const publicScreens: ScreenDef[] = [...access, ...billing, ...information, ...play, ...player].filter(
  (s) => s.shell === "public",
);
