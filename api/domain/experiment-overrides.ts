// An operator's override of a player's variant in a running experiment, as readOption reads it
// (kept apart from experiments.ts, which imports options.ts: no import cycle).
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { experiments } from "../db/schema/experiments.ts";
import { experimentOverrides } from "../db/schema/community.ts";
import type { OPTION_SCOPES } from "../db/schema/system.ts";

/** The option variant a running experiment's override gives the player on this key: a variant name, null (default), or undefined (no override). */
export async function overrideFor(
  db: DbOrTx,
  scope: string,
  key: string,
  playerId: number,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ variant: experimentOverrides.variant, variants: experiments.variants })
    .from(experimentOverrides)
    .innerJoin(experiments, eq(experiments.id, experimentOverrides.experimentId))
    .where(
      and(
        eq(experimentOverrides.playerId, playerId),
        eq(experiments.status, "running"),
        eq(experiments.optionScope, scope as (typeof OPTION_SCOPES)[number]),
        eq(experiments.optionKey, key),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (row.variant === null) return null;
  const v = (JSON.parse(row.variants) as { name: string; optionVariant: string }[]).find((x) => x.name === row.variant);
  return v ? v.optionVariant : null;
}
