// /admin/audiences/*: saved audiences (docs/decisions/audiences.md) — the list with sizes, a live
// size preview of a definition, and save (api/domain/audiences/admin.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { actionSchema, definitionSchema } from "../../domain/audiences/definition.ts";
import { audienceInput } from "../../domain/audiences/admin.ts";
import { contract } from "../contract.ts";

const O = { auth: "admin", role: "operator" } as const;

/** An audience as stored: its definition and actions read, its size after the last recomputation. */
export const audience = z.object({
  id: z.int(),
  name: z.string(),
  definition: definitionSchema,
  actions: z.array(actionSchema),
  active: z.boolean(),
  size: z.int(),
  sweptAt: z.int().nullable(),
  createdAt: z.int(),
  updatedAt: z.int(),
});

const listOutput = z.object({ audiences: z.array(audience) });

/** The audiences screen; as JSON, every audience. */
export const page = contract({ method: "ANY", path: "/admin/audiences/", ...O, kind: "page", output: listOutput });

export const list = contract({
  method: "ANY",
  path: "/admin/audiences/list",
  ...O,
  summary: "Every saved audience with its size",
  output: listOutput,
});

export const preview = contract({
  method: "ANY",
  path: "/admin/audiences/preview",
  ...O,
  summary: "How many players meet a definition now (nothing is saved)",
  // A GET's query carries the definition as JSON text; a POST's body as a value.
  input: z.object({ definition: f.jsonValue().pipe(definitionSchema) }),
  output: z.object({ size: z.int() }),
});

export const save = contract({
  method: "ANY",
  path: "/admin/audiences/save",
  ...O,
  mutates: true,
  summary: "Create or change a saved audience; its membership is recomputed at once",
  input: audienceInput,
  output: z.object({ audience, created: z.boolean(), entered: z.int(), exited: z.int() }),
});
