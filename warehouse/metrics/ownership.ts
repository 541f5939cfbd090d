// Players' tanks and crews. Definition: a player owns an item (a tank, a crew) when the sum of
// their `items` deltas for it (+1 gained, -1 lost: sold, removed, expired) is positive, over all
// time up to now. For each item: owners now, how many times it was gained and lost. Read from
// the rollup item_holdings (one row per item × player, read with FINAL).
// Crews (item_id = the crew role's id): a member is hired (+1, `crew_hired` with its start level)
// at registration (the free roles), by an operator or in the demo world, dismissed (-1) by an
// operator; its level now = the value of its latest `crew_hired` / `crew_level_up` (battles) /
// `crew_level_set` (operators) progression event, counted for the members held now.
import { z } from "zod";
import type { Warehouse } from "../port.ts";

const NRow = z.object({ n: z.number() });
const PlayerIdRow = z.object({ player_id: z.number() });

export const OWNED_TYPES = { tanks: "tank", crews: "crew" } as const;
export type OwnedType = (typeof OWNED_TYPES)[keyof typeof OWNED_TYPES];

export const OwnershipRowSchema = z.object({
  item_id: z.string(),
  owners: z.number(),
  gained: z.number(),
  lost: z.number(),
});
export type OwnershipRow = z.infer<typeof OwnershipRowSchema>;

// FINAL sums each (item, player) across unmerged parts before the filter and the count.
export const ownershipSql = `SELECT item_id, toUInt64(countIf(held > 0)) AS owners, toUInt64(sum(gained)) AS gained, toUInt64(sum(lost)) AS lost
  FROM item_holdings FINAL WHERE item_type = {type:String} GROUP BY item_id ORDER BY owners DESC, item_id`;
export const ownerCountSql = `SELECT toUInt64(uniqExact(player_id)) AS n FROM item_holdings FINAL WHERE item_type = {type:String} AND held > 0`;

export const CrewLevelRowSchema = z.object({ item_id: z.string(), level: z.number(), members: z.number() });
export type CrewLevelRow = z.infer<typeof CrewLevelRowSchema>;

// The latest level event per member: ties on ts (several level-ups in one battle) go to the higher level.
export const crewLevelsSql = `SELECT h.item_id AS item_id, toUInt32(l.level) AS level, toUInt64(count()) AS members
  FROM (SELECT item_id, player_id FROM item_holdings FINAL WHERE item_type = 'crew' AND held > 0) AS h
  INNER JOIN (
    SELECT item_id, player_id, argMax(value, (ts, value)) AS level FROM progression
    WHERE kind IN ('crew_hired', 'crew_level_up', 'crew_level_set') GROUP BY item_id, player_id
  ) AS l ON l.item_id = h.item_id AND l.player_id = h.player_id
  GROUP BY item_id, level ORDER BY item_id, level`;

export async function ownership(
  wh: Warehouse,
  type: OwnedType,
): Promise<{ type: OwnedType; players: number; items: OwnershipRow[]; levels?: CrewLevelRow[] }> {
  const [items, [{ n } = { n: 0 }], levels] = await Promise.all([
    wh.query(ownershipSql, { type }, OwnershipRowSchema),
    wh.query(ownerCountSql, { type }, NRow),
    type === "crew" ? wh.query(crewLevelsSql, {}, CrewLevelRowSchema) : undefined,
  ]);
  return levels ? { type, players: n, items, levels } : { type, players: n, items };
}

export const ownersSql = `SELECT DISTINCT player_id FROM item_holdings FINAL WHERE item_type = {type:String} AND item_id IN {items:Array(String)} AND held > 0
  ORDER BY player_id LIMIT {limit:UInt32} OFFSET {offset:UInt32}`;

/** The players who own any of the items now (ids, ascending), a page at a time. */
export async function owners(wh: Warehouse, type: OwnedType, items: string[], limit: number, offset: number) {
  const [list, [{ n } = { n: 0 }]] = await Promise.all([
    wh.query(ownersSql, { type, items, limit, offset }, PlayerIdRow),
    wh.query(
      `SELECT toUInt64(uniqExact(player_id)) AS n FROM item_holdings FINAL WHERE item_type = {type:String} AND item_id IN {items:Array(String)} AND held > 0`,
      { type, items },
      NRow,
    ),
  ]);
  return { type, items, total: n, playerIds: list.map((r) => r.player_id), limit, offset };
}
