// /admin/chatClan/: one clan's chat room, with the chat screen's moderation (/admin/chat/setMessage).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";
import { roomPage } from "./chat-shared.ts";

const S = { auth: "admin", role: "support" } as const;
const clan = z.object({ id: z.int(), name: z.string(), tag: z.string() });

/** The clans to choose from (by name, the first 500). */
export const page = contract({
  method: "ANY",
  path: "/admin/chatClan/",
  ...S,
  kind: "page",
  output: z.object({ clans: z.array(clan) }),
});

export const messages = contract({
  method: "ANY",
  path: "/admin/chatClan/getMessages",
  ...S,
  input: z.object({
    clanId: f.id(),
    before: f.optional(f.id()),
    limit: f.optional(f.int(1, 200)).default(50),
  }),
  output: roomPage.extend({ clan }),
});
