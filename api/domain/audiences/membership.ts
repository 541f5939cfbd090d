// Saved audiences' membership kept fresh (docs/decisions/audiences.md): recomputed for the players
// of the events that change it (the outbox rows the app already writes: sign-ins, battles,
// payments, level-ups, items — read once the shipper has put them in the warehouse, so a
// warehouse fact is never older than the event) and by a sweep of every player. Each entry and
// exit is a row; the entry's enter actions (and its exit's) run in the transaction that writes
// that row, so an action is applied once per entry, whatever is replayed or runs twice.
import { and, asc, eq, gt, inArray, isNull, lte, max, sql } from "drizzle-orm";
import { z } from "zod";
import type { Warehouse } from "../../../warehouse/port.ts";
import { eventFromLine, type WarehouseTable } from "../../../warehouse/events.ts";
import { lastPurchasePlayers, windowFactPlayers } from "../../../warehouse/metrics/audience_facts.ts";
import { audienceCursor, audienceMembers, audiences } from "../../db/schema/audiences.ts";
import { outbox, outboxCursor } from "../../db/schema/outbox.ts";
import { experiments } from "../../db/schema/experiments.ts";
import { experimentOverrides } from "../../db/schema/community.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { playerNotifications } from "../../db/schema/social.ts";
import { transact, type Ctx, type TxCtx } from "../context.ts";
import { applyLedger } from "../ledger.ts";
import { payerSql } from "../payers.ts";
import { participants, toExperiment } from "../experiments.ts";
import { setOverride } from "../player-experiments.ts";
import { contentsOf } from "../notifications.ts";
import {
  type AudienceAction,
  type Definition,
  type PlayerFacts,
  type Resolved,
  DAY,
  actionSchema,
  allConditions,
  audienceWhere,
  isWindowCondition,
  lastPurchaseKey,
  definitionSchema,
  matches,
  spendBound,
  spendSetKey,
  variantKey,
} from "./definition.ts";

export type AudienceRow = typeof audiences.$inferSelect;
export const definitionOf = (a: AudienceRow): Definition => definitionSchema.parse(JSON.parse(a.definition));
export const actionsOf = (a: AudienceRow): AudienceAction[] => z.array(actionSchema).parse(JSON.parse(a.actions));

/** The ledger key of an entry's grant: one audience, player and entry pay once (an exit's adds ":exit"). */
export const entryKey = (audienceId: number, playerId: number, entryNo: number) =>
  `audience:${audienceId}:${playerId}:${entryNo}`;

/** A full sweep of an audience runs at most this often (the events path keeps it fresh between). */
export const SWEEP_EVERY_MS = 10 * 60_000;
/** Outbox rows read per pass of the events path. */
export const EVENTS_BATCH = 2_000;
/** The outbox tables whose events can change a player's membership. */
export const AUDIENCE_EVENT_TABLES: readonly WarehouseTable[] = [
  "registrations",
  "activity",
  "battles",
  "payments",
  "items",
  "progression",
  "currency_movements",
];

