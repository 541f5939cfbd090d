// /admin/notification/ (inbox pop-ups) and /admin/notificationChat/ (system messages in the game
// chat): one set of routes, registered once per channel. The rules live in domain/notifications.ts;
// every change is audited in its own transaction.
import { noAuditDue } from "../domain/context.ts";
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, like, or, sql } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import * as f from "../domain/fields.ts";
import { audit, pathAction, valuesOf } from "../http/audit.ts";
import { fieldError, notFound } from "../domain/errors.ts";
import { notifications, notificationContents, NOTIFICATION_STATUSES } from "../db/schema/notifications.ts";
import {
  changeStatus,
  checkContent,
  checkImport,
  contentFields,
  contentsOf,
  CONTENT_LANGS,
  EDITABLE,
  exportNotification,
  exportSchema,
  findNotification,
  insertDraft,
  reachOf,
  readCounts,
  mustBeEditable,
  notificationFields,
  toItem,
  toRow,
  TRANSITIONS,
  type Channel,
} from "../domain/notifications.ts";
import { diff } from "../domain/resources.ts";
import { detailsOf } from "../domain/audit-details.ts";
import "./notifications-messages.ts";

const O = { auth: "admin", role: "operator" } as const;
const SORTS = ["id", "name", "status", "startsAt", "endsAt", "updatedAt"] as const;
const listInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  sort: f.optional(z.enum(SORTS)).default("id"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  q: f.optionalText(100),
  status: f.optional(z.enum(NOTIFICATION_STATUSES)),
});
const idInput = z.object({ id: f.id() });
const statusInput = z.object({ id: f.id(), status: z.enum(NOTIFICATION_STATUSES) });
const removeContentInput = z.object({ notificationId: f.id(), lang: z.enum(CONTENT_LANGS) });
// The document arrives as JSON text, as an object (a JSON body), or as an uploaded file (FileImport).
const documentField = z.preprocess(async (v) => {
  let text = v;
  if (v instanceof Blob) text = v.size > 1_000_000 ? "" : await v.text();
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}, exportSchema);
const importInput = z.object({ data: documentField, preview: f.optional(f.bool()).default(false) });

export const CHANNEL_BASES: Record<Channel, string> = {
  inbox: "/admin/notification/",
  chat: "/admin/notificationChat/",
};

