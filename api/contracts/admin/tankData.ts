// /admin/tankData/*: the tank catalogue as one document — tanks, module types, module upgrade
// levels, camouflages and decals (api/domain/content-documents.ts TANK_DATA).
import { documentContracts } from "./documents-shared.ts";

export const { page, exportData, importData, backups, backUp } = documentContracts("tankData", "/admin/tankData/", [
  "tanks",
  "moduleTypes",
  "moduleUpgrades",
  "camouflages",
  "decals",
]);
