// /admin/player/{id}/analysis/: the player's history from the warehouse (battles, payments,
// currency flows, sessions) — per-day series for the chart and the latest events, streamed as
// NDJSON lines as each part is read (api/domain/player-analysis.ts).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { contract } from "../../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const byPlayer = z.object({ playerId: f.id() });

export const page = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}/analysis/",
  ...S,
  kind: "page",
  params: byPlayer,
  output: z.object({
    player: z.object({ id: z.int(), nickname: z.string(), createdAt: z.int() }),
    parts: z.array(z.string()),
  }),
});

/**
 * NDJSON: {"part":"period",from,to,playerId}, then {"part":"battles","rows":[…]} per series as each
 * query answers, then {"part":"event",…} per event, then {"part":"done"} (or {"part":"error",message}).
 */
export const loadStreamed = contract({
  method: "ANY",
  path: "/admin/player/:playerId{[0-9]+}/analysis/loadStreamed",
  ...S,
  kind: "stream",
  params: byPlayer,
  input: z.object({
    days: f.optional(f.int(1, 3660)).default(90),
    events: f.optional(f.int(0, 2000)).default(200),
  }),
  answers: ["stream"],
});
