// The content areas drawn by the generic resource screen.
import type { ScreenDef } from "../registry.ts";

const load = () => import("./ResourcePage.tsx");
export const screens: ScreenDef[] = [
  { path: "/admin/tank/", shell: "admin", group: "content", title: { en: "Tanks", ru: "Танки" }, load },
  { path: "/admin/moduleType/", shell: "admin", group: "content", title: { en: "Module types", ru: "Типы модулей" }, load },
  { path: "/admin/camouflage/", shell: "admin", group: "content", title: { en: "Camouflages", ru: "Камуфляжи" }, load },
  { path: "/admin/decal/", shell: "admin", group: "content", title: { en: "Decals", ru: "Декали" }, load },
];