/** Resolves the definition's warehouse facts (each bound of a window's figure, a last-purchase range) and experiment variants into sets of players. */
export async function resolveFacts(ctx: Ctx, warehouse: Warehouse, def: Definition): Promise<Resolved> {
  const r: Resolved = { spend: new Map(), variants: new Map() };
  const now = ctx.clock.now();
  for (const c of allConditions(def)) {
    if (isWindowCondition(c)) {
      for (const bound of ["min", "max"] as const) {
        const v = c[bound];
        if (v === undefined) continue;
        const key = spendSetKey(c, bound, v);
        if (r.spend.has(key)) continue;
        const { op, include } = spendBound(bound, v);
        const from = c.days === undefined ? 0 : now - c.days * DAY;
        r.spend.set(key, { include, ids: await windowFactPlayers(warehouse, c.kind, op, v, from) });
      }
    }
    if (c.kind === "lastPurchaseDays" && !r.spend.has(lastPurchaseKey(c))) {
      // floor((now − last) / day) within [min, max]: last ≤ now − min days and last > now − (max + 1) days.
      const upTo = now - (c.min ?? 0) * DAY;
      const after = c.max === undefined ? 0 : now - (c.max + 1) * DAY;
      r.spend.set(lastPurchaseKey(c), { include: true, ids: await lastPurchasePlayers(warehouse, upTo, after) });
    }
    if (c.kind === "variant" && !r.variants.has(variantKey(c))) {
      const ids = new Set<number>();
      const [row] = await ctx.db.select().from(experiments).where(eq(experiments.id, c.experimentId)).limit(1);
      if (row && row.status === "running") {
        const e = toExperiment(row);
        for (const p of await participants(ctx.db, e)) if (p.variant === c.variant) ids.add(p.playerId);
        // An operator's override wins over the bucket rule (as readOption reads it).
        const overrides = await ctx.db
          .select()
          .from(experimentOverrides)
          .where(eq(experimentOverrides.experimentId, e.id));
        for (const o of overrides) {
          if (o.variant === c.variant) ids.add(o.playerId);
          else ids.delete(o.playerId);
        }
      }
      r.variants.set(variantKey(c), ids);
    }
  }
  return r;
}

/** The store's facts about some players, for the predicate. */
export async function playerFacts(ctx: Ctx, ids: number[]): Promise<PlayerFacts[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.all<{
    id: number;
    country: string;
    platform: string;
    level: number;
    battles: number;
    created_at: number;
    last_login_at: number | null;
    guest: number;
    claimed_at: number | null;
    erased_at: number | null;
    payer: number;
    clan: number;
    tiers: string | null;
  }>(sql`select p.id, p.country, p.platform, p.level, p.battles, p.created_at, p.last_login_at, p.guest, p.claimed_at, p.erased_at,
      ${payerSql(sql`p.id`)} as payer,
      exists (select 1 from clan_members m where m.player_id = p.id) as clan,
      (select json_group_array(t.tier) from player_items i join content_tanks t on t.id = i.item_id
        where i.player_id = p.id and i.item_type = 'tank') as tiers
    from players p where p.id in (select value from json_each(${JSON.stringify(ids)}))`);
  return rows.map((p) => ({
    id: Number(p.id),
    country: p.country,
    platform: p.platform,
    level: Number(p.level),
    battles: Number(p.battles),
    createdAt: Number(p.created_at),
    lastLoginAt: p.last_login_at === null ? null : Number(p.last_login_at),
    guest: !!Number(p.guest),
    claimedAt: p.claimed_at === null ? null : Number(p.claimed_at),
    erasedAt: p.erased_at === null ? null : Number(p.erased_at),
    payer: !!Number(p.payer),
    clan: !!Number(p.clan),
    tiers: JSON.parse(p.tiers ?? "[]") as number[],
  }));
}

/** How many players meet a definition now (the editor's preview; nothing is written). */
export async function audienceSize(ctx: Ctx, warehouse: Warehouse, def: Definition): Promise<number> {
  const r = await resolveFacts(ctx, warehouse, def);
  const [row] = await ctx.db.values<[number]>(
    sql`select count(*) from players p where ${audienceWhere(def, r, ctx.clock.now())}`,
  );
  return Number(row[0]);
}

