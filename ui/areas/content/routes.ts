// The content areas drawn by the generic resource screen.
import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

const load = () => import("./ResourcePage.tsx");
export const screens: ScreenDef[] = [
  { path: "/admin/tank/", shell: "admin", group: "content", title: msg`Tanks`, load },
  { path: "/admin/moduleType/", shell: "admin", group: "content", title: msg`Module types`, load },
  { path: "/admin/camouflage/", shell: "admin", group: "content", title: msg`Camouflages`, load },
  { path: "/admin/decal/", shell: "admin", group: "content", title: msg`Decals`, load },
];
