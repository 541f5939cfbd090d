// The content areas edited as a whole list, drawn by one screen.
import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

const load = () => import("./CollectionPage.tsx");
export const screens: ScreenDef[] = [
  { path: "/admin/consumables/", shell: "admin", group: "content", title: msg`Consumables`, load },
  { path: "/admin/nonConsumables/", shell: "admin", group: "content", title: msg`Equipment`, load },
  { path: "/admin/kits/", shell: "admin", group: "content", title: msg`Kits`, load },
];
