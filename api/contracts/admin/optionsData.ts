// /admin/optionsData/*: all options as one document — every variant of the client and server
// options, and the battle options in force (api/domain/content-documents.ts OPTIONS_DATA).
import { documentContracts } from "./documents-shared.ts";

export const { page, importData, backups, backUp } = documentContracts("optionsData", "/admin/optionsData/", [
  "options",
  "battle",
]);
