// The player site's friends, chat, terms and app rating (routes the spec's screens imply but do
// not list; conformance.test.ts names each among its extras).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { AppError } from "../domain/errors.ts";
import { resumeId } from "../http/feed.ts";
import { blockedBy } from "../domain/blacklist.ts";
import * as friends from "../domain/friends.ts";
import * as chat from "../domain/chat.ts";
import * as terms from "../domain/terms.ts";
import { chatHub } from "../domain/chat-hub.ts";
import { chatStream } from "../http/chat-feed.ts";
import * as calls from "../contracts/public/community.ts";
import "./community-messages.ts";

/** A room's feed for players (/public/chat/stream): "ready" once open, new messages, messages taken down. */
export type ChatEvents = { ready: undefined; message: chat.ReaderMessage; remove: { id: number } };

export function registerCommunity(app: Hono<HonoEnv>) {
  const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

  route(app, calls.friends, async (c) => friends.friendsOf(c.var.deps.db, me(c)));
  route(app, calls.askFriend, async (c, v) =>
    friends.sendRequest(c.var.deps.db, { fromId: me(c), toId: v.playerId, at: c.var.deps.clock.now() }),
  );
  route(app, calls.acceptFriend, async (c, v) =>
    friends.acceptRequest(c.var.deps.db, { requestId: v.requestId, playerId: me(c), at: c.var.deps.clock.now() }),
  );
  route(app, calls.declineFriend, async (c, v) =>
    friends.declineRequest(c.var.deps.db, { requestId: v.requestId, playerId: me(c), at: c.var.deps.clock.now() }),
  );
  route(app, calls.removeFriend, async (c, v) =>
    friends.removeFriend(c.var.deps.db, { playerId: me(c), friendId: v.playerId }),
  );

  // A room's latest messages (the player's locale's global room unless asked), the rooms they may use and whether they are muted.
  route(app, calls.chatMessages, async (c, v) => {
    const { db, clock } = c.var.deps;
    const target = v.room ?? chat.globalRoom(c.var.locale);
    await chat.assertMayRead(db, me(c), target);
    const [rows, blocked, rooms, mute] = await Promise.all([
      chat.history(db, { room: target, before: v.before, limit: v.limit }),
      blockedBy(db, me(c)),
      chat.roomsOf(db, me(c)),
      chat.muteOf(db, me(c), clock.now()),
    ]);
    return {
      room: target,
      rooms,
      mute,
      limits: { maxLength: chat.MAX_LENGTH, ...chat.RATE },
      rows: rows.filter((m) => m.playerId === null || !blocked.has(m.playerId)).map(chat.forReader),
    };
  });

  route(app, calls.chatSend, async (c, v) => {
    const { db, clock } = c.var.deps;
    const m = await chat.postMessage(db, { playerId: me(c), room: v.room, body: v.body, at: clock.now() });
    chatHub(db).poke();
    c.status(201);
    return chat.forReader(m);
  });

  // Live: new messages ("message") and messages taken down ("remove") of one room.
  route(app, calls.chatStream, async (c, v) => {
    const db = c.var.deps.db;
    const target = v.room ?? chat.globalRoom(c.var.locale);
    await chat.assertMayRead(db, me(c), target);
    const blocked = await blockedBy(db, me(c));
    return chatStream<ChatEvents>(c, [target], resumeId(c, v.after), (e) => {
      if (e.kind === "hidden" || e.kind === "deleted") return { event: "remove", data: { id: e.message.id } };
      if (e.message.status !== "visible") return null;
      if (e.message.playerId !== null && blocked.has(e.message.playerId)) return null;
      return { event: "message", data: chat.forReader(e.message) };
    });
  });

  route(app, calls.termsState, async (c) => terms.termsOf(c.var.deps.db, me(c)));
  route(app, calls.acceptTerms, async (c, v) =>
    terms.acceptEula(c.var.deps.db, me(c), v.version, c.var.deps.clock.now()),
  );
  route(app, calls.rate, async (c, v) => {
    const { db, clock } = c.var.deps;
    const state = await terms.termsOf(db, me(c));
    if (!state.mayAskRating) throw new AppError("conflict", "terms.error.rated");
    return terms.rateApp(db, me(c), v.rating, clock.now());
  });
}
