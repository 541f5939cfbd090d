// Chat: one global room per locale (`global:ru`, `global:en`) and one room per clan (`clan:<id>`).
// A message passes the limits a live game's chat has before it is stored: a signed-in, unbanned,
// unmuted author; 1–300 characters; at most RATE.count messages per RATE.windowMs and one per
// RATE.gapMs; the clan room only for its members; the operators' words masked. Every new message
// and every moderation (hide, show, delete) is also a chat_events row: readers follow that one
// sequence (chat-hub.ts), so a hidden message leaves every reader's screen as fast as a new one
// arrives. Readers never see messages of players they blacklisted.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/index.ts";
import { chatEvents, chatMessages, chatMutes, chatWords, type CHAT_STATUSES } from "../db/schema/community.ts";
import { players } from "../db/schema/players.ts";
import { clanMembers } from "../db/schema/clans.ts";
import { AppError, fieldError, notFound } from "./errors.ts";

export const MAX_LENGTH = 300;
export const RATE = { count: 5, windowMs: 10_000, gapMs: 1_000 };
export const MAX_MUTE_MINUTES = 60 * 24 * 365;
export const ROOM_PATTERN = /^(global:(ru|en)|clan:[1-9][0-9]{0,15})$/;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export type ChatEventKind = "message" | "hidden" | "shown" | "deleted";

export interface ChatMessage {
  id: number;
  room: string;
  playerId: number | null;
  nickname: string;
  body: string;
  status: ChatStatus;
  createdAt: number;
  moderatedAt: number | null;
  moderatedBy: string | null;
}

/** A message as players read it: no moderation fields; the system's messages marked. */
export interface ReaderMessage
  extends Pick<ChatMessage, "id" | "room" | "playerId" | "nickname" | "body" | "createdAt"> {
  system: boolean;
}
export const forReader = (m: ChatMessage): ReaderMessage => ({
  id: m.id,
  room: m.room,
  playerId: m.playerId,
  nickname: m.nickname,
  body: m.body,
  createdAt: m.createdAt,
  system: m.playerId === null,
});

export interface ChatEvent {
  id: number;
  kind: ChatEventKind;
  room: string;
  message: ChatMessage;
}

