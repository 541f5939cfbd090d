// One player's history as operators read it: ledger movements, transfers, shop purchases, clan
// changes, gifts, support tickets' status changes (each at its time), bans and admin actions on the player, merged by time from the
// tables that already hold them (no second copy). Each entry: kind, its row id, time, detail.
import { count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { playerNotifications } from "../db/schema/social.ts";
import { fieldError } from "./errors.ts";
import type { Ctx } from "./context.ts";
import { playerOr404 } from "./players.ts";

export const LOG_KINDS = ["ledger", "transfer", "purchase", "clan", "gift", "ticket", "ban", "admin"] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export interface LogEntry {
  kind: LogKind;
  id: number;
  at: number;
  detail: Record<string, unknown>;
}

const union = (p: number): SQL => sql`
  select 'ledger' as kind, id, created_at as at, json_object('currency', currency, 'delta', delta, 'balanceAfter', balance_after, 'reason', reason, 'ref', ref) as detail
    from ledger_entries where player_id = ${p} and reason not like 'transfer.%'
  union all select 'transfer', id, created_at, json_object('currency', currency, 'delta', delta, 'balanceAfter', balance_after, 'reason', reason, 'ref', ref)
    from ledger_entries where player_id = ${p} and reason like 'transfer.%'
  union all select 'purchase', id, created_at, json_object('itemType', item_type, 'itemId', item_id, 'quantity', quantity, 'currency', currency, 'price', price)
    from shop_purchases where player_id = ${p}
  union all select 'clan', id, created_at, json_object('clanId', clan_id, 'actorId', actor_id, 'targetId', target_id, 'action', action, 'details', json(details))
    from clan_log where actor_id = ${p} or target_id = ${p}
  union all select 'gift', id, created_at, json_object('fromId', from_id, 'toId', to_id, 'kind', kind, 'itemId', item_id, 'amount', amount)
    from gifts where from_id = ${p} or to_id = ${p}
  union all select 'ticket', e.id, e.created_at, json_object('ticketId', e.ticket_id, 'subject', t.subject, 'category', t.category,
      'status', e.to_status, 'from', e.from_status, 'source', e.source, 'by', e.admin_username)
    from support_ticket_events e join support_tickets t on t.id = e.ticket_id where e.player_id = ${p}
  union all select 'ban', id, created_at, json_object('action', action, 'reason', reason, 'until', until, 'admin', admin_username)
    from ban_log where player_id = ${p}
  union all select 'admin', id, created_at, json_object('action', action, 'summary', summary, 'admin', admin_username, 'details', json(details))
    from admin_log where target_type = 'player' and target_id = ${String(p)}`;

export interface LogQuery {
  playerId: number;
  kinds?: LogKind[];
  /** Inclusive time bounds (epoch ms). */
  from?: number;
  to?: number;
  /** Newest first unless "asc". */
  order?: "asc" | "desc";
  limit: number;
  offset?: number;
}

function where(q: LogQuery): SQL {
  const parts: SQL[] = [sql`1 = 1`];
  if (q.kinds?.length)
    parts.push(
      sql`kind in (${sql.join(
        q.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  if (q.from !== undefined) parts.push(sql`at >= ${q.from}`);
  if (q.to !== undefined) parts.push(sql`at <= ${q.to}`);
  return sql.join(parts, sql` and `);
}

// By position: rows are arrays on bun:sqlite and array-like (not iterable) on @libsql/client.
const toEntry = (r: [LogKind, number, number, string]): LogEntry => ({
  kind: r[0],
  id: Number(r[1]),
  at: Number(r[2]),
  detail: JSON.parse(r[3]),
});

/** A page of the player's log and the number of entries matching. */
export async function playerLog(db: DbOrTx, q: LogQuery): Promise<{ rows: LogEntry[]; total: number }> {
  const dir = q.order === "asc" ? sql`asc` : sql`desc`;
  const rows = await db.values<[LogKind, number, number, string]>(
    sql`select kind, id, at, detail from (${union(q.playerId)}) where ${where(q)} order by at ${dir}, kind ${dir}, id ${dir} limit ${q.limit} offset ${q.offset ?? 0}`,
  );
  const [count] = await db.values<[number]>(sql`select count(*) as n from (${union(q.playerId)}) where ${where(q)}`);
  const n = count[0];
  return { rows: rows.map(toEntry), total: Number(n) };
}

/** `size` entries at or before `at` and `size` after it, in time order. */
export async function logAround(
  db: DbOrTx,
  playerId: number,
  at: number,
  size: number,
  kinds?: LogKind[],
): Promise<LogEntry[]> {
  const before = await playerLog(db, { playerId, kinds, to: at, order: "desc", limit: size });
  const after = await playerLog(db, { playerId, kinds, from: at + 1, order: "asc", limit: size });
  return [...before.rows.reverse(), ...after.rows];
}

// ---- The operators' player log screen (/admin/playerLog; routes in api/admin/players/log.ts) ----

/** The screen's head: who, the kinds, and the newest page. */
export async function playerLogHead({ ctx, input }: { ctx: Ctx; input: { playerId: number } }) {
  const p = await playerOr404(ctx.db, input.playerId);
  return {
    player: { id: p.id, nickname: p.nickname },
    kinds: [...LOG_KINDS],
    ...(await playerLog(ctx.db, { playerId: p.id, limit: 50 })),
  };
}

/** A page of the log, of some kinds, in a period (ends included). */
export async function playerLogPage({
  ctx,
  input: v,
}: {
  ctx: Ctx;
  input: { playerId: number; page: number; size: number; kind?: LogKind[]; from?: number; to?: number };
}) {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  await playerOr404(ctx.db, v.playerId);
  const r = await playerLog(ctx.db, {
    playerId: v.playerId,
    kinds: v.kind,
    from: v.from,
    to: v.to,
    limit: v.size,
    offset: (v.page - 1) * v.size,
  });
  return { ...r, page: v.page, size: v.size };
}

/** A page of the notifications the player got (newest first), their payloads as data. */
export async function playerNotificationsPage({
  ctx,
  input: v,
}: {
  ctx: Ctx;
  input: { playerId: number; page: number; size: number };
}) {
  await playerOr404(ctx.db, v.playerId);
  const mine = eq(playerNotifications.playerId, v.playerId);
  const rows = await ctx.db
    .select()
    .from(playerNotifications)
    .where(mine)
    .orderBy(desc(playerNotifications.id))
    .limit(v.size)
    .offset((v.page - 1) * v.size);
  const [{ n }] = await ctx.db.select({ n: count() }).from(playerNotifications).where(mine);
  return {
    rows: rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> })),
    total: n,
    page: v.page,
    size: v.size,
  };
}
