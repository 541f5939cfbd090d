// Players' tanks and crews. Definition: a player owns an item (a tank, a crew) when the sum of
// their `items` deltas for it (+1 gained, -1 lost: sold, removed, expired) is positive, over all
// time up to now. For each item: owners now, how many times it was gained and lost. Read from
// the rollup item_holdings (one row per item × player, read with FINAL).
import type { Warehouse } from "../port.ts";

export const OWNED_TYPES = { tanks: "tank", crews: "crew" } as const;
export type OwnedType = (typeof OWNED_TYPES)[keyof typeof OWNED_TYPES];

export interface OwnershipRow {
  item_id: string;
  owners: number;
  gained: number;
  lost: number;
}

// FINAL sums each (item, player) across unmerged parts before the filter and the count.
export const ownershipSql = `SELECT item_id, toUInt64(countIf(held > 0)) AS owners, toUInt64(sum(gained)) AS gained, toUInt64(sum(lost)) AS lost
  FROM item_holdings FINAL WHERE item_type = {type:String} GROUP BY item_id ORDER BY owners DESC, item_id`;
export const ownerCountSql = `SELECT toUInt64(uniqExact(player_id)) AS n FROM item_holdings FINAL WHERE item_type = {type:String} AND held > 0`;

export async function ownership(wh: Warehouse, type: OwnedType): Promise<{ type: OwnedType; players: number; items: OwnershipRow[] }> {
  const [items, [{ n } = { n: 0 }]] = await Promise.all([
    wh.query<OwnershipRow>(ownershipSql, { type }),
    wh.query<{ n: number }>(ownerCountSql, { type }),
  ]);
  return { type, players: n, items };
}

export const ownersSql = `SELECT DISTINCT player_id FROM item_holdings FINAL WHERE item_type = {type:String} AND item_id IN {items:Array(String)} AND held > 0
  ORDER BY player_id LIMIT {limit:UInt32} OFFSET {offset:UInt32}`;

/** The players who own any of the items now (ids, ascending), a page at a time. */
export async function owners(wh: Warehouse, type: OwnedType, items: string[], limit: number, offset: number) {
  const [list, [{ n } = { n: 0 }]] = await Promise.all([
    wh.query<{ player_id: number }>(ownersSql, { type, items, limit, offset }),
    wh.query<{ n: number }>(
      `SELECT toUInt64(uniqExact(player_id)) AS n FROM item_holdings FINAL WHERE item_type = {type:String} AND item_id IN {items:Array(String)} AND held > 0`,
      { type, items },
    ),
  ]);
  return { type, items, total: n, playerIds: list.map((r) => r.player_id), limit, offset };
}
