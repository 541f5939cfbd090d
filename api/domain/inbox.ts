// The player's inbox on the site: operators' notifications delivered to them (kind "notification"
// in player_notifications, written on activation by api/domain/notifications.ts), newest first,
// in the player's page language, and marking them read.
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/index.ts";
import { playerNotifications } from "../db/schema/social.ts";
import { preparedOnce } from "../db/prepared.ts";

export const INBOX_SHOWN = 20;

interface Delivered {
  notificationId: number;
  endsAt?: number;
  contents: Record<string, { title?: string; body: string }>;
}

/** The inbox's statements: the latest delivered notifications, and how many are unread. */
export const inboxStatements = preparedOnce((db) => {
  const mine = and(
    eq(playerNotifications.playerId, sql.placeholder("playerId")),
    eq(playerNotifications.kind, "notification"),
  );
  return {
    latest: db
      .select({
        id: playerNotifications.id,
        payload: playerNotifications.payload,
        createdAt: playerNotifications.createdAt,
        readAt: playerNotifications.readAt,
      })
      .from(playerNotifications)
      .where(mine)
      .orderBy(desc(playerNotifications.id))
      .limit(INBOX_SHOWN)
      .prepare(),
    unread: db
      .select({ n: sql<number>`count(*)` })
      .from(playerNotifications)
      .where(and(mine, isNull(playerNotifications.readAt)))
      .prepare(),
  };
});

export async function inboxOf(db: Db, playerId: number, locale: "ru" | "en") {
  const st = inboxStatements(db);
  const rows = await st.latest.all({ playerId });
  const unread = await st.unread.get({ playerId });
  const items = rows.map((r) => {
    const p = JSON.parse(r.payload) as Delivered;
    // The page's language when the operator wrote it, else the other one (activation requires both).
    const c = p.contents?.[locale] ?? Object.values(p.contents ?? {})[0] ?? { title: "", body: "" };
    return { id: r.id, title: c.title ?? "", body: c.body, createdAt: r.createdAt, read: r.readAt !== null };
  });
  return { items, unread: unread?.n ?? 0 };
}

/** Marks the player's own notifications read; ids of other players' rows are ignored. Returns how many changed. */
export async function markRead(db: DbOrTx, playerId: number, ids: number[], at: number): Promise<number> {
  const changed = await db
    .update(playerNotifications)
    .set({ readAt: at })
    .where(
      and(
        eq(playerNotifications.playerId, playerId),
        inArray(playerNotifications.id, ids),
        isNull(playerNotifications.readAt),
      ),
    )
    .returning({ id: playerNotifications.id });
  return changed.length;
}

/**
 * The player's notifications that have not ended (the hangar's list), newest first: each in the
 * player's language, read or not; `unreadOnly` leaves the read ones out.
 */
export async function liveInbox(db: DbOrTx, playerId: number, locale: "ru" | "en", now: number, unreadOnly: boolean) {
  const endsAt = sql`json_extract(${playerNotifications.payload}, '$.endsAt')`;
  const mine = and(
    eq(playerNotifications.playerId, playerId),
    eq(playerNotifications.kind, "notification"),
    or(sql`${endsAt} is null`, sql`${endsAt} > ${now}`),
  );
  const rows = await db
    .select()
    .from(playerNotifications)
    .where(and(mine, unreadOnly ? isNull(playerNotifications.readAt) : undefined))
    .orderBy(desc(playerNotifications.id))
    .limit(INBOX_SHOWN);
  const [unread] = await db
    .select({ n: sql<number>`count(*)` })
    .from(playerNotifications)
    .where(and(mine, isNull(playerNotifications.readAt)));
  const items = rows.map((r) => {
    const p = JSON.parse(r.payload) as Delivered;
    const c = p.contents?.[locale] ?? Object.values(p.contents ?? {})[0] ?? { title: "", body: "" };
    return {
      id: r.id,
      notificationId: p.notificationId,
      title: c.title ?? "",
      body: c.body,
      createdAt: r.createdAt,
      endsAt: p.endsAt ?? null,
      read: r.readAt !== null,
    };
  });
  return { items, unread: Number(unread.n) };
}