export const globalRoom = (locale: string) => `global:${locale === "en" ? "en" : "ru"}`;
export const clanRoom = (clanId: number) => `clan:${clanId}`;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Masks every operator word (case-insensitive, as a whole word) with asterisks. */
export function maskWords(body: string, words: string[]): string {
  let out = body;
  for (const w of words) {
    if (!w) continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(w)}(?![\\p{L}\\p{N}])`, "giu");
    out = out.replace(re, (m) => "*".repeat([...m].length));
  }
  return out;
}

/** Trims, folds runs of spaces and drops control characters; refuses empty or too long text. */
export function cleanBody(raw: string): string {
  const body = raw
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is this line's job
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  if (!body) throw fieldError({ body: { id: "validation.required" } });
  if ([...body].length > MAX_LENGTH) throw fieldError({ body: { id: "validation.maxLength", values: [MAX_LENGTH] } });
  return body;
}

export async function listWords(db: DbOrTx): Promise<string[]> {
  return (await db.select({ word: chatWords.word }).from(chatWords).orderBy(asc(chatWords.word))).map((r) => r.word);
}

/** Replaces the word filter; answers what was added and removed. */
export async function setWords(
  tx: DbOrTx,
  words: string[],
  at: number,
): Promise<{ added: string[]; removed: string[] }> {
  const next = [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))];
  const before = await listWords(tx);
  const added = next.filter((w) => !before.includes(w));
  const removed = before.filter((w) => !next.includes(w));
  if (removed.length) await tx.delete(chatWords).where(inArray(chatWords.word, removed));
  if (added.length) await tx.insert(chatWords).values(added.map((word) => ({ word, createdAt: at })));
  return { added, removed };
}

export async function muteOf(
  db: DbOrTx,
  playerId: number,
  now: number,
): Promise<{ until: number; reason: string } | null> {
  const [m] = await db
    .select()
    .from(chatMutes)
    .where(and(eq(chatMutes.playerId, playerId), gt(chatMutes.until, now)))
    .limit(1);
  return m ? { until: m.until, reason: m.reason } : null;
}

/** The rooms a player may read and write: their locale's global room, the other one, and their clan's. */
export async function roomsOf(db: DbOrTx, playerId: number): Promise<{ global: string[]; clan: string | null }> {
  const [m] = await db
    .select({ clanId: clanMembers.clanId })
    .from(clanMembers)
    .where(eq(clanMembers.playerId, playerId))
    .limit(1);
  return { global: ["global:ru", "global:en"], clan: m ? clanRoom(m.clanId) : null };
}

export async function assertMayRead(db: DbOrTx, playerId: number, room: string) {
  if (room.startsWith("global:")) return;
  const { clan } = await roomsOf(db, playerId);
  if (clan !== room) throw new AppError("forbidden", "chat.error.not_member");
}

const toMessage = (r: typeof chatMessages.$inferSelect): ChatMessage => ({ ...r });

async function insertMessage(
  tx: DbOrTx,
  m: { room: string; playerId: number | null; nickname: string; body: string; at: number },
): Promise<ChatMessage> {
  const [row] = await tx
    .insert(chatMessages)
    .values({ room: m.room, playerId: m.playerId, nickname: m.nickname, body: m.body, createdAt: m.at })
    .returning();
  await tx.insert(chatEvents).values({ room: m.room, messageId: row.id, kind: "message", at: m.at });
  return toMessage(row);
}

/** A player's message, through every limit. */
export async function postMessage(
  db: Db,
  input: { playerId: number; room: string; body: string; at: number },
): Promise<ChatMessage> {
  const { playerId, room, at } = input;
  if (!ROOM_PATTERN.test(room)) throw fieldError({ room: { id: "validation.pattern" } });
  const body = cleanBody(input.body);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ nickname: players.nickname, bannedUntil: players.bannedUntil, erasedAt: players.erasedAt })
      .from(players)
      .where(eq(players.id, playerId))
      .limit(1);
    if (!p || p.erasedAt !== null) throw notFound();
    if (p.bannedUntil !== null && p.bannedUntil > at) throw new AppError("forbidden", "chat.error.banned");
    const mute = await muteOf(tx, playerId, at);
    if (mute)
      throw new AppError("forbidden", "chat.error.muted", [
        new Date(mute.until).toISOString().slice(0, 16).replace("T", " "),
      ]);
    await assertMayRead(tx, playerId, room);
    const recent = await tx
      .select({ at: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.playerId, playerId), gte(chatMessages.createdAt, at - RATE.windowMs)))
      .orderBy(desc(chatMessages.id))
      .limit(RATE.count);
    if (recent.length >= RATE.count || (recent[0] && at - recent[0].at < RATE.gapMs)) {
      const retry =
        recent.length >= RATE.count
          ? recent[recent.length - 1].at + RATE.windowMs - at
          : recent[0].at + RATE.gapMs - at;
      throw new AppError("rate_limited", "chat.error.too_fast", [], 429, undefined, {
        "Retry-After": String(Math.max(1, Math.ceil(retry / 1000))),
      });
    }
    return insertMessage(tx, { room, playerId, nickname: p.nickname, body: maskWords(body, await listWords(tx)), at });
  });
}

/** An operator's message, posted as the system (no author, no limits, no filter). */
export async function postSystem(tx: DbOrTx, input: { room: string; body: string; at: number }): Promise<ChatMessage> {
  return insertMessage(tx, {
    room: input.room,
    playerId: null,
    nickname: "",
    body: cleanBody(input.body),
    at: input.at,
  });
}

export async function messageById(db: DbOrTx, id: number): Promise<ChatMessage> {
  const [r] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  if (!r) throw notFound();
  return toMessage(r);
}

const ACTION_STATUS = { hide: "hidden", show: "visible", delete: "deleted" } as const;
const ACTION_EVENT = { hide: "hidden", show: "shown", delete: "deleted" } as const;

/** Hides, shows again or deletes (for good: the text is erased) a message; a no-op change is refused. */
export async function moderate(
  tx: DbOrTx,
  input: { messageId: number; action: keyof typeof ACTION_STATUS; admin: string; at: number },
): Promise<{ before: ChatStatus; message: ChatMessage }> {
  const m = await messageById(tx, input.messageId);
  if (m.status === "deleted") throw new AppError("conflict", "chat.error.deleted");
  const status = ACTION_STATUS[input.action];
  if (m.status === status) throw new AppError("conflict", "players.error.nothing_to_change");
  const [row] = await tx
    .update(chatMessages)
    .set({ status, moderatedAt: input.at, moderatedBy: input.admin, ...(status === "deleted" ? { body: "" } : {}) })
    .where(and(eq(chatMessages.id, m.id), eq(chatMessages.status, m.status)))
    .returning();
  if (!row) throw new AppError("conflict", "error.conflict");
  await tx.insert(chatEvents).values({ room: m.room, messageId: m.id, kind: ACTION_EVENT[input.action], at: input.at });
  return { before: m.status, message: toMessage(row) };
}

export async function mute(
  tx: DbOrTx,
  input: { playerId: number; minutes: number; reason: string; admin: string; at: number },
) {
  const until = input.at + input.minutes * 60_000;
  await tx
    .insert(chatMutes)
    .values({ playerId: input.playerId, until, reason: input.reason, byAdmin: input.admin, createdAt: input.at })
    .onConflictDoUpdate({
      target: chatMutes.playerId,
      set: { until, reason: input.reason, byAdmin: input.admin, createdAt: input.at },
    });
  return { playerId: input.playerId, until };
}

export async function unmute(tx: DbOrTx, playerId: number) {
  const gone = await tx.delete(chatMutes).where(eq(chatMutes.playerId, playerId)).returning({ p: chatMutes.playerId });
  if (gone.length === 0) throw new AppError("conflict", "players.error.nothing_to_change");
}

export interface HistoryQuery {
  room?: string;
  playerId?: number;
  before?: number;
  limit: number;
  /** Operators see hidden and deleted messages (marked); players only visible ones. */
  all?: boolean;
  q?: string;
}

/** Newest first, before an id (paging back). */
export async function history(db: DbOrTx, q: HistoryQuery): Promise<ChatMessage[]> {
  const where = and(
    q.room ? eq(chatMessages.room, q.room) : undefined,
    q.playerId !== undefined ? eq(chatMessages.playerId, q.playerId) : undefined,
    q.before !== undefined ? lt(chatMessages.id, q.before) : undefined,
    q.all ? undefined : eq(chatMessages.status, "visible"),
    q.q
      ? sql`lower(${chatMessages.body}) like ${`%${q.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`
      : undefined,
  );
  const rows = await db.select().from(chatMessages).where(where).orderBy(desc(chatMessages.id)).limit(q.limit);
  return rows.map(toMessage);
}

