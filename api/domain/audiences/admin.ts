// Operators' side of saved audiences (docs/decisions/audiences.md): the list with sizes, a live
// size preview of a definition (nothing written), and save (checked, audited, then recomputed for
// every player at once so offers and events read the new membership straight away).
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Warehouse } from "../../../warehouse/port.ts";
import { audiences } from "../../db/schema/audiences.ts";
import { experiments } from "../../db/schema/experiments.ts";
import { notifications } from "../../db/schema/notifications.ts";
import * as f from "../fields.ts";
import { audit, detailsOf } from "../audit.ts";
import { transact, type AdminCtx, type Ctx } from "../context.ts";
import { fieldError, notFound, type FieldMessage } from "../errors.ts";
import { toExperiment } from "../experiments.ts";
import { actionSchema, type Condition, definitionSchema } from "./definition.ts";
import { actionsOf, audienceSize, definitionOf, sweepAudience, type AudienceRow } from "./membership.ts";

export const audienceInput = z.object({
  id: f.optional(f.id()),
  name: f.text(1, 80),
  definition: definitionSchema,
  actions: z.array(actionSchema).max(10).default([]),
  active: f.optional(f.bool()).default(true),
});
export type AudienceInput = z.output<typeof audienceInput>;

export const audienceView = (a: AudienceRow) => ({
  id: a.id,
  name: a.name,
  definition: definitionOf(a),
  actions: actionsOf(a),
  active: a.active,
  size: a.size,
  sweptAt: a.sweptAt,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});
export type AudienceView = ReturnType<typeof audienceView>;

/** What a schema cannot state: ranges the right way up, actions naming what exists, one grant per currency and side. */
async function check(ctx: Ctx, input: AudienceInput) {
  const fields: Record<string, FieldMessage> = {};
  const upsideDown = (c: Condition) =>
    "min" in c && "max" in c && c.min !== undefined && c.max !== undefined && c.min > c.max;
  input.definition.conditions.forEach((c, i) => {
    if (upsideDown(c)) fields[`definition.conditions.${i}`] = { id: "audience.range" };
  });
  for (const [k, g] of (input.definition.groups ?? []).entries())
    for (const [i, c] of g.anyOf.entries())
      if (upsideDown(c)) fields[`definition.groups.${k}.anyOf.${i}`] = { id: "audience.range" };
  const grants = new Set<string>();
  for (const [i, a] of input.actions.entries()) {
    if (a.kind === "grant") {
      if (grants.has(`${a.on}:${a.currency}`)) fields[`actions.${i}`] = { id: "audience.grant_twice" };
      grants.add(`${a.on}:${a.currency}`);
    } else if (a.kind === "notify") {
      const [n] = await ctx.db.select().from(notifications).where(eq(notifications.id, a.notificationId)).limit(1);
      if (n?.channel !== "inbox") fields[`actions.${i}`] = { id: "audience.notification" };
    } else {
      const [e] = await ctx.db.select().from(experiments).where(eq(experiments.id, a.experimentId)).limit(1);
      if (!e || (a.variant !== null && !toExperiment(e).variants.some((v) => v.name === a.variant)))
        fields[`actions.${i}`] = { id: "audience.variant" };
    }
  }
  if (Object.keys(fields).length) throw fieldError(fields);
}

export async function listAudiences({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db.select().from(audiences).orderBy(desc(audiences.id));
  return { audiences: rows.map(audienceView) };
}

export async function previewAudience({
  ctx,
  warehouse,
  input,
}: {
  ctx: Ctx;
  warehouse: Warehouse;
  input: { definition: z.output<typeof definitionSchema> };
}) {
  return { size: await audienceSize(ctx, warehouse, input.definition) };
}

/** Creates or changes an audience (audited), then recomputes its membership (entering and leaving players' actions run). */
export async function saveAudience({
  ctx,
  warehouse,
  input,
}: {
  ctx: AdminCtx;
  warehouse: Warehouse;
  input: AudienceInput;
}) {
  const saved = await transact(ctx, async (c) => {
    await check(c, input);
    const now = c.clock.now();
    const values = {
      name: input.name,
      definition: JSON.stringify(input.definition),
      actions: JSON.stringify(input.actions),
      active: input.active,
      updatedAt: now,
    };
    let before: AudienceView | undefined;
    let row: AudienceRow;
    if (input.id !== undefined) {
      const [old] = await c.db.select().from(audiences).where(eq(audiences.id, input.id)).limit(1);
      if (!old) throw notFound();
      before = audienceView(old);
      [row] = await c.db.update(audiences).set(values).where(eq(audiences.id, input.id)).returning();
    } else
      [row] = await c.db
        .insert(audiences)
        .values({ ...values, createdAt: now })
        .returning();
    const view = audienceView(row);
    await audit(c, {
      action: "/admin/audiences/save",
      targetType: "audience",
      targetId: view.id,
      summary: before ? `changed audience "${view.name}"` : `created audience "${view.name}"`,
      details: detailsOf(before, view),
    });
    return { id: view.id, created: !before };
  });
  const done = await sweepAudience(ctx, warehouse, saved.id);
  const [row] = await ctx.db.select().from(audiences).where(eq(audiences.id, saved.id)).limit(1);
  return { audience: audienceView(row), created: saved.created, entered: done.entered, exited: done.exited };
}
