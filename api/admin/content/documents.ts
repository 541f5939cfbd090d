// Whole-document content: the tank catalogue (/admin/tankData/) and all options
// (/admin/optionsData/), each as one versioned JSON document — its page, export, import (a
// preview of the difference per section, or all of it after a backup) and the backups (listed,
// taken, downloaded, restored). The rules: api/domain/content-documents.ts; the contracts:
// api/contracts/admin/{tankData,optionsData}.ts. /admin/api/tanksdb/get answers the tank database
// as the game client and battle servers read it.
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as adminApi from "../../contracts/admin/api.ts";
import * as tankData from "../../contracts/admin/tankData.ts";
import * as optionsData from "../../contracts/admin/optionsData.ts";
import {
  backUpDocument,
  backupDocument,
  currentDocument,
  type DocumentKind,
  documentBackups,
  documentOverview,
  importDocument,
  OPTIONS_DATA,
  restoreDocument,
  TANK_DATA,
  tanksDb,
} from "../../domain/content-documents.ts";
import { uploadedText } from "../resources/io.ts";

type Contracts = typeof tankData | typeof optionsData;

/** A document as a download: the browser saves it as a file. */
function asFile<T>(c: Context<HonoEnv>, doc: T, name: string): T {
  c.header("content-disposition", `attachment; filename="${name}.json"`);
  c.header("cache-control", "no-store");
  return doc;
}

function registerDocument(app: Hono<HonoEnv>, d: DocumentKind, k: Contracts) {
  page(app, k.page, (_c, _v, ctx) => documentOverview(ctx, d));

  if ("exportData" in k)
    route(app, k.exportData, async (c, _v, ctx) => {
      const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
      return asFile(c, (await currentDocument(ctx.db, d)) as never, `${d.kind}-${day}`);
    });

  route(app, k.importData, async (c, { apply }, ctx) =>
    importDocument({ ctx, input: { document: d, text: await uploadedText(c), apply, locale: c.var.locale } }),
  );

  // The kept backups, or one of them (?id=N) as a file; taking or restoring one is the POST.
  route(app, k.backups, async (c, q, ctx) => {
    if (q.id === undefined) return { backups: await documentBackups(ctx, d) };
    const b = await backupDocument(ctx, d, q.id);
    return asFile(c, b.document as never, `${d.kind}-backup-${b.id}`);
  });
  route(app, k.backUp, (c, q, ctx) =>
    q.restore === undefined
      ? backUpDocument({ ctx, input: { document: d, note: q.note } })
      : restoreDocument({ ctx, input: { document: d, backupId: q.restore, locale: c.var.locale } }),
  );
}

export function registerContentDocuments(app: Hono<HonoEnv>) {
  registerDocument(app, TANK_DATA, tankData);
  registerDocument(app, OPTIONS_DATA, optionsData);
  route(app, adminApi.tanksDb, async (c, { activeOnly }) => {
    const dbDoc = await tanksDb(c.var.deps.db, c.var.deps.clock.now());
    type Row = Record<string, unknown>;
    const active = <T extends Row>(rows: T[]) => (activeOnly ? rows.filter((r) => r.active !== false) : rows);
    return {
      tanks: active(dbDoc.tanks as Row[]),
      moduleTypes: active(dbDoc.moduleTypes as Row[]),
      moduleUpgrades: dbDoc.moduleUpgrades,
      camouflages: active(dbDoc.camouflages as Row[]),
      decals: active(dbDoc.decals as Row[]),
    };
  });
}
