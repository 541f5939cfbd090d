// The operators' chat (/admin/chat, /admin/chatClan, /admin/player/{id}/chatHistory): the rooms'
// messages with their authors' mutes, the clans' rooms, one player's history, and the moderation
// — post as the system, hide / show / delete, mute or unmute, the word filter — each with its
// admin log row from the context's operator, in its transaction, then told to the readers
// (chat-hub.ts). The chat's own rules are chat.ts; the routes api/admin/players/chat.ts.
import { and, eq, gt, inArray } from "drizzle-orm";
import { clans } from "../db/schema/clans.ts";
import { chatMutes } from "../db/schema/community.ts";
import { players } from "../db/schema/players.ts";
import { notFound } from "./errors.ts";
import { audit } from "./audit.ts";
import { type AdminCtx, type Ctx, transact } from "./context.ts";
import * as chat from "./chat.ts";
import { chatHub } from "./chat-hub.ts";
import { playerOr404 } from "./players.ts";

/** The operators' chat feed (/admin/chat/stream/history): "ready" once open, then new messages and moderations. */
export type AdminChatEvents = { ready: undefined; message: chat.ChatMessage; status: chat.ChatMessage };

/** A room's page as operators read it: newest first, every status, with the authors' mutes now. */
async function roomPage(ctx: Ctx, q: chat.HistoryQuery) {
  const rows = await chat.history(ctx.db, { ...q, all: true });
  const ids = [...new Set(rows.map((r) => r.playerId).filter((x): x is number => x !== null))];
  const mutes = ids.length
    ? await ctx.db
        .select()
        .from(chatMutes)
        .where(and(inArray(chatMutes.playerId, ids), gt(chatMutes.until, ctx.clock.now())))
    : [];
  const until = new Map(mutes.map((m) => [m.playerId, m.until]));
  return {
    rows: rows.map((r) => ({ ...r, mutedUntil: r.playerId !== null ? (until.get(r.playerId) ?? null) : null })),
    next: rows.length === q.limit ? rows[rows.length - 1].id : null,
  };
}

/** The chat screen's head: the rooms, the word filter, who is muted now, the players' limits. */
export async function chatAdminHead({ ctx }: { ctx: Ctx }) {
  const mutes = await ctx.db
    .select({
      playerId: chatMutes.playerId,
      nickname: players.nickname,
      until: chatMutes.until,
      reason: chatMutes.reason,
      byAdmin: chatMutes.byAdmin,
      createdAt: chatMutes.createdAt,
    })
    .from(chatMutes)
    .innerJoin(players, eq(players.id, chatMutes.playerId))
    .where(gt(chatMutes.until, ctx.clock.now()));
  return {
    rooms: ["global:ru", "global:en"],
    words: await chat.listWords(ctx.db),
    mutes,
    limits: { maxLength: chat.MAX_LENGTH, ...chat.RATE },
  };
}

/** Messages of every room or one, of a player, containing words. */
export function chatAdminMessages({ ctx, input }: { ctx: Ctx; input: Omit<chat.HistoryQuery, "all"> }) {
  return roomPage(ctx, input);
}

/** The clans whose rooms operators may read (by name, the first 500). */
export async function clanRooms({ ctx }: { ctx: Ctx }) {
  return {
    clans: await ctx.db
      .select({ id: clans.id, name: clans.name, tag: clans.tag })
      .from(clans)
      .orderBy(clans.name)
      .limit(500),
  };
}

/** One clan's room. */
export async function clanRoomMessages({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { clanId: number; before?: number; limit: number };
}) {
  const [clan] = await ctx.db
    .select({ id: clans.id, name: clans.name, tag: clans.tag })
    .from(clans)
    .where(eq(clans.id, input.clanId))
    .limit(1);
  if (!clan) throw notFound();
  return { clan, ...(await roomPage(ctx, { room: chat.clanRoom(clan.id), before: input.before, limit: input.limit })) };
}

