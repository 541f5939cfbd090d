// /admin/serverLocalization/: the server's texts' export (JSON or CSV) and import (a preview, then
// all or nothing); the page with its languages; the saves are the resource's (api/contracts/admin/resources.ts).
import { z } from "zod";
import { resourceListPage } from "./resources.ts";
import { transferContracts } from "./transfer.ts";

/** The list's columns (api/admin/system/localization.ts describes the area with them). */
export const SERVER_TEXT_COLUMNS = ["id", "key", "updatedAt"];

/** The page: the list and the game's languages (a column, and a field of the form, per language). */
export const page = resourceListPage(
  { base: "/admin/serverLocalization/", role: "operator", columns: SERVER_TEXT_COLUMNS },
  {
    languages: z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean(), isDefault: z.boolean() })),
  },
  /** A key with its text per language, and the enabled languages it still lacks. */
  z.object({
    id: z.int(),
    key: z.string(),
    texts: z.record(z.string(), z.string()),
    updatedAt: z.int(),
    missing: z.array(z.string()),
  }),
);

export const { exportAll, importAll } = transferContracts({
  base: "/admin/serverLocalization/",
  role: "operator",
  actions: { export: "export", import: "import" },
});
