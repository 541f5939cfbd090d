// Notifications (in-game inbox and system chat): the rules of one notification — its schedule and
// audience, its contents per language, the status transitions — and its delivery.
//
// Delivery is materialised on activation: activating inserts one player_notifications row (kind
// "notification" or "chatNotification", the contents in the payload) for every player who matches
// the audience at that moment, in the same transaction; the player reads them where gifts appear
// (/public/profile/gift without a receiver) and the operator in /admin/playerLog/getNotification.
// Pausing or finishing withdraws the rows not read yet; re-activating adds rows only for players
// who have none. So activation is allowed only while the window is open (start ≤ now < end): a
// scheduled notification stays a draft until its start. Players who start matching later (a
// level-up, a new player) are not reached until the next activation — the trade for not
// re-evaluating every audience on every profile read.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { payerSql } from "./payers.ts";
import { AppError, fieldError } from "./errors.ts";
import { notifications, notificationContents } from "../db/schema/notifications.ts";
import {
  CONTENT_LANGS,
  EDITABLE,
  TRANSITIONS,
  type Channel,
  type ContentInput,
  type ExportDocument,
  type NotificationInput,
  type Status,
} from "./notification-fields.ts";

export * from "./notification-fields.ts";
export const PLAYER_KIND: Record<Channel, string> = { inbox: "notification", chat: "chatNotification" };

export type NotificationRow = typeof notifications.$inferSelect;

export function toItem(row: NotificationRow) {
  return {
    ...row,
    platforms: JSON.parse(row.platforms) as string[],
    countries: JSON.parse(row.countries) as string[],
    playerIds: JSON.parse(row.playerIds) as number[],
  };
}

export function toRow(n: Omit<NotificationInput, "id">) {
  return {
    ...n,
    platforms: JSON.stringify(n.platforms),
    countries: JSON.stringify(n.countries),
    playerIds: JSON.stringify(n.playerIds),
    audienceId: n.audienceId ?? null,
  };
}

export async function findNotification(db: DbOrTx, channel: Channel, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.channel, channel)))
    .limit(1);
  return row;
}

export async function contentsOf(db: DbOrTx, id: number) {
  return db
    .select()
    .from(notificationContents)
    .where(eq(notificationContents.notificationId, id))
    .orderBy(asc(notificationContents.lang));
}

export function mustBeEditable(row: NotificationRow) {
  if (!EDITABLE.includes(row.status)) throw new AppError("conflict", "notification.notEditable");
}

/** A chat notification has no title; an inbox one needs it. */
export function checkContent(channel: Channel, c: ContentInput) {
  if (channel === "inbox" && !c.title) throw fieldError({ title: { id: "validation.required" } });
  if (channel === "chat" && c.title) throw fieldError({ title: { id: "notification.chatNoTitle" } });
}

/** Where players match the audience, as SQL over `players`. */
function audienceWhere(n: NotificationRow) {
  const item = toItem(n);
  const conds = [sql`p.erased_at is null`, sql`p.level between ${n.levelMin} and ${n.levelMax}`];
  if (item.platforms.length) conds.push(sql`p.platform in (select value from json_each(${n.platforms}))`);
  if (item.countries.length) conds.push(sql`p.country in (select value from json_each(${n.countries}))`);
  if (item.playerIds.length) conds.push(sql`p.id in (select value from json_each(${n.playerIds}))`);
  if (n.audienceId !== null)
    conds.push(
      sql`p.id in (select m.player_id from audience_members m where m.audience_id = ${n.audienceId} and m.exited_at is null)`,
    );
  const paid = payerSql(sql`p.id`);
  if (n.payers === "payers") conds.push(paid);
  if (n.payers === "nonPayers") conds.push(sql`not ${paid}`);
  return sql.join(conds, sql` and `);
}

const mineSql = (n: Pick<NotificationRow, "id" | "channel">) =>
  sql`kind = ${PLAYER_KIND[n.channel]} and json_extract(payload, '$.notificationId') = ${n.id}`;

/**
 * Who a notification reaches: `audience` — the players matching it now who do not have it yet
 * (what activating it would deliver, counted by the same rule); `delivered` and `read` — the
 * players who have it and who opened it.
 */
export async function reachOf(db: DbOrTx, n: NotificationRow) {
  const [[audience], [had]] = await Promise.all([
    db.values<[number]>(sql`select count(*) from players p where ${audienceWhere(n)}
      and not exists (select 1 from player_notifications pn where pn.player_id = p.id and ${mineSql(n)})`),
    db.values<[number, number]>(sql`select count(*), count(read_at) from player_notifications where ${mineSql(n)}`),
  ]);
  return { audience: Number(audience[0]), delivered: Number(had[0]), read: Number(had[1]) };
}

