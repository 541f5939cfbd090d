// What a service acts with: `verb({ ctx, input })`. The context carries the store (or the open
// transaction the caller is in: it is reused, never cast), the clock, and who acts — an operator
// with their role, a player, the game server, a payment provider or the system itself. A service
// that changes something writes its admin log row from the actor, in its own transaction
// (audit(), api/domain/audit.ts), so a handler is the request's few lines around one call.
import { SQLiteTransaction } from "drizzle-orm/sqlite-core";
import type { DbOrTx, Tx } from "../db/index.ts";
import type { AdminRole } from "../db/schema/access.ts";
import type { Clock } from "../deps.ts";

/** The request an operator acts in, as the admin log records it. */
export interface AdminRequest {
  method: string;
  path: string;
  address: string | null;
  /** Set once the request's admin log row is written (or the action says none is due). */
  audited: boolean;
}

export interface AdminActor {
  kind: "admin";
  adminId: number;
  username: string;
  role: AdminRole;
  request: AdminRequest;
}
export interface PlayerActor {
  kind: "player";
  playerId: number;
}
/** A visitor who is not signed in (the public site's reads, sign-in and sign-up). */
export interface VisitorActor {
  kind: "visitor";
}
/** The game server, through the game API's key. */
export interface GameActor {
  kind: "game";
}
/** A payment provider's callback. */
export interface ProviderActor {
  kind: "provider";
  provider: string;
}
/** The platform itself: timers, the seed, the command line. */
export interface SystemActor {
  kind: "system";
}
export type Actor = AdminActor | PlayerActor | VisitorActor | GameActor | ProviderActor | SystemActor;

export interface Ctx<A extends Actor = Actor> {
  /** The store, or the transaction the caller has open (services then join it). */
  db: DbOrTx;
  clock: Clock;
  actor: A;
}
export type AdminCtx = Ctx<AdminActor>;
export type PlayerCtx = Ctx<PlayerActor>;
/** A context inside a transaction. */
export type TxCtx<A extends Actor = Actor> = Omit<Ctx<A>, "db"> & { db: Tx };

/** The service's usual argument. */
export interface Call<I, A extends Actor = Actor> {
  ctx: Ctx<A>;
  input: I;
}

/** Whether the context's store is a transaction already open. */
export const inTransaction = (db: DbOrTx): db is Tx => db instanceof SQLiteTransaction;

/** Runs `fn` in one transaction: the caller's when `db` is one (reused as it is, no savepoint), else a new one. */
export function within<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db) ? fn(db) : db.transaction(fn);
}

/**
 * Runs `fn` in one transaction: the caller's when the context holds one (so the caller's change,
 * this one and their audit rows commit together), else a new one.
 */
export function transact<A extends Actor, T>(ctx: Ctx<A>, fn: (ctx: TxCtx<A>) => Promise<T>): Promise<T> {
  return within(ctx.db, (tx) => fn({ ...ctx, db: tx }));
}

/** The same actor and clock over another store handle (a transaction opened by the caller). */
export const withDb = <A extends Actor>(ctx: Ctx<A>, db: DbOrTx): Ctx<A> => ({ ...ctx, db });

/** An operator's action that needs no admin log row of its own (a preview, a dry run). */
export function noAuditDue(ctx: AdminCtx): void {
  ctx.actor.request.audited = true;
}

/** The system acting (timers, the seed, the command line). */
export const systemCtx = (db: DbOrTx, clock: Clock): Ctx<SystemActor> => ({ db, clock, actor: { kind: "system" } });
