// /admin/chat (every room's messages, moderation, the live feed), /admin/chatClan (one clan's
// room) and /admin/player/{id}/chatHistory (what one player wrote). Moderation: post as the
// system, hide / show / delete a message, mute or unmute its author, edit the word filter; each
// is audited in its transaction and reaches readers through the chat events (domain/chat.ts).
import type { Hono } from "hono";
import { z } from "zod";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit } from "../../http/audit.ts";
import { notFound } from "../../domain/errors.ts";
import { resumeId } from "../../http/feed.ts";
import type { DbOrTx } from "../../db/index.ts";
import { clans } from "../../db/schema/clans.ts";
import { chatMutes } from "../../db/schema/community.ts";
import { players } from "../../db/schema/players.ts";
import * as chat from "../../domain/chat.ts";
import { chatHub } from "../../domain/chat-hub.ts";
import { chatStream } from "../../http/chat-feed.ts";
import { OPERATOR, SUPPORT, playerOr404, byPlayer } from "./shared.ts";

const room = () => z.string().trim().regex(chat.ROOM_PATTERN);
const listInput = z.object({
  room: f.optional(room()),
  playerId: f.optional(f.id()),
  q: f.optionalText(100),
  before: f.optional(f.id()),
  limit: f.optional(f.int(1, 200)).default(50),
});
const clanInput = z.object({
  clanId: f.id(),
  before: f.optional(f.id()),
  limit: f.optional(f.int(1, 200)).default(50),
});
const historyInput = z.object({
  playerId: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(50),
});
const streamInput = z.object({ room: f.optional(room()), after: f.optional(f.int(0)) });

export const setMessageInput = z.discriminatedUnion("action", [
  z.object({ action: z.literal("post"), room: room(), body: f.text(1, chat.MAX_LENGTH) }),
  z.object({ action: z.enum(["hide", "show", "delete"]), id: f.id() }),
  z.object({
    action: z.literal("mute"),
    playerId: f.optional(f.id()),
    id: f.optional(f.id()),
    minutes: f.int(1, chat.MAX_MUTE_MINUTES),
    reason: f.optionalText(200),
  }),
  z.object({ action: z.literal("unmute"), playerId: f.id() }),
  z.object({
    action: z.literal("words"),
    words: z.preprocess(
      (v) => (typeof v === "string" ? v.split(/[\n,]/) : v),
      z.array(z.string().trim().max(50)).max(500),
    ),
  }),
]);

/** Messages with their author's current state (muted until, banned). */
async function withAuthors(db: DbOrTx, rows: chat.ChatMessage[], now: number) {
  const ids = [...new Set(rows.map((r) => r.playerId).filter((x): x is number => x !== null))];
  const mutes = ids.length
    ? await db
        .select()
        .from(chatMutes)
        .where(and(inArray(chatMutes.playerId, ids), gt(chatMutes.until, now)))
    : [];
  const until = new Map(mutes.map((m) => [m.playerId, m.until]));
  return rows.map((r) => ({ ...r, mutedUntil: r.playerId !== null ? (until.get(r.playerId) ?? null) : null }));
}

/** The operators' chat feed (/admin/chat/stream/history): "ready" once open, then new messages and moderations. */
export type AdminChatEvents = { ready: undefined; message: chat.ChatMessage; status: chat.ChatMessage };

export function registerAdminChat(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/chat/", ...SUPPORT }, async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const mutes = await db
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
      .where(gt(chatMutes.until, now));
    return c.json({
      rooms: ["global:ru", "global:en"],
      words: await chat.listWords(db),
      mutes,
      limits: { maxLength: chat.MAX_LENGTH, ...chat.RATE },
    });
  });

  route(app, { method: "ANY", path: "/admin/chat/getMessages", ...SUPPORT }, { input: listInput }, async (c, v) => {
    const { db, clock } = c.var.deps;
    const rows = await chat.history(db, {
      room: v.room,
      playerId: v.playerId,
      q: v.q,
      before: v.before,
      limit: v.limit,
      all: true,
    });
    return c.json({
      rows: await withAuthors(db, rows, clock.now()),
      next: rows.length === v.limit ? rows[rows.length - 1].id : null,
    });
  });

  route(
    app,
    { method: "ANY", path: "/admin/chat/setMessage", ...OPERATOR, mutates: true },
    { input: setMessageInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const admin = ctx.actor.username;
      const at = clock.now();
      const result = await db.transaction(async (tx) => {
        switch (v.action) {
          case "post": {
            const m = await chat.postSystem(tx, { room: v.room, body: v.body, at });
            await audit(c, tx, {
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
            await audit(c, tx, {
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
            await audit(c, tx, {
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
            await audit(c, tx, {
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
            await audit(c, tx, {
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
      chatHub(db).poke();
      return c.json(result);
    },
  );

  // Every room live (or one), moderations included, for the operators' screen.
  route(
    app,
    { method: "ANY", path: "/admin/chat/stream/history", ...SUPPORT, kind: "stream" },
    { input: streamInput },
    async (c, v) => {
      return chatStream<AdminChatEvents>(c, v.room ? [v.room] : null, resumeId(c, v.after), (e) => ({
        event: e.kind === "message" ? "message" : "status",
        data: e.message,
      }));
    },
  );

  page(app, { path: "/admin/chatClan/", ...SUPPORT }, async (c) => {
    const db = c.var.deps.db;
    return c.json({
      clans: await db
        .select({ id: clans.id, name: clans.name, tag: clans.tag })
        .from(clans)
        .orderBy(clans.name)
        .limit(500),
    });
  });

  route(app, { method: "ANY", path: "/admin/chatClan/getMessages", ...SUPPORT }, { input: clanInput }, async (c, v) => {
    const { db, clock } = c.var.deps;
    const [clan] = await db
      .select({ id: clans.id, name: clans.name, tag: clans.tag })
      .from(clans)
      .where(eq(clans.id, v.clanId))
      .limit(1);
    if (!clan) throw notFound();
    const rows = await chat.history(db, { room: chat.clanRoom(clan.id), before: v.before, limit: v.limit, all: true });
    return c.json({
      clan,
      rows: await withAuthors(db, rows, clock.now()),
      next: rows.length === v.limit ? rows[rows.length - 1].id : null,
    });
  });

  page(app, { path: "/admin/player/:playerId{[0-9]+}/chatHistory", ...SUPPORT }, { params: byPlayer }, async (c, v) => {
    const { db, clock } = c.var.deps;
    const p = await playerOr404(db, v.playerId);
    return c.json({
      player: { id: p.id, nickname: p.nickname },
      total: await chat.countMessages(db, { playerId: p.id }),
      mute: await chat.muteOf(db, p.id, clock.now()),
    });
  });

  route(
    app,
    { method: "ANY", path: "/admin/player/:playerId{[0-9]+}/chatHistory/load", ...SUPPORT },
    { params: byPlayer, input: historyInput.omit({ playerId: true }) },
    async (c, v) => {
      const db = c.var.deps.db;
      const p = await playerOr404(db, v.playerId);
      const [rows, total] = await Promise.all([
        chat.historyPage(db, p.id, v.size, (v.page - 1) * v.size),
        chat.countMessages(db, { playerId: p.id }),
      ]);
      return c.json({ rows, total, page: v.page, size: v.size });
    },
  );
}
