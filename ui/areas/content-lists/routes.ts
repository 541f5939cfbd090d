// The content areas edited as a whole list, drawn by one screen.
import type { ScreenDef } from "../registry.ts";

const load = () => import("./CollectionPage.tsx");
export const screens: ScreenDef[] = [
  {
    path: "/admin/consumables/",
    shell: "admin",
    group: "content",
    title: { en: "Consumables", ru: "Расходники" },
    load,
  },
  {
    path: "/admin/nonConsumables/",
    shell: "admin",
    group: "content",
    title: { en: "Equipment", ru: "Оборудование" },
    load,
  },
  { path: "/admin/kits/", shell: "admin", group: "content", title: { en: "Kits", ru: "Наборы" }, load },
];