/** One player's messages, newest first, by page (operators: every status). */
export async function historyPage(db: DbOrTx, playerId: number, limit: number, offset: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.playerId, playerId))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toMessage);
}

export async function countMessages(db: DbOrTx, q: Omit<HistoryQuery, "limit" | "before">): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        q.room ? eq(chatMessages.room, q.room) : undefined,
        q.playerId !== undefined ? eq(chatMessages.playerId, q.playerId) : undefined,
      ),
    );
  return n;
}

/** Events after an id, with their messages, oldest first (what the hub and a resuming reader read). */
export async function eventsAfter(db: DbOrTx, after: number, limit: number, rooms?: string[]): Promise<ChatEvent[]> {
  const rows = await db
    .select({ e: chatEvents, m: chatMessages })
    .from(chatEvents)
    .innerJoin(chatMessages, eq(chatMessages.id, chatEvents.messageId))
    .where(and(gt(chatEvents.id, after), rooms ? inArray(chatEvents.room, rooms) : undefined))
    .orderBy(asc(chatEvents.id))
    .limit(limit);
  return rows.map(({ e, m }) => ({ id: e.id, kind: e.kind, room: e.room, message: toMessage(m) }));
}

export async function lastEventId(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ id: sql<number | null>`max(${chatEvents.id})` }).from(chatEvents);
  return Number(r?.id ?? 0);
}
