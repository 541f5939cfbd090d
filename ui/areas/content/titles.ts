// The content screens' titles by address (the sidebar's names and each screen's heading).
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export const TITLES: Record<string, MessageDescriptor> = {
  "/admin/tank/": msg`Tanks`,
  "/admin/moduleType/": msg`Module types`,
  "/admin/camouflage/": msg`Camouflages`,
  "/admin/decal/": msg`Decals`,
  "/admin/crews/": msg`Crews`,
  "/admin/crews/index": msg`Crews`,
  "/admin/decorations/": msg`Decorations`,
  "/admin/decorations/index": msg`Decorations`,
  "/admin/moduleUpgrade/": msg`Module upgrades`,
  "/admin/bots/": msg`Bots`,
  "/admin/dailyTasks/": msg`Daily tasks`,
  "/admin/tankData/": msg`Tank data`,
  "/admin/optionsData/": msg`Options data`,
  "/admin/translation/": msg`Translation`,
};
