// /admin/chat (every room's messages, moderation, the live feed), /admin/chatClan (one clan's
// room) and /admin/player/{id}/chatHistory (what one player wrote). Each route is one call on its
// contract (api/contracts/admin/chat.ts, chatClan.ts, player/chatHistory.ts); the moderation and
// the reads are api/domain/chat-admin.ts (each change audited in its transaction, then told to
// readers through the chat events).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { resumeId } from "../../http/feed.ts";
import { chatStream } from "../../http/chat-feed.ts";
import {
  type AdminChatEvents,
  chatAdminHead,
  chatAdminMessages,
  clanRoomMessages,
  clanRooms,
  moderateChat,
  playerChatHead,
  playerChatPage,
} from "../../domain/chat-admin.ts";
import * as chat from "../../contracts/admin/chat.ts";
import * as chatClan from "../../contracts/admin/chatClan.ts";
import * as history from "../../contracts/admin/player/chatHistory.ts";

export function registerAdminChat(app: Hono<HonoEnv>) {
  page(app, chat.page, (_c, _v, ctx) => chatAdminHead({ ctx }));
  route(app, chat.messages, (_c, input, ctx) => chatAdminMessages({ ctx, input }));
  route(app, chat.setMessage, (_c, input, ctx) => moderateChat({ ctx, input }));
  // Every room live (or one), moderations included, for the operators' screen.
  route(app, chat.stream, (c, v) =>
    chatStream<AdminChatEvents>(c, v.room ? [v.room] : null, resumeId(c, v.after), (e) => ({
      event: e.kind === "message" ? "message" : "status",
      data: e.message,
    })),
  );
  page(app, chatClan.page, (_c, _v, ctx) => clanRooms({ ctx }));
  route(app, chatClan.messages, (_c, input, ctx) => clanRoomMessages({ ctx, input }));
  page(app, history.page, (_c, input, ctx) => playerChatHead({ ctx, input }));
  route(app, history.load, (_c, input, ctx) => playerChatPage({ ctx, input }));
}