function registerChannel(app: Hono<HonoEnv>, channel: Channel) {
  const base = CHANNEL_BASES[channel];
  const target = channel === "inbox" ? "notification" : "notificationChat";
  const find = async (db: Parameters<typeof findNotification>[0], id: number) => {
    const row = await findNotification(db, channel, id);
    if (!row) throw notFound();
    return row;
  };

  page(app, { path: base, ...O }, async (c) =>
    c.json({
      channel,
      statuses: NOTIFICATION_STATUSES,
      transitions: TRANSITIONS,
      editable: EDITABLE,
      langs: CONTENT_LANGS,
    }),
  );

  route(app, { method: "ANY", path: `${base}load/list`, ...O }, { input: listInput }, async (c, q) => {
    const { db } = c.var.deps;
    const conds = [eq(notifications.channel, channel), q.status ? eq(notifications.status, q.status) : undefined];
    if (q.q) {
      const n = Number(q.q);
      conds.push(
        or(
          like(notifications.name, `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`),
          Number.isInteger(n) ? eq(notifications.id, n) : undefined,
        ),
      );
    }
    const where = and(...conds);
    const col = notifications[q.sort];
    const rows = await db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(q.dir === "desc" ? desc(col) : asc(col), asc(notifications.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [{ n }] = await db.select({ n: count() }).from(notifications).where(where);
    const counts = await readCounts(
      db,
      channel,
      rows.map((r) => r.id),
    );
    return c.json({
      rows: rows.map((r) => ({ ...toItem(r), ...(counts.get(r.id) ?? { delivered: 0, read: 0 }) })),
      total: n,
      page: q.page,
      size: q.size,
    });
  });

  route(app, { method: "ANY", path: `${base}load/notification`, ...O }, { input: idInput }, async (c, { id }) => {
    const { db } = c.var.deps;
    const row = await find(db, id);
    // Who it reaches: the matching players who would get it if activated now, those who have it
    // and those who read it.
    return c.json({ notification: toItem(row), contents: await contentsOf(db, id), ...(await reachOf(db, row)) });
  });

  route(
    app,
    { method: "ANY", path: `${base}save/notification`, ...O, mutates: true },
    { input: notificationFields },
    async (c, { id, ...item }) => {
      const { db, clock } = c.var.deps;
      const now = clock.now();
      const saved = await db.transaction(async (tx) => {
        if (id === undefined) {
          const created = await insertDraft(tx, channel, item, [], now);
          await audit(c, tx, {
            action: pathAction(`${base}save/notification`),
            targetType: target,
            targetId: created.id,
            summary: diff(undefined, item),
            details: detailsOf(undefined, item),
          });
          return created;
        }
        const before = await find(tx, id);
        mustBeEditable(before);
        const [after] = await tx
          .update(notifications)
          .set({ ...toRow(item), updatedAt: now })
          .where(eq(notifications.id, id))
          .returning();
        const { id: _i, ...old } = toItem(before);
        await audit(c, tx, {
          action: pathAction(`${base}save/notification`),
          targetType: target,
          targetId: id,
          summary: diff(old, item),
          details: detailsOf(old, item),
        });
        return after;
      });
      return c.json({ notification: toItem(saved), created: id === undefined });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}save/content`, ...O, mutates: true },
    { input: contentFields },
    async (c, v) => {
      checkContent(channel, v);
      const { db, clock } = c.var.deps;
      const row = {
        notificationId: v.notificationId,
        lang: v.lang,
        title: v.title ?? "",
        body: v.body,
        updatedAt: clock.now(),
      };
      await db.transaction(async (tx) => {
        mustBeEditable(await find(tx, v.notificationId));
        const [before] = await tx
          .select()
          .from(notificationContents)
          .where(and(eq(notificationContents.notificationId, v.notificationId), eq(notificationContents.lang, v.lang)))
          .limit(1);
        await tx
          .insert(notificationContents)
          .values(row)
          .onConflictDoUpdate({
            target: [notificationContents.notificationId, notificationContents.lang],
            set: { title: row.title, body: row.body, updatedAt: row.updatedAt },
          });
        await audit(c, tx, {
          action: pathAction(`${base}save/content`),
          targetType: target,
          targetId: v.notificationId,
          summary: `${v.lang}: ${diff(before && { title: before.title, body: before.body }, { title: row.title, body: row.body })}`,
          details: detailsOf(
            before && { title: before.title, body: before.body },
            { title: row.title, body: row.body },
            v.lang,
          ),
        });
      });
      return c.json({ content: row });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}save/status`, ...O, mutates: true },
    { input: statusInput },
    async (c, { id, status }) => {
      const { db, clock } = c.var.deps;
      const result = await db.transaction(async (tx) => {
        const before = await find(tx, id);
        const { delivered } = await changeStatus(tx, before, status, clock.now());
        await audit(c, tx, {
          action: pathAction(`${base}save/status`),
          targetType: target,
          targetId: id,
          summary: `status ${before.status} → ${status}${status === "active" ? `; delivered to ${delivered} players` : ""}`,
          details: {
            changes: [
              { field: "notificationStatus", before: before.status, after: status },
              ...(status === "active" ? [{ field: "delivered", after: delivered }] : []),
            ],
          },
        });
        return { delivered };
      });
      return c.json({ id, status, ...result });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}remove/notification`, ...O, mutates: true },
    { input: idInput },
    async (c, { id }) => {
      await c.var.deps.db.transaction(async (tx) => {
        const row = await find(tx, id);
        if (row.status === "active") mustBeEditable(row);
        // A paused one may still have read rows players keep; only unread ones are withdrawn.
        await tx.run(
          sql`delete from player_notifications where kind = ${channel === "inbox" ? "notification" : "chatNotification"} and json_extract(payload, '$.notificationId') = ${id} and read_at is null`,
        );
        await tx.delete(notificationContents).where(eq(notificationContents.notificationId, id));
        await tx.delete(notifications).where(eq(notifications.id, id));
        await audit(c, tx, {
          action: pathAction(`${base}remove/notification`),
          targetType: target,
          targetId: id,
          summary: `removed ${row.status} "${row.name}"`,
          details: {
            changes: [
              { field: "name", before: row.name },
              { field: "notificationStatus", before: row.status },
            ],
          },
        });
      });
      return c.json({ removed: id });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}remove/content`, ...O, mutates: true },
    { input: removeContentInput },
    async (c, v) => {
      await c.var.deps.db.transaction(async (tx) => {
        mustBeEditable(await find(tx, v.notificationId));
        const [row] = await tx
          .delete(notificationContents)
          .where(and(eq(notificationContents.notificationId, v.notificationId), eq(notificationContents.lang, v.lang)))
          .returning();
        if (!row) throw notFound();
        await audit(c, tx, {
          action: pathAction(`${base}remove/content`),
          targetType: target,
          targetId: v.notificationId,
          summary: `removed ${v.lang} content`,
          details: { scope: v.lang, changes: [] },
        });
      });
      return c.json({ removed: v });
    },
  );

  route(
    app,
    { method: "ANY", path: `${base}copy/notification`, ...O, mutates: true },
    { input: idInput },
    async (c, { id }) => {
      const { db, clock } = c.var.deps;
      const copy = await db.transaction(async (tx) => {
        const source = await find(tx, id);
        const { id: _i, status: _s, channel: _c, createdAt: _cr, updatedAt: _u, ...fields } = toItem(source);
        const contents = (await contentsOf(tx, id)).map((x) => ({ lang: x.lang, title: x.title, body: x.body }));
        const created = await insertDraft(
          tx,
          channel,
          { ...fields, name: `${source.name} (copy)`.slice(0, 200) },
          contents,
          clock.now(),
        );
        await audit(c, tx, {
          action: pathAction(`${base}copy/notification`),
          targetType: target,
          targetId: created.id,
          summary: `draft copy of #${id}`,
          details: valuesOf({ copyOf: id }),
        });
        return created;
      });
      return c.json({ notification: toItem(copy) });
    },
  );

  route(app, { method: "GET", path: `${base}export/:id{[0-9]+}`, ...O }, { params: idInput }, async (c, v) => {
    const id = v.id;
    const row = await find(c.var.deps.db, id);
    c.header("content-disposition", `attachment; filename="${target}-${id}.json"`);
    return c.json(await exportNotification(c.var.deps.db, row));
  });

  // GET previews only (a GET changes nothing); POST creates the imported notification as a draft
  // with its contents, all-or-nothing, unless asked only for a preview.
  route(
    app,
    { method: "GET|POST", path: `${base}import`, ...O, mutates: true },
    { input: importInput },
    async (c, { data, preview }, ctx) => {
      const bad = checkImport(channel, data);
      if (bad)
        throw fieldError({
          [`data.${bad}`]: { id: bad === "notification.endsAt" ? "validation.endBeforeStart" : "validation.pattern" },
        });
      const onlyPreview = preview || c.req.method === "GET";
      const summary = {
        name: data.notification.name,
        startsAt: data.notification.startsAt,
        endsAt: data.notification.endsAt,
        langs: data.contents.map((x) => x.lang),
      };
      if (onlyPreview) {
        noAuditDue(ctx);
        return c.json({ preview: true, creates: summary });
      }
      const { db, clock } = c.var.deps;
      const created = await db.transaction(async (tx) => {
        const created = await insertDraft(tx, channel, data.notification, data.contents, clock.now());
        await audit(c, tx, {
          action: pathAction(`${base}import`),
          targetType: target,
          targetId: created.id,
          summary: `imported "${data.notification.name}" as a draft (${summary.langs.join(", ") || "no content"})`,
          details: {
            created: true,
            changes: valuesOf({ name: data.notification.name, languages: summary.langs.join(", ") || "—" }).changes,
          },
        });
        return created;
      });
      return c.json({ preview: false, creates: summary, notification: toItem(created) });
    },
  );
}

export function registerAdminNotifications(app: Hono<HonoEnv>) {
  registerChannel(app, "inbox");
  registerChannel(app, "chat");
}
