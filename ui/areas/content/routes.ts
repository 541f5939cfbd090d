// The content areas drawn by the generic resource screen, the item pages, the whole-document
// screens (tank and options data) and the UI texts.
import type { ScreenDef } from "../registry.ts";
import { TITLES } from "./titles.ts";

const load = () => import("./ResourcePage.tsx");
const item = () => import("./ItemPage.tsx");
const documents = () => import("./DocumentPage.tsx");
const resource = (path: string, group = true): ScreenDef => ({
  path,
  shell: "admin",
  ...(group ? { group: "content" as const } : {}),
  title: TITLES[path],
  load,
});
export const screens: ScreenDef[] = [
  resource("/admin/tank/"),
  resource("/admin/moduleType/"),
  resource("/admin/camouflage/"),
  resource("/admin/decal/"),
  resource("/admin/crews/"),
  resource("/admin/crews/index", false),
  { path: "/admin/crews/control/:id", shell: "admin", title: TITLES["/admin/crews/"], load: item },
  resource("/admin/decorations/"),
  resource("/admin/decorations/index", false),
  { path: "/admin/decorations/control/:id", shell: "admin", title: TITLES["/admin/decorations/"], load: item },
  resource("/admin/moduleUpgrade/"),
  resource("/admin/bots/"),
  resource("/admin/dailyTasks/"),
  { path: "/admin/tankData/", shell: "admin", group: "content", title: TITLES["/admin/tankData/"], load: documents },
  {
    path: "/admin/optionsData/",
    shell: "admin",
    group: "content",
    title: TITLES["/admin/optionsData/"],
    load: documents,
  },
  {
    path: "/admin/translation/",
    shell: "admin",
    group: "content",
    title: TITLES["/admin/translation/"],
    load: () => import("./TranslationPage.tsx"),
  },
];
