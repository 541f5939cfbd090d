// /admin/player/{id}/experiments: the player's experiments — their variant (by the bucket rule or
// an operator's override), the override set or cleared, and their figures since each experiment
// started (api/domain/player-experiments.ts).
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { EXPERIMENT_STATUSES } from "../../../db/schema/experiments.ts";
import { OPTION_SCOPES } from "../../../db/schema/system.ts";
import { contract } from "../../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const P = "/admin/player/:playerId{[0-9]+}/experiments";
const byPlayer = z.object({ playerId: f.id() });

const experiment = z.object({
  id: z.int(),
  name: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  optionScope: z.enum(OPTION_SCOPES),
  optionKey: z.string(),
  startedAt: z.int().nullable(),
  stoppedAt: z.int().nullable(),
  variants: z.array(z.string()),
  meetsConditions: z.boolean(),
  /** By the bucket rule; null: outside the experiment. */
  bucketVariant: z.string().nullable(),
  /** The operator's choice: a variant, or null (kept out). */
  override: z.object({ variant: z.string().nullable(), byAdmin: z.string(), createdAt: z.int() }).nullable(),
  /** What the player gets. */
  variant: z.string().nullable(),
});
const rows = z.object({ rows: z.array(experiment) });

export const page = contract({
  method: "ANY",
  path: P,
  ...S,
  kind: "page",
  params: byPlayer,
  output: z.object({ player: z.object({ id: z.int(), nickname: z.string() }), experiments: z.array(experiment) }),
});

export const list = contract({ method: "ANY", path: `${P}/list`, ...S, params: byPlayer, output: rows });

/** The player's figures since each started experiment began (until it stopped), from the warehouse. */
export const analyze = contract({
  method: "ANY",
  path: `${P}/analyze`,
  ...S,
  params: byPlayer,
  output: z.object({
    rows: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        status: z.enum(EXPERIMENT_STATUSES),
        variant: z.string().nullable(),
        from: z.int(),
        to: z.int(),
        figures: z.object({
          battles: z.number(),
          wins: z.number(),
          payments: z.number(),
          usdCents: z.number(),
          sessions: z.number(),
          activeDays: z.number(),
          goldSpent: z.number(),
        }),
      }),
    ),
  }),
});

/** Forces the player into a variant of a started experiment. */
export const add = contract({
  method: "ANY",
  path: `${P}/add`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({ experimentId: f.id(), variant: f.text(1, 64) }),
  output: rows,
});

/** Keeps the player out of an experiment, or (clear) drops the operator's choice. */
export const remove = contract({
  method: "ANY",
  path: `${P}/remove`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({ experimentId: f.id(), clear: f.optional(f.bool()).default(false) }),
  output: rows,
});
