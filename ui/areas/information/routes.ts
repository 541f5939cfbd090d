// The public information pages (guides and other CMS types) and the terms of use.
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

const page = () => import("./InformationPage.tsx");
export const screens: ScreenDef[] = [
  { path: "/:locale/public/information/", shell: "public", title: msg`Guides`, load: page },
  { path: "/:locale/public/information/:type/", shell: "public", title: msg`Guides`, load: page },
  { path: "/:locale/public/information/:type/category/:id", shell: "public", title: msg`Guides`, load: page },
  { path: "/:locale/public/information/:type/content/:id", shell: "public", title: msg`Guides`, load: page },
  { path: "/:locale/public/terms", shell: "public", title: msg`Terms of use`, load: () => import("./TermsPage.tsx") },
];
