// The operators' notifications (/admin/notification/ and /admin/notificationChat/): the list, one
// notification with whom it reaches, its saves, status moves, removal, copy, export and import —
// each change with its admin log row from the context's operator, in its transaction. The rules
// of one notification (audience, delivery, transitions) are notifications.ts; the routes are
// api/admin/notifications.ts.
import { and, asc, count, desc, eq, like, or, sql } from "drizzle-orm";
import { notificationContents, notifications } from "../db/schema/notifications.ts";
import { fieldError, notFound } from "./errors.ts";
import { audit, detailsOf, pathAction, valuesOf } from "./audit.ts";
import { type AdminCtx, type Ctx, noAuditDue, transact } from "./context.ts";
import { diff } from "./resources.ts";
import { audienceExists } from "./audiences/members.ts";
import {
  type Channel,
  type ContentInput,
  type ExportDocument,
  type NotificationInput,
  type NotificationRow,
  type Status,
  changeStatus,
  checkContent,
  checkImport,
  contentsOf,
  exportNotification,
  findNotification,
  insertDraft,
  mustBeEditable,
  PLAYER_KIND,
  reachOf,
  readCounts,
  toItem,
  toRow,
} from "./notifications.ts";

/** The channel's base path: its routes, and the admin log's actions (the route's own path). */
export const CHANNEL_BASES: Record<Channel, "/admin/notification/" | "/admin/notificationChat/"> = {
  inbox: "/admin/notification/",
  chat: "/admin/notificationChat/",
};
const targetOf = (channel: Channel) => (channel === "inbox" ? "notification" : "notificationChat");
const actionOf = (channel: Channel, route: string) => pathAction(`${CHANNEL_BASES[channel]}${route}`);

/** A channel's notification, or 404. */
async function mustFind(ctx: Ctx, channel: Channel, id: number): Promise<NotificationRow> {
  const row = await findNotification(ctx.db, channel, id);
  if (!row) throw notFound();
  return row;
}

export interface ListQuery {
  page: number;
  size: number;
  sort: "id" | "name" | "status" | "startsAt" | "endsAt" | "updatedAt";
  dir: "asc" | "desc";
  q?: string;
  status?: Status;
}

/** A page of a channel's notifications (a name's words or an id, a status), with delivered and read counts. */
export async function notificationList({ ctx, input: q }: { ctx: Ctx; input: ListQuery & { channel: Channel } }) {
  const { db } = ctx;
  const conds = [eq(notifications.channel, q.channel), q.status ? eq(notifications.status, q.status) : undefined];
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
    q.channel,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({ ...toItem(r), ...(counts.get(r.id) ?? { delivered: 0, read: 0 }) })),
    total: n,
    page: q.page,
    size: q.size,
  };
}

/**
 * One notification with its texts and whom it reaches: the matching players who would get it if
 * activated now, those who have it and those who read it.
 */
export async function notificationOf({ ctx, input }: { ctx: Ctx; input: { channel: Channel; id: number } }) {
  const row = await mustFind(ctx, input.channel, input.id);
  return { notification: toItem(row), contents: await contentsOf(ctx.db, row.id), ...(await reachOf(ctx.db, row)) };
}

/** Creates a draft (no id) or changes an editable one. */
export function saveNotification({
  ctx,
  input: { channel, id, ...item },
}: {
  ctx: AdminCtx;
  input: NotificationInput & { channel: Channel };
}) {
  return transact(ctx, async (c) => {
    const now = ctx.clock.now();
    if (item.audienceId !== undefined && !(await audienceExists(c.db, item.audienceId)))
      throw fieldError({ audienceId: { id: "audience.unknown" } });
    const entry = { action: actionOf(channel, "save/notification"), targetType: targetOf(channel) };
    if (id === undefined) {
      const created = await insertDraft(c.db, channel, item, [], now);
      await audit(c, {
        ...entry,
        targetId: created.id,
        summary: diff(undefined, item),
        details: detailsOf(undefined, item),
      });
      return { notification: toItem(created), created: true };
    }
    const before = await mustFind(c, channel, id);
    mustBeEditable(before);
    const [after] = await c.db
      .update(notifications)
      .set({ ...toRow(item), updatedAt: now })
      .where(eq(notifications.id, id))
      .returning();
    const { id: _i, ...old } = toItem(before);
    await audit(c, { ...entry, targetId: id, summary: diff(old, item), details: detailsOf(old, item) });
    return { notification: toItem(after), created: false };
  });
}

/** Writes one language's text of an editable notification (a chat one has no title). */
export function saveNotificationContent({
  ctx,
  input: v,
}: {
  ctx: AdminCtx;
  input: ContentInput & { channel: Channel };
}) {
  checkContent(v.channel, v);
  const row = {
    notificationId: v.notificationId,
    lang: v.lang,
    title: v.title ?? "",
    body: v.body,
    updatedAt: ctx.clock.now(),
  };
  return transact(ctx, async (c) => {
    mustBeEditable(await mustFind(c, v.channel, v.notificationId));
    const [before] = await c.db
      .select()
      .from(notificationContents)
      .where(and(eq(notificationContents.notificationId, v.notificationId), eq(notificationContents.lang, v.lang)))
      .limit(1);
    await c.db
      .insert(notificationContents)
      .values(row)
      .onConflictDoUpdate({
        target: [notificationContents.notificationId, notificationContents.lang],
        set: { title: row.title, body: row.body, updatedAt: row.updatedAt },
      });
    const old = before && { title: before.title, body: before.body };
    const now = { title: row.title, body: row.body };
    await audit(c, {
      action: actionOf(v.channel, "save/content"),
      targetType: targetOf(v.channel),
      targetId: v.notificationId,
      summary: `${v.lang}: ${diff(old, now)}`,
      details: detailsOf(old, now, v.lang),
    });
    return { content: row };
  });
}