async function applyAction(c: TxCtx, a: AudienceRow, act: AudienceAction, playerId: number, entryNo: number) {
  const now = c.clock.now();
  if (act.kind === "grant") {
    await applyLedger(c.db, {
      playerId,
      currency: act.currency,
      delta: act.amount,
      reason: "audience.grant",
      ref: `audience:${a.id}`,
      idempotencyKey: entryKey(a.id, playerId, entryNo) + (act.on === "exit" ? ":exit" : ""),
      at: now,
    });
  } else if (act.kind === "notify") {
    // The operator's inbox notification, delivered to this player as activating it delivers it.
    const [n] = await c.db.select().from(notifications).where(eq(notifications.id, act.notificationId)).limit(1);
    if (n?.channel !== "inbox") return;
    const contents = await contentsOf(c.db, n.id);
    if (!contents.length) return;
    await c.db.insert(playerNotifications).values({
      playerId,
      kind: "notification",
      payload: JSON.stringify({
        notificationId: n.id,
        channel: n.channel,
        endsAt: n.endsAt,
        audience: { id: a.id, entryNo, on: act.on },
        contents: Object.fromEntries(contents.map((x) => [x.lang, { title: x.title, body: x.body }])),
      }),
      createdAt: now,
    });
  } else {
    await setOverride(c.db, {
      experimentId: act.experimentId,
      playerId,
      variant: act.variant,
      admin: `audience:${a.id}`,
      at: now,
    });
  }
}

export interface Reconciled {
  entered: number;
  exited: number;
}

/**
 * Brings an audience's membership in line with its definition, for some players (the predicate
 * over their facts) or for every player (`null`: the SQL form), in one transaction: a player who
 * meets it and is not a member enters (entry n+1, its enter actions), a member who no longer
 * meets it exits (its exit actions). The store's facts are read inside the transaction, so a
 * second run (a replay, a racing sweep) finds the rows the first wrote and does nothing.
 */
export function reconcile(ctx: Ctx, audienceId: number, r: Resolved, playerIds: number[] | null): Promise<Reconciled> {
  return transact(ctx, async (c) => {
    const [a] = await c.db.select().from(audiences).where(eq(audiences.id, audienceId)).limit(1);
    if (!a) return { entered: 0, exited: 0 };
    const now = c.clock.now();
    const def = definitionOf(a);
    const actions = actionsOf(a);
    let meeting: Set<number>;
    if (!a.active) meeting = new Set();
    else if (playerIds === null)
      meeting = new Set(
        (await c.db.values<[number]>(sql`select p.id from players p where ${audienceWhere(def, r, now)}`)).map((x) =>
          Number(x[0]),
        ),
      );
    else meeting = new Set((await playerFacts(c, playerIds)).filter((p) => matches(def, p, r, now)).map((p) => p.id));
    const inScope = playerIds === null ? undefined : inArray(audienceMembers.playerId, playerIds);
    const current = await c.db
      .select({ playerId: audienceMembers.playerId, entryNo: audienceMembers.entryNo })
      .from(audienceMembers)
      .where(and(eq(audienceMembers.audienceId, a.id), isNull(audienceMembers.exitedAt), inScope));
    const members = new Map(current.map((m) => [m.playerId, m.entryNo]));
    const entering = [...meeting].filter((id) => !members.has(id)).sort((x, y) => x - y);
    const leaving = [...members].filter(([id]) => !meeting.has(id));
    const last = new Map<number, number>();
    for (let i = 0; i < entering.length; i += 500) {
      const rows = await c.db
        .select({ playerId: audienceMembers.playerId, n: max(audienceMembers.entryNo) })
        .from(audienceMembers)
        .where(and(eq(audienceMembers.audienceId, a.id), inArray(audienceMembers.playerId, entering.slice(i, i + 500))))
        .groupBy(audienceMembers.playerId);
      for (const x of rows) last.set(x.playerId, x.n ?? 0);
    }
    for (const playerId of entering) {
      const entryNo = (last.get(playerId) ?? 0) + 1;
      await c.db.insert(audienceMembers).values({ audienceId: a.id, playerId, entryNo, enteredAt: now });
      for (const act of actions) if (act.on === "enter") await applyAction(c, a, act, playerId, entryNo);
    }
    for (const [playerId, entryNo] of leaving) {
      await c.db
        .update(audienceMembers)
        .set({ exitedAt: now })
        .where(
          and(
            eq(audienceMembers.audienceId, a.id),
            eq(audienceMembers.playerId, playerId),
            eq(audienceMembers.entryNo, entryNo),
          ),
        );
      for (const act of actions) if (act.on === "exit") await applyAction(c, a, act, playerId, entryNo);
    }
    const [size] = await c.db.values<[number]>(
      sql`select count(*) from audience_members where audience_id = ${a.id} and exited_at is null`,
    );
    await c.db
      .update(audiences)
      .set({ size: Number(size[0]), ...(playerIds === null ? { sweptAt: now } : {}) })
      .where(eq(audiences.id, a.id));
    return { entered: entering.length, exited: leaving.length };
  });
}