/** One player's chat: how many messages, their mute now. */
export async function playerChatHead({ ctx, input }: { ctx: Ctx; input: { playerId: number } }) {
  const p = await playerOr404(ctx.db, input.playerId);
  return {
    player: { id: p.id, nickname: p.nickname },
    total: await chat.countMessages(ctx.db, { playerId: p.id }),
    mute: await chat.muteOf(ctx.db, p.id, ctx.clock.now()),
  };
}

/** A page of one player's messages, newest first, every status. */
export async function playerChatPage({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { playerId: number; page: number; size: number };
}) {
  const p = await playerOr404(ctx.db, input.playerId);
  const [rows, total] = await Promise.all([
    chat.historyPage(ctx.db, p.id, input.size, (input.page - 1) * input.size),
    chat.countMessages(ctx.db, { playerId: p.id }),
  ]);
  return { rows, total, page: input.page, size: input.size };
}

export type Moderation =
  | { action: "post"; room: string; body: string }
  | { action: "hide" | "show" | "delete"; id: number }
  | { action: "mute"; playerId?: number; id?: number; minutes: number; reason?: string }
  | { action: "unmute"; playerId: number }
  | { action: "words"; words: string[] };

/** One moderation, audited in its transaction; the readers are told once it is committed. */
export async function moderateChat({ ctx, input: v }: { ctx: AdminCtx; input: Moderation }) {
  const admin = ctx.actor.username;
  const at = ctx.clock.now();
  const result = await transact(ctx, async (c) => {
    const tx = c.db;
    switch (v.action) {
      case "post": {
        const m = await chat.postSystem(tx, { room: v.room, body: v.body, at });
        await audit(c, {
          action: "chat.post",
          targetType: "chat_message",
          targetId: m.id,
          summary: `${v.room}: ${v.body.slice(0, 200)}`,
          details: {
            changes: [
              { field: "room", after: v.room },
              { field: "body", after: v.body.slice(0, 200) },
            ],
          },
        });
        return { message: m };
      }
      case "hide":
      case "show":
      case "delete": {
        const { before, message } = await chat.moderate(tx, { messageId: v.id, action: v.action, admin, at });
        await audit(c, {
          action: `chat.${v.action}`,
          targetType: "chat_message",
          targetId: message.id,
          summary: `${message.room} #${message.id} ${before} → ${message.status}`,
          details: {
            changes: [
              { field: "room", after: message.room },
              { field: "chatStatus", before, after: message.status },
            ],
          },
        });
        return { message };
      }
      case "mute": {
        const playerId = v.playerId ?? (v.id !== undefined ? (await chat.messageById(tx, v.id)).playerId : null);
        if (!playerId) throw notFound();
        await playerOr404(tx, playerId);
        const m = await chat.mute(tx, { playerId, minutes: v.minutes, reason: v.reason ?? "", admin, at });
        await audit(c, {
          action: "chat.mute",
          targetType: "player",
          targetId: playerId,
          summary: `muted for ${v.minutes} min${v.reason ? `: ${v.reason}` : ""}`,
          details: {
            changes: [
              { field: "mutedMinutes", after: v.minutes },
              ...(v.reason ? [{ field: "note", after: v.reason }] : []),
            ],
          },
        });
        return { mute: m };
      }
      case "unmute": {
        await playerOr404(tx, v.playerId);
        await chat.unmute(tx, v.playerId);
        await audit(c, {
          action: "chat.unmute",
          targetType: "player",
          targetId: v.playerId,
          summary: "unmuted",
          details: { changes: [] },
        });
        return { unmuted: v.playerId };
      }
      case "words": {
        const d = await chat.setWords(tx, v.words, at);
        await audit(c, {
          action: "chat.words",
          targetType: "chat_words",
          summary: `+[${d.added.join(", ")}] −[${d.removed.join(", ")}]`,
          details: {
            changes: [
              { field: "wordsAdded", after: d.added.join(", ") },
              { field: "wordsRemoved", after: d.removed.join(", ") },
            ],
          },
        });
        return { words: await chat.listWords(tx), ...d };
      }
    }
  });
  chatHub(ctx.db).poke();
  return result;
}
