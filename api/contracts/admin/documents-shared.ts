// The contracts of a whole-document content area (/admin/tankData/, /admin/optionsData/;
// api/domain/content-documents.ts): the page, export (tank data only), import and the backups —
// a GET that lists them or answers one as a file, and a POST that takes one or restores one.
// Only admins reach them.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";

const A = { auth: "admin", role: "admin" } as const;

const rows = z.array(z.record(z.string(), z.unknown()));
const sectionDiff = z.object({
  added: z.array(z.string()),
  changed: z.array(z.object({ key: z.string(), summary: z.string() })),
  removed: z.array(z.string()),
  unchanged: z.int(),
});
const changes = z.record(z.string(), sectionDiff);
const backup = z.object({
  id: z.int(),
  reason: z.string(),
  adminUsername: z.string(),
  /** How many rows each section held, as JSON ({"tanks":44,…}). */
  summary: z.string(),
  createdAt: z.int(),
});

/** The document as a file: its format, version 1 and each section's rows. */
function documentOf<K extends string>(kind: string, sections: readonly [K, ...K[]]) {
  return z.object({
    format: z.literal(`tankodrome.${kind}`),
    version: z.literal(1),
    ...(Object.fromEntries(sections.map((s) => [s, rows])) as Record<K, typeof rows>),
  });
}

export function documentContracts<P extends string, K extends string>(
  kind: "tankData" | "optionsData",
  base: P,
  sections: readonly [K, ...K[]],
) {
  const document = documentOf(kind, sections);
  return {
    page: contract({
      method: "ANY",
      path: base,
      ...A,
      kind: "page",
      summary: "How many rows each section holds, the sections and the kept backups.",
      output: z.object({
        kind: z.literal(kind),
        counts: z.record(z.string(), z.int()),
        sections: z.array(z.string()),
        backups: z.array(backup),
      }),
    }),
    exportData: contract({
      method: "ANY",
      path: `${base}exportData` as `${P}exportData`,
      ...A,
      summary: "The whole document as a JSON file (a download).",
      output: document,
    }),
    importData: contract({
      method: "ANY",
      path: `${base}importData` as `${P}importData`,
      ...A,
      mutates: true,
      summary:
        "A document file (multipart `file`, a `file` text field or the JSON body's `file`): without apply its difference per section; with apply it replaces the document, all or nothing, after a backup.",
      input: z.object({ apply: f.optional(f.bool()).default(false) }),
      output: z.object({ applied: z.boolean(), changes, backupId: z.int().optional() }),
    }),
    backups: contract({
      method: "GET",
      path: `${base}backUpData` as `${P}backUpData`,
      ...A,
      summary: "The kept backups, newest first; with id, that backup's document as a file.",
      query: z.object({ id: f.optional(f.id()) }),
      output: z.union([z.object({ backups: z.array(backup) }), document]),
    }),
    backUp: contract({
      method: "POST",
      path: `${base}backUpData` as `${P}backUpData`,
      ...A,
      mutates: true,
      summary:
        "Takes a backup of the current document (with a note), or restores the backup `restore` (the current one kept first).",
      input: z.object({ restore: f.optional(f.id()), note: f.optionalText(200) }),
      // The restore's answer first: a union takes the first member that reads it.
      output: z.union([z.object({ restored: z.int(), backupId: z.int(), changes }), z.object({ backupId: z.int() })]),
    }),
  };
}
