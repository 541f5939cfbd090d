// The system configuration screens: options with variants and their editor, battle and immutable
// options, and the lists (versions, applications, sign-in networks, languages) drawn by the
// generic resource screen with this area's field names; server texts have their own screen.
import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

const resource = () => import("./SystemResourcePage.tsx");
const optionList = () => import("./OptionsPage.tsx");
const optionEditor = () => import("./OptionEditorPage.tsx");
export const screens: ScreenDef[] = [
  { path: "/admin/clientOptions/", shell: "admin", group: "system", title: msg`Client options`, load: optionList },
  { path: "/admin/clientOptions/editor/:key/:variant", shell: "admin", title: msg`Client option`, load: optionEditor },
  { path: "/admin/serverOptions/", shell: "admin", group: "system", title: msg`Server options`, load: optionList },
  { path: "/admin/serverOptions/editor/:key/:variant", shell: "admin", title: msg`Server option`, load: optionEditor },
  {
    path: "/admin/battleOptions/",
    shell: "admin",
    group: "system",
    title: msg`Battle options`,
    load: () => import("./BattleOptionsPage.tsx"),
  },
  {
    path: "/admin/immutableOptions/",
    shell: "admin",
    group: "system",
    title: msg`Immutable options`,
    load: () => import("./ImmutableOptionsPage.tsx"),
  },
  { path: "/admin/version/", shell: "admin", group: "system", title: msg`Client versions`, load: resource },
  { path: "/admin/application/", shell: "admin", group: "system", title: msg`Applications`, load: resource },
  { path: "/admin/socialNetwork/", shell: "admin", group: "system", title: msg`Sign-in networks`, load: resource },
  { path: "/admin/language/", shell: "admin", group: "system", title: msg`Languages`, load: resource },
  {
    path: "/admin/serverLocalization/",
    shell: "admin",
    group: "system",
    title: msg`Server texts`,
    load: () => import("./LocalizationPage.tsx"),
  },
];
