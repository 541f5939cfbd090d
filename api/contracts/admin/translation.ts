// /admin/translation/: the UI's texts as operators edit them (api/domain/ui-translations.ts). io is
// two contracts on one path: the texts of a locale (GET) and an operator's text saved (POST).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { ROW_STATUSES, TRANSLATION_SORTS, TRANSLATION_STATUSES, UI_LOCALES } from "../../domain/ui-translations.ts";
import { contract } from "../contract.ts";

const O = { auth: "admin", role: "operator" } as const;
const locale = z.enum(UI_LOCALES);
const status = z.enum(TRANSLATION_STATUSES);
/** By locale, by status: how many texts. */
const counts = z.record(z.string(), z.record(z.string(), z.int()));

export const page = contract({
  method: "ANY",
  path: "/admin/translation/",
  ...O,
  kind: "page",
  output: z.object({ locales: z.array(locale), statuses: z.array(status), counts }),
});

/** A locale's texts by status, paged and searched, with the counts. */
export const list = contract({
  method: "GET",
  path: "/admin/translation/io",
  ...O,
  query: z.object({
    locale: f.optional(locale).default("ru"),
    status: f.optional(status).default("all"),
    q: f.optionalText(100),
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
    sort: f.optional(z.enum(TRANSLATION_SORTS)).default("source"),
    dir: f.optional(z.enum(["asc", "desc"])).default("asc"),
  }),
  output: z.object({
    rows: z.array(
      z.object({
        key: z.string(),
        source: z.string(),
        projectText: z.string(),
        text: z.string().nullable(),
        updatedBy: z.string().nullable(),
        updatedAt: z.int(),
        status: z.enum(ROW_STATUSES),
      }),
    ),
    total: z.int(),
    page: z.int(),
    size: z.int(),
    counts,
  }),
});

/** An operator's text (empty: the project's again). */
export const save = contract({
  method: "POST",
  path: "/admin/translation/io",
  ...O,
  mutates: true,
  input: z.object({
    locale,
    key: f.text(1, 64),
    text: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().max(5000).nullable()),
  }),
  output: z.object({ key: z.string(), locale, text: z.string().nullable() }),
});

/** The project's catalogues in: how many texts were added, changed, removed and left. */
export const importFromProject = contract({
  method: "ANY",
  path: "/admin/translation/importFromProject",
  ...O,
  mutates: true,
  output: z.object({ added: z.int(), changed: z.int(), removed: z.int(), unchanged: z.int() }),
});

/** A locale's PO file (ui-{locale}.po). */
export const exportPo = contract({
  method: "ANY",
  path: "/admin/translation/export",
  ...O,
  input: z.object({ locale: f.optional(locale).default("ru") }),
  answers: ["file"],
});
