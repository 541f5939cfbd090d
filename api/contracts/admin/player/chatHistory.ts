// /admin/player/{id}/chatHistory: what one player wrote, every room, every status.
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { contract } from "../../contract.ts";
import { chatMessage } from "../chat-shared.ts";

const S = { auth: "admin", role: "support" } as const;
const byPlayer = z.object({ playerId: f.id() });

export const page = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}/chatHistory",
  ...S,
  kind: "page",
  params: byPlayer,
  output: z.object({
    player: z.object({ id: z.int(), nickname: z.string() }),
    total: z.int(),
    mute: z.object({ until: z.int(), reason: z.string() }).nullable(),
  }),
});

/** A page of their messages, newest first. */
export const load = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}/chatHistory/load",
  ...S,
  params: byPlayer,
  input: z.object({
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(50),
  }),
  output: z.object({ rows: z.array(chatMessage), total: z.int(), page: z.int(), size: z.int() }),
});
