// What of the live-events calendar runs at an instant: the multiplier events (XP or silver ×n in
// battle rewards) and the offer windows (a special offer shown only while a period runs). One
// reader each, so the battle's end, the offers and any badge ("×2 XP now") agree.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.ts";
import { liveEvents } from "../../db/schema/liveops.ts";
import { players } from "../../db/schema/players.ts";
import { isPayer } from "../payers.ts";
import { audiencesOf } from "../audiences/members.ts";
import { compileSchedule, type CompiledSchedule, type Period, type Schedule } from "./schedule.ts";

type EventRow = typeof liveEvents.$inferSelect;

/** Who a player is to an event's audience and level bounds. */
export interface EventViewer {
  level: number;
  payer: boolean;
  /** The saved audiences the player is in now (docs/decisions/audiences.md). */
  audiences: Set<number>;
}

export async function eventViewer(db: DbOrTx, playerId: number): Promise<EventViewer | null> {
  const [p] = await db.select({ level: players.level }).from(players).where(eq(players.id, playerId)).limit(1);
  return p ? { level: p.level, payer: await isPayer(db, playerId), audiences: await audiencesOf(db, playerId) } : null;
}

/** Is the event meant for this player (audience and level)? A saved audience: its members now. */
export function meantFor(
  ev: Pick<EventRow, "audience" | "audienceId" | "minLevel" | "maxLevel">,
  v: EventViewer,
): boolean {
  if (v.level < ev.minLevel || v.level > ev.maxLevel) return false;
  if (ev.audience === "saved") return ev.audienceId !== null && v.audiences.has(ev.audienceId);
  return ev.audience === "all" || (ev.audience === "payers") === v.payer;
}

/** Compiled schedules by their JSON (a battle's end asks every running event's at each player's end). */
const compiled = new Map<string, CompiledSchedule | null>();
function compiledOf(schedule: string): CompiledSchedule | null {
  let c = compiled.get(schedule);
  if (c === undefined) {
    try {
      c = compileSchedule(JSON.parse(schedule) as Schedule);
    } catch {
      c = null;
    }
    if (compiled.size >= 256) compiled.clear();
    compiled.set(schedule, c);
  }
  return c;
}

/** The period of an event's schedule running at `at`, or null (also for a schedule that no longer compiles). */
export function runningPeriod(ev: Pick<EventRow, "schedule">, at: number): Period | null {
  return compiledOf(ev.schedule)?.activeAt(at) ?? null;
}

export interface RunningMultiplier {
  eventId: number;
  multiplied: "xp" | "silver";
  pct: number;
  periodEnd: number;
}

export interface MultipliersNow {
  /** Percent applied to battle experience (100: none). */
  xpPct: number;
  /** Percent applied to battle silver (100: none). */
  silverPct: number;
  /** The multiplier events running (for a badge: what and until when). */
  running: RunningMultiplier[];
}

/**
 * THE reader of "the multiplier now": the active multiplier events whose period runs at `at` —
 * for one player (their audience and level) or, without `playerId`, every running one (a badge
 * shown to everyone). Several of one figure do not stack: the largest applies.
 */
export async function multipliersNow(db: DbOrTx, input: { at: number; playerId?: number }): Promise<MultipliersNow> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.active, true), eq(liveEvents.kind, "multiplier")));
  const out: MultipliersNow = { xpPct: 100, silverPct: 100, running: [] };
  // The schedules first: who the player is (payer, audiences) is asked only when something runs.
  const running = rows.flatMap((ev) => {
    const period = ev.multiplied && ev.multiplierPct ? runningPeriod(ev, input.at) : null;
    return period ? [{ ev, period }] : [];
  });
  if (!running.length) return out;
  const viewer = input.playerId === undefined ? null : await eventViewer(db, input.playerId);
  for (const { ev, period } of running) {
    if (!ev.multiplied || !ev.multiplierPct) continue;
    if (input.playerId !== undefined && (!viewer || !meantFor(ev, viewer))) continue;
    out.running.push({ eventId: ev.id, multiplied: ev.multiplied, pct: ev.multiplierPct, periodEnd: period.end });
    if (ev.multiplied === "xp") out.xpPct = Math.max(out.xpPct, ev.multiplierPct);
    else out.silverPct = Math.max(out.silverPct, ev.multiplierPct);
  }
  return out;
}

/**
 * Offer windows: an offer named by an active offer-window event is shown (and taken) only while
 * one of those events' periods runs. Returns the offers held back at `at`; an offer no window
 * names is not affected.
 */
export async function offersOutsideWindow(db: DbOrTx, at: number): Promise<Set<number>> {
  const rows = await db
    .select({ offerId: liveEvents.offerId, schedule: liveEvents.schedule })
    .from(liveEvents)
    .where(and(eq(liveEvents.active, true), eq(liveEvents.kind, "offerWindow")));
  const open = new Set<number>();
  const named = new Set<number>();
  for (const r of rows) {
    if (r.offerId === null) continue;
    named.add(r.offerId);
    if (runningPeriod(r, at)) open.add(r.offerId);
  }
  return new Set([...named].filter((id) => !open.has(id)));
}
