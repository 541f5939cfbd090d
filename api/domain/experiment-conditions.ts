// Who an experiment is for, in the two forms the rule is read in: SQL over the players table (the
// experiment's participant list) and a test of one player (what the game reads for that player,
// readOption). Kept side by side so that they stay one rule; experiments.test.ts checks they agree.
import { and, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { players } from "../db/schema/players.ts";
import { z } from "zod";
import { PLATFORMS } from "../db/schema/system.ts";
import * as f from "./fields.ts";

/** Who an experiment is for, as an operator sets it. */
export const conditionsShape = z.object({
  levelMin: f.optional(f.int(1, 100)).default(1),
  levelMax: f.optional(f.int(1, 100)).default(100),
  /** Empty: every platform. */
  platforms: f.optional(z.array(z.enum(PLATFORMS)).max(PLATFORMS.length)).default([]),
  /** ISO 3166 alpha-2 codes; empty: every country. */
  countries: f
    .optional(
      z
        .array(
          z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z]{2}$/),
        )
        .max(250),
    )
    .default([]),
  /** Epoch ms (or DD.MM.YYYY HH:mm:ss); players registered at or after it. */
  registeredAfter: f.optional(f.dateTime()),
  percent: f.optional(f.int(1, 100)).default(100),
  /** A saved audience (docs/decisions/audiences.md) the players must also be members of now; absent: none. */
  audienceId: z.preprocess((v) => (v === null ? undefined : v), f.optional(f.id())),
});
export type Conditions = z.output<typeof conditionsShape>;

/** What of a player the conditions look at. */
export interface ConditionSubject {
  level: number;
  platform: string;
  country: string;
  createdAt: number;
  erasedAt: number | null;
  /** The saved audiences the player is a member of now (needed only when the conditions name one). */
  audiences?: ReadonlySet<number>;
}

export function conditionsWhere(c: Conditions): SQL | undefined {
  return and(
    isNull(players.erasedAt),
    gte(players.level, c.levelMin),
    lte(players.level, c.levelMax),
    c.platforms.length ? inArray(players.platform, c.platforms) : undefined,
    c.countries.length ? inArray(players.country, c.countries) : undefined,
    c.registeredAfter !== undefined ? gte(players.createdAt, c.registeredAfter) : undefined,
    // Qualified: inside a subquery drizzle would write the column bare.
    c.audienceId !== undefined
      ? sql`exists (select 1 from audience_members m where m.audience_id = ${c.audienceId} and m.player_id = "players"."id" and m.exited_at is null)`
      : undefined,
  );
}

export function meetsConditions(c: Conditions, p: ConditionSubject): boolean {
  return (
    p.erasedAt === null &&
    p.level >= c.levelMin &&
    p.level <= c.levelMax &&
    (c.platforms.length === 0 || (c.platforms as readonly string[]).includes(p.platform)) &&
    (c.countries.length === 0 || c.countries.includes(p.country)) &&
    (c.registeredAfter === undefined || p.createdAt >= c.registeredAfter) &&
    (c.audienceId === undefined || !!p.audiences?.has(c.audienceId))
  );
}
