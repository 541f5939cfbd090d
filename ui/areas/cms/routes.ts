// The back office's content pages (CMS).
import type { ScreenDef } from "../registry.ts";

export const screens: ScreenDef[] = [
  {
    path: "/admin/cms/",
    shell: "admin",
    group: "content",
    title: { en: "Content pages", ru: "Страницы" },
    load: () => import("./CmsPage.tsx"),
  },
];