/** Moves a notification to another status: activating delivers it, pausing or finishing withdraws the unread. */
export function setNotificationStatus({
  ctx,
  input: { channel, id, status },
}: {
  ctx: AdminCtx;
  input: { channel: Channel; id: number; status: Status };
}) {
  return transact(ctx, async (c) => {
    const before = await mustFind(c, channel, id);
    const { delivered } = await changeStatus(c.db, before, status, ctx.clock.now());
    await audit(c, {
      action: actionOf(channel, "save/status"),
      targetType: targetOf(channel),
      targetId: id,
      summary: `status ${before.status} → ${status}${status === "active" ? `; delivered to ${delivered} players` : ""}`,
      details: {
        changes: [
          { field: "notificationStatus", before: before.status, after: status },
          ...(status === "active" ? [{ field: "delivered", after: delivered }] : []),
        ],
      },
    });
    return { id, status, delivered };
  });
}

/** Removes a notification that is not active, its texts and the players' unread copies. */
export function removeNotification({
  ctx,
  input: { channel, id },
}: {
  ctx: AdminCtx;
  input: { channel: Channel; id: number };
}) {
  return transact(ctx, async (c) => {
    const row = await mustFind(c, channel, id);
    if (row.status === "active") mustBeEditable(row);
    // A paused one may still have read rows players keep; only unread ones are withdrawn.
    await c.db.run(
      sql`delete from player_notifications where kind = ${PLAYER_KIND[channel]} and json_extract(payload, '$.notificationId') = ${id} and read_at is null`,
    );
    await c.db.delete(notificationContents).where(eq(notificationContents.notificationId, id));
    await c.db.delete(notifications).where(eq(notifications.id, id));
    await audit(c, {
      action: actionOf(channel, "remove/notification"),
      targetType: targetOf(channel),
      targetId: id,
      summary: `removed ${row.status} "${row.name}"`,
      details: {
        changes: [
          { field: "name", before: row.name },
          { field: "notificationStatus", before: row.status },
        ],
      },
    });
    return { removed: id };
  });
}

/** Removes one language's text of an editable notification. */
export function removeNotificationContent({
  ctx,
  input: { channel, notificationId, lang },
}: {
  ctx: AdminCtx;
  input: { channel: Channel; notificationId: number; lang: "ru" | "en" };
}) {
  return transact(ctx, async (c) => {
    mustBeEditable(await mustFind(c, channel, notificationId));
    const [row] = await c.db
      .delete(notificationContents)
      .where(and(eq(notificationContents.notificationId, notificationId), eq(notificationContents.lang, lang)))
      .returning();
    if (!row) throw notFound();
    await audit(c, {
      action: actionOf(channel, "remove/content"),
      targetType: targetOf(channel),
      targetId: notificationId,
      summary: `removed ${lang} content`,
      details: { scope: lang, changes: [] },
    });
    return { removed: { notificationId, lang } };
  });
}

/** A draft copy of a notification with its texts. */
export function copyNotification({
  ctx,
  input: { channel, id },
}: {
  ctx: AdminCtx;
  input: { channel: Channel; id: number };
}) {
  return transact(ctx, async (c) => {
    const source = await mustFind(c, channel, id);
    const { id: _i, status: _s, channel: _c, createdAt: _cr, updatedAt: _u, ...fields } = toItem(source);
    const contents = (await contentsOf(c.db, id)).map((x) => ({ lang: x.lang, title: x.title, body: x.body }));
    const created = await insertDraft(
      c.db,
      channel,
      { ...fields, audienceId: fields.audienceId ?? undefined, name: `${source.name} (copy)`.slice(0, 200) },
      contents,
      ctx.clock.now(),
    );
    await audit(c, {
      action: actionOf(channel, "copy/notification"),
      targetType: targetOf(channel),
      targetId: created.id,
      summary: `draft copy of #${id}`,
      details: valuesOf({ copyOf: id }),
    });
    return { notification: toItem(created) };
  });
}

/** The document of one notification (what import reads back). */
export async function notificationExport({ ctx, input }: { ctx: Ctx; input: { channel: Channel; id: number } }) {
  return exportNotification(ctx.db, await mustFind(ctx, input.channel, input.id));
}

/** Checks an exported document and, unless only a preview is asked, creates it as a draft with its texts. */
export async function importNotification({
  ctx,
  input: { channel, data, preview },
}: {
  ctx: AdminCtx;
  input: { channel: Channel; data: ExportDocument; preview: boolean };
}) {
  const bad = checkImport(channel, data);
  if (bad)
    throw fieldError({
      [`data.${bad}`]: { id: bad === "notification.endsAt" ? "validation.endBeforeStart" : "validation.pattern" },
    });
  const creates = {
    name: data.notification.name,
    startsAt: data.notification.startsAt,
    endsAt: data.notification.endsAt,
    langs: data.contents.map((x) => x.lang),
  };
  if (preview) {
    noAuditDue(ctx);
    return { preview: true, creates };
  }
  const created = await transact(ctx, async (c) => {
    const created = await insertDraft(c.db, channel, data.notification, data.contents, ctx.clock.now());
    await audit(c, {
      action: actionOf(channel, "import"),
      targetType: targetOf(channel),
      targetId: created.id,
      summary: `imported "${data.notification.name}" as a draft (${creates.langs.join(", ") || "no content"})`,
      details: {
        created: true,
        changes: valuesOf({ name: data.notification.name, languages: creates.langs.join(", ") || "—" }).changes,
      },
    });
    return created;
  });
  return { preview: false, creates, notification: toItem(created) };
}
