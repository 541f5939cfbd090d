// /admin/serverLocalization/: the server's text keys with a text per language (the languages of
// /admin/language/). Searched by key or text; a row lists the enabled languages it still lacks;
// export as JSON or CSV (key, then a column per language) and import either with a preview,
// applied all or nothing (api/domain/resource-transfer.ts).
import { z } from "zod";
import { serverTexts } from "../../db/schema/system.ts";
import { allLanguages } from "../system-config.ts";
import * as f from "../fields.ts";
import { AppError } from "../errors.ts";
import type { ResourceDescription } from "../resources.ts";
import type { TransferDescription } from "../resource-transfer.ts";
import * as serverLocalization from "../../contracts/admin/serverLocalization.ts";
import { SERVER_TEXT_COLUMNS } from "../../contracts/admin/serverLocalization.ts";

export const TEXT_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export const serverTextSchema = z.object({
  id: f.optional(f.id()),
  key: z.string().trim().regex(TEXT_KEY),
  // Blank texts are dropped: a language without a text is a missing translation.
  texts: z.preprocess(
    (v) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).filter(([, t]) => !(typeof t === "string" && t.trim() === "")))
        : v,
    z.record(z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/), z.string().max(5000)),
  ),
});

export const serverLocalizationArea: ResourceDescription = {
  name: "serverLocalization",
  base: "/admin/serverLocalization/",
  role: "operator",
  table: serverTexts,
  schema: serverTextSchema,
  columns: SERVER_TEXT_COLUMNS,
  page: serverLocalization.page,
  search: ["key", "texts"],
  actions: { add: "add", update: "update" },
  unique: ["key"],
  toRow: (i) => ({ ...i, texts: JSON.stringify(i.texts) }),
  fromRow: (r) => ({ ...r, texts: JSON.parse(r.texts as string) }),
  decorate: async (db, rows) => {
    const enabled = (await allLanguages(db)).filter((l) => l.enabled).map((l) => l.code);
    return rows.map((r) => ({ ...r, missing: enabled.filter((code) => !(r.texts as Record<string, string>)[code]) }));
  },
  pageData: async (db) => ({
    languages: (await allLanguages(db)).map(({ code, name, enabled, isDefault }) => ({
      code,
      name,
      enabled,
      isDefault,
    })),
  }),
  rules: {
    // A text only for a language the game has.
    save: async (tx, item) => {
      const known = new Set((await allLanguages(tx)).map((l) => l.code));
      const unknown = Object.keys(item.texts as Record<string, string>).find((code) => !known.has(code));
      if (unknown)
        throw new AppError("validation", "system.error.unknown_language", [unknown], 400, {
          [`texts.${unknown}`]: { id: "system.error.unknown_language", values: [unknown] },
        });
    },
  },
};

export const serverLocalizationTransfer: TransferDescription = {
  resource: serverLocalizationArea,
  key: "key",
  actions: { export: "export", import: "import" },
  csvColumns: async (db) => ["key", ...(await allLanguages(db)).map((l) => l.code)],
  flatten: (item) => ({ key: String(item.key), ...(item.texts as Record<string, string>) }),
  unflatten: ({ key, ...texts }) => ({ key, texts }),
};