/** Delivered and read counts of several notifications of one channel (the list's columns). */
export async function readCounts(db: DbOrTx, channel: Channel, ids: number[]) {
  const out = new Map<number, { delivered: number; read: number }>();
  if (!ids.length) return out;
  const rows = await db.values<[number, number, number]>(
    sql`select json_extract(payload, '$.notificationId') as id, count(*), count(read_at) from player_notifications
      where kind = ${PLAYER_KIND[channel]} and json_extract(payload, '$.notificationId') in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) group by 1`,
  );
  // By position: rows are arrays on bun:sqlite and array-like (not iterable) on @libsql/client.
  for (const r of rows) out.set(Number(r[0]), { delivered: Number(r[1]), read: Number(r[2]) });
  return out;
}

/** Moves a notification to `to` (refusing moves TRANSITIONS does not allow) and delivers or withdraws it. */
export async function changeStatus(tx: DbOrTx, n: NotificationRow, to: Status, now: number) {
  if (!TRANSITIONS[n.status].includes(to)) throw new AppError("conflict", `notification.to.${to}`);
  const kind = PLAYER_KIND[n.channel];
  const mine = sql`kind = ${kind} and json_extract(payload, '$.notificationId') = ${n.id}`;
  let delivered = 0;
  if (to === "active") {
    if (now < n.startsAt || now >= n.endsAt) throw new AppError("conflict", "notification.outsideWindow");
    const contents = await contentsOf(tx, n.id);
    const missing = CONTENT_LANGS.filter((l) => !contents.some((c) => c.lang === l));
    if (missing.length) throw new AppError("conflict", "notification.missingContent", { langs: missing.join(", ") });
    const payload = JSON.stringify({
      notificationId: n.id,
      channel: n.channel,
      endsAt: n.endsAt,
      contents: Object.fromEntries(contents.map((c) => [c.lang, { title: c.title, body: c.body }])),
    });
    const res = await tx.run(sql`insert into player_notifications (player_id, kind, payload, created_at)
      select p.id, ${kind}, ${payload}, ${now} from players p
      where ${audienceWhere(n)} and not exists (select 1 from player_notifications pn where pn.player_id = p.id and pn.kind = ${kind} and json_extract(pn.payload, '$.notificationId') = ${n.id})`);
    delivered = res.rowsAffected;
  } else {
    await tx.run(sql`delete from player_notifications where ${mine} and read_at is null`);
  }
  await tx.update(notifications).set({ status: to, updatedAt: now }).where(eq(notifications.id, n.id));
  return { delivered };
}

export async function exportNotification(db: DbOrTx, n: NotificationRow): Promise<ExportDocument> {
  const item = toItem(n);
  return {
    format: "tankodrome.notification",
    version: 1,
    channel: n.channel,
    notification: {
      name: n.name,
      startsAt: n.startsAt,
      endsAt: n.endsAt,
      levelMin: n.levelMin,
      levelMax: n.levelMax,
      platforms: item.platforms,
      countries: item.countries,
      payers: n.payers,
      playerIds: item.playerIds,
    },
    contents: (await contentsOf(db, n.id)).map((c) => ({ lang: c.lang, title: c.title, body: c.body })),
  };
}

/** Checks an import document against the rules a save would apply; answers the bad field's path. */
export function checkImport(channel: Channel, doc: ExportDocument): string | undefined {
  if (doc.channel !== channel) return "channel";
  if (doc.notification.endsAt <= doc.notification.startsAt) return "notification.endsAt";
  if (doc.notification.levelMax < doc.notification.levelMin) return "notification.levelMax";
  const langs = new Set<string>();
  for (const [i, c] of doc.contents.entries()) {
    if (langs.has(c.lang)) return `contents.${i}.lang`;
    langs.add(c.lang);
    if ((channel === "inbox") !== (c.title.trim() !== "")) return `contents.${i}.title`;
  }
  return undefined;
}

/** Inserts a draft with its contents (copy and import); the caller audits. */
export async function insertDraft(
  tx: DbOrTx,
  channel: Channel,
  n: Omit<NotificationInput, "id">,
  contents: { lang: "ru" | "en"; title: string; body: string }[],
  now: number,
) {
  const [created] = await tx
    .insert(notifications)
    .values({ ...toRow(n), channel, status: "draft", createdAt: now, updatedAt: now })
    .returning();
  for (const c of contents)
    await tx
      .insert(notificationContents)
      .values({ notificationId: created.id, lang: c.lang, title: c.title, body: c.body, updatedAt: now });
  return created;
}
