// /admin/experiments/*: A/B experiments — the list and its page, one experiment's control page and
// its players, and the saves (general settings, conditions, variants, status).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { EXPERIMENT_STATUSES } from "../../db/schema/experiments.ts";
import { OPTION_SCOPES, PLATFORMS } from "../../db/schema/system.ts";
import {
  conditionsInput,
  generalInput,
  guardrailsInput,
  promoteInput,
  statusInput,
  variantsInput,
} from "../../domain/experiments.ts";
import { SCORECARD_METRICS } from "../../domain/experiments-scorecard.ts";
import { contract } from "../contract.ts";
import { experimentsList } from "../../domain/experiments-admin.ts";
import { listInputFor, listPageOf } from "./resources.ts";

const who = { auth: "admin", role: "operator" } as const;
const base = "/admin/experiments/";
const status = z.enum(EXPERIMENT_STATUSES);

/** An experiment as stored, its JSON read. */
const experiment = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  status,
  optionScope: z.enum(OPTION_SCOPES),
  optionKey: z.string(),
  conditions: z.object({
    levelMin: z.int(),
    levelMax: z.int(),
    platforms: z.array(z.enum(PLATFORMS)),
    countries: z.array(z.string()),
    registeredAfter: z.int().optional(),
    percent: z.int(),
    audienceId: z.int().optional(),
  }),
  variants: z.array(z.object({ name: z.string(), weight: z.int(), optionVariant: z.string() })),
  guardrails: z.object({ d1: z.int().optional(), d7: z.int().optional(), battlesPerDau: z.int().optional() }),
  createdAt: z.int(),
  updatedAt: z.int(),
  startedAt: z.int().nullable(),
  stoppedAt: z.int().nullable(),
});
const optionKeys = z.record(z.string(), z.record(z.string(), z.array(z.string())));
const saved = z.object({ experiment });

export const page = contract({
  method: "ANY",
  path: base,
  ...who,
  kind: "page",
  output: z.object({
    statuses: z.array(status),
    transitions: z.record(z.string(), z.array(status)),
    scopes: z.array(z.enum(OPTION_SCOPES)),
    optionKeys,
  }),
});

export const control = contract({
  method: "ANY",
  path: `${base}control/:id{[0-9]+}`,
  ...who,
  kind: "page",
  params: z.object({ id: f.id() }),
  output: z.object({
    experiment,
    transitions: z.array(status),
    optionKeys,
    platforms: z.array(z.enum(PLATFORMS)),
    counts: z.record(z.string(), z.int()),
  }),
});

/** The list, read like a resource's: its input is made from the list's description (api/domain/experiments-admin.ts). */
export const list = contract({
  method: "ANY",
  path: `${base}list`,
  ...who,
  input: listInputFor(experimentsList),
  output: listPageOf(experiment),
});

export const users = contract({
  method: "ANY",
  path: `${base}users`,
  ...who,
  input: z.object({
    id: f.id(),
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
    variant: f.optionalText(64),
  }),
  output: z.object({
    rows: z.array(
      z.object({
        playerId: z.int(),
        nickname: z.string(),
        level: z.int(),
        platform: z.string(),
        country: z.string(),
        variant: z.string(),
        optionVariant: z.string(),
      }),
    ),
    total: z.int(),
    page: z.int(),
    size: z.int(),
    status,
  }),
});

export const saveGeneral = contract({
  method: "ANY",
  path: `${base}save/general/settings`,
  ...who,
  mutates: true,
  input: generalInput,
  output: saved,
});
export const saveConditions = contract({
  method: "ANY",
  path: `${base}save/conditions`,
  ...who,
  mutates: true,
  input: conditionsInput,
  output: saved,
});
export const saveVariants = contract({
  method: "ANY",
  path: `${base}save/variants`,
  ...who,
  mutates: true,
  input: variantsInput,
  output: saved,
});
export const saveStatus = contract({
  method: "ANY",
  path: `${base}save/status`,
  ...who,
  mutates: true,
  input: statusInput,
  output: saved,
});

/** The guardrails' bounds (the largest drop against the control each allows, % of its figure). */
export const saveGuardrails = contract({
  method: "ANY",
  path: `${base}save/guardrails`,
  ...who,
  mutates: true,
  input: guardrailsInput,
  output: saved,
});

/** Promotes a variant: its option value becomes the key's default and the experiment stops, in one transaction. */
export const promote = contract({
  method: "ANY",
  path: `${base}promote`,
  ...who,
  mutates: true,
  input: promoteInput,
  output: saved,
});

const interval = z.object({ value: z.number(), low: z.number(), high: z.number() });

/** The scorecard: per variant its goal and guardrail figures with 95 % intervals, and the sample-ratio check. */
export const scorecard = contract({
  method: "ANY",
  path: `${base}scorecard`,
  ...who,
  input: z.object({ id: f.id() }),
  output: z.object({
    experimentId: z.int(),
    from: z.int().nullable(),
    to: z.int().nullable(),
    computedAt: z.int(),
    freshUntil: z.int(),
    control: z.string().nullable(),
    variants: z.array(
      z.object({
        name: z.string(),
        optionVariant: z.string(),
        weight: z.int(),
        expectedShare: z.number(),
        assigned: z.int(),
        exposed: z.int(),
        metrics: z.array(
          interval.extend({
            metric: z.enum(SCORECARD_METRICS),
            role: z.enum(["goal", "guardrail"]),
            numerator: z.number(),
            denominator: z.number(),
            diff: interval.nullable(),
          }),
        ),
      }),
    ),
    srm: z
      .object({
        observed: z.array(z.int()),
        expected: z.array(z.number()),
        chiSquare: z.number(),
        df: z.int(),
        p: z.number(),
        flagged: z.boolean(),
      })
      .nullable(),
  }),
});
