// The service context of a request (api/domain/context.ts): the store, the clock and the actor the
// route's guard established. Handlers get it as their third argument; code holding only `c`
// (a shared helper of an area) asks here.
import type { Context } from "hono";
import type { Actor, AdminActor, AdminCtx, Ctx, PlayerCtx, VisitorActor } from "../domain/context.ts";
import type { DbOrTx } from "../db/index.ts";
import { AppError } from "../domain/errors.ts";
import type { AdminSession, HonoEnv } from "./env.ts";
import { clientAddress } from "./session.ts";

/** Who may call a route (the auth column of routes.tsv, and the game key): api/contracts/contract.ts. */
export type { Auth } from "../contracts/contract.ts";
import type { Auth } from "../contracts/contract.ts";

/** The context a route's handler gets: an operator's on admin routes, a player's on player routes, else a visitor's. */
export type CtxFor<A extends Auth> = A extends "admin" ? AdminCtx : A extends "player" ? PlayerCtx : Ctx<VisitorActor>;

/** The operator of an admin request and the request the admin log names (the guard sets it once). */
export function adminActorOf(c: Context<HonoEnv>, admin: AdminSession): AdminActor {
  return {
    kind: "admin",
    adminId: admin.adminId,
    username: admin.username,
    role: admin.role,
    request: { method: c.req.method, path: c.req.path, address: clientAddress(c), audited: false },
  };
}

/** The operator's context of an admin request (over `db`: the store, or a transaction the handler opened). */
export function adminCtx(c: Context<HonoEnv>, db: DbOrTx = c.var.deps.db): AdminCtx {
  return { db, clock: c.var.deps.clock, actor: adminActor(c) };
}

/** The request's operator: the guard's, or (outside an admin route's guard: the sign-in) the session's. */
function adminActor(c: Context<HonoEnv>): AdminActor {
  let actor = c.var.adminActor;
  if (!actor) {
    const admin = c.var.admin;
    if (!admin) throw new AppError("unauthorized");
    actor = adminActorOf(c, admin);
    c.set("adminActor", actor);
  }
  return actor;
}

/** The signed-in player's context. */
export function playerCtx(c: Context<HonoEnv>, db: DbOrTx = c.var.deps.db): PlayerCtx {
  const player = c.var.player;
  if (!player) throw new AppError("unauthorized");
  return { db, clock: c.var.deps.clock, actor: { kind: "player", playerId: player.playerId } };
}

const VISITOR: VisitorActor = { kind: "visitor" };

/** A request's context: the store and the clock read from c.var.deps when the service reads them. */
const requestCtx = <A extends Actor>(c: Context<HonoEnv>, actor: A): Ctx<A> => ({
  get db() {
    return c.var.deps.db;
  },
  get clock() {
    return c.var.deps.clock;
  },
  actor,
});

/** The context of a route's auth (the guard has made sure its actor is there). */
export function ctxFor<A extends Auth>(c: Context<HonoEnv>, auth: A): CtxFor<A> {
  // TypeScript does not narrow a conditional type by a comparison: each branch is the type CtxFor gives that auth.
  if (auth === "admin") return requestCtx(c, adminActor(c)) as CtxFor<A>;
  if (auth === "player") {
    const player = c.var.player;
    if (!player) throw new AppError("unauthorized");
    return requestCtx(c, { kind: "player", playerId: player.playerId }) as CtxFor<A>;
  }
  return requestCtx(c, VISITOR) as CtxFor<A>;
}
