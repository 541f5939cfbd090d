// The player's inbox on the site: operators' notifications delivered to them (kind "notification"
// in player_notifications, written on activation by api/domain/notifications.ts), newest first,
// in the player's page language, and marking them read.
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { playerNotifications } from "../db/schema/social.ts";

export const INBOX_SHOWN = 20;

interface Delivered {
  notificationId: number;
  endsAt?: number;
  contents: Record<string, { title?: string; body: string }>;
}

export async function inboxOf(db: Db, playerId: number, locale: "ru" | "en") {
  const rows = await db
    .select()
    .from(playerNotifications)
    .where(and(eq(playerNotifications.playerId, playerId), eq(playerNotifications.kind, "notification")))
    .orderBy(desc(playerNotifications.id))
    .limit(INBOX_SHOWN);
  const [unread] = await db
    .select({ n: sql<number>`count(*)` })
    .from(playerNotifications)
    .where(
      and(
        eq(playerNotifications.playerId, playerId),
        eq(playerNotifications.kind, "notification"),
        isNull(playerNotifications.readAt),
      ),
    );
  const items = rows.map((r) => {
    const p = JSON.parse(r.payload) as Delivered;
    // The page's language when the operator wrote it, else the other one (activation requires both).
    const c = p.contents?.[locale] ?? Object.values(p.contents ?? {})[0] ?? { title: "", body: "" };
    return { id: r.id, title: c.title ?? "", body: c.body, createdAt: r.createdAt, read: r.readAt !== null };
  });
  return { items, unread: unread.n };
}

/** Marks the player's own notifications read; ids of other players' rows are ignored. Returns how many changed. */
export async function markRead(db: Db, playerId: number, ids: number[], at: number): Promise<number> {
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