/** Recomputes one audience for every player now (after a save, and by the sweep). */
export async function sweepAudience(ctx: Ctx, warehouse: Warehouse, audienceId: number): Promise<Reconciled> {
  const [a] = await ctx.db.select().from(audiences).where(eq(audiences.id, audienceId)).limit(1);
  if (!a) return { entered: 0, exited: 0 };
  return reconcile(ctx, a.id, await resolveFacts(ctx, warehouse, definitionOf(a)), null);
}

/**
 * The events path: the players of the outbox rows past the cursor (up to what the shipper has
 * put in the warehouse) are recomputed in every audience, then the cursor moves on. A replay
 * (the cursor moved back, a crash before it moved) recomputes them again and changes nothing.
 */
export async function followAudienceEvents({ ctx, warehouse }: { ctx: Ctx; warehouse: Warehouse }) {
  const [cur] = await ctx.db.select().from(audienceCursor).where(eq(audienceCursor.id, 1)).limit(1);
  const [shipped] = await ctx.db
    .select({ to: outboxCursor.shippedTo })
    .from(outboxCursor)
    .where(eq(outboxCursor.id, 1))
    .limit(1);
  const from = cur?.outboxTo ?? 0;
  const to = shipped?.to ?? 0;
  if (to <= from) return { players: 0, entered: 0, exited: 0 };
  const rows = await ctx.db
    .select({ id: outbox.id, table: outbox.table, row: outbox.row })
    .from(outbox)
    .where(and(gt(outbox.id, from), lte(outbox.id, to), inArray(outbox.table, [...AUDIENCE_EVENT_TABLES])))
    .orderBy(asc(outbox.id))
    .limit(EVENTS_BATCH);
  const reached = rows.length === EVENTS_BATCH ? rows[rows.length - 1].id : to;
  const ids = new Set<number>();
  for (const r of rows) {
    const ev = eventFromLine(r.table as WarehouseTable, r.row) as { player_id?: unknown };
    const id = Number(ev.player_id);
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  const total = { players: ids.size, entered: 0, exited: 0 };
  if (ids.size) {
    const list = [...ids];
    for (const a of await ctx.db.select().from(audiences).where(eq(audiences.active, true))) {
      const r = await resolveFacts(ctx, warehouse, definitionOf(a));
      const done = await reconcile(ctx, a.id, r, list);
      total.entered += done.entered;
      total.exited += done.exited;
    }
  }
  await ctx.db
    .insert(audienceCursor)
    .values({ id: 1, outboxTo: reached, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: audienceCursor.id, set: { outboxTo: reached, updatedAt: ctx.clock.now() } });
  return total;
}

/** The sweep: every audience not swept for SWEEP_EVERY_MS (or never), recomputed for every player. */
export async function sweepAudiences({ ctx, warehouse }: { ctx: Ctx; warehouse: Warehouse }) {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: audiences.id })
    .from(audiences)
    .where(sql`${audiences.sweptAt} is null or ${audiences.sweptAt} <= ${now - SWEEP_EVERY_MS}`);
  const out: (Reconciled & { audienceId: number })[] = [];
  for (const a of due) out.push({ audienceId: a.id, ...(await sweepAudience(ctx, warehouse, a.id)) });
  return out;
}

/** What the timers run: the events since the last run, then the sweeps that are due. */
export async function refreshAudiences(args: { ctx: Ctx; warehouse: Warehouse }) {
  const events = await followAudienceEvents(args);
  const swept = await sweepAudiences(args);
  return { events, swept };
}
