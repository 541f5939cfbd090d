// The chat's shapes the operators' chat routes answer (/admin/chat/, /admin/chatClan/, a player's
// chat history): a message as operators see it, moderation fields included.
import { z } from "zod";
import { CHAT_STATUSES } from "../../db/schema/community.ts";

/** A message with its moderation (who hid or deleted it, when). */
export const chatMessage = z.object({
  id: z.int(),
  room: z.string(),
  playerId: z.int().nullable(),
  nickname: z.string(),
  body: z.string(),
  status: z.enum(CHAT_STATUSES),
  createdAt: z.int(),
  moderatedAt: z.int().nullable(),
  moderatedBy: z.string().nullable(),
});
/** With its author's mute now (null: not muted, or the system). */
export const moderatedMessage = chatMessage.extend({ mutedUntil: z.int().nullable() });
/** A page of a room, newest first; `next`: the id to page back from (null: no older ones). */
export const roomPage = z.object({ rows: z.array(moderatedMessage), next: z.int().nullable() });
