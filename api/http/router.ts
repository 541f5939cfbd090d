import type { Context, Hono, MiddlewareHandler, Handler } from "hono";
import { ADMIN_ROLES, type AdminRole } from "../db/schema/access.ts";
import { AppError } from "./errors.ts";
import type { HonoEnv } from "./env.ts";
import { shell } from "./shell.ts";
import { audit } from "./audit.ts";

/** Who may call a route (the auth column of routes.tsv). */
export type Auth = "public" | "player" | "admin" | "provider" | "none";
/** The method column of routes.tsv: one method, GET|POST, or ANY (no restriction). */
export type SpecMethod = "GET" | "POST" | "DELETE" | "GET|POST" | "ANY";

export interface RouteInfo {
  method: SpecMethod;
  path: string;
  auth: Auth;
  /** Least admin role (admin routes); support when not given. */
  role?: AdminRole;
  /** A page answers the HTML shell to a browser (and JSON when asked for JSON with a loader). */
  kind: "page" | "action" | "stream";
  /** State-changing: needs the CSRF token; on admin routes it leaves one admin log row. */
  mutates: boolean;
}

const tables = new WeakMap<object, RouteInfo[]>();
/** The routes an app registered through this module, for the conformance test and the UI's route list. */
export function routeTable(app: Hono<HonoEnv>): RouteInfo[] {
  return tables.get(app) ?? [];
}

export const roleRank = (role: AdminRole) => ADMIN_ROLES.indexOf(role);

function wantsHtml(c: Context<HonoEnv>): boolean {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return false;
  const accept = c.req.header("accept") ?? "";
  return accept.includes("text/html") || (!accept.includes("application/json") && !c.req.query("format"));
}

function guard(info: RouteInfo): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (info.auth === "player" && !c.var.player) {
      if (info.kind === "page" && wantsHtml(c)) return c.redirect(`/${c.var.locale}/public?next=${encodeURIComponent(c.req.path)}`);
      throw new AppError("unauthorized");
    }
    if (info.auth === "admin") {
      const admin = c.var.admin;
      if (!admin) {
        if (info.kind === "page" && wantsHtml(c)) return c.redirect(`/admin/login?next=${encodeURIComponent(c.req.path)}`);
        throw new AppError("unauthorized");
      }
      if (roleRank(admin.role) < roleRank(info.role ?? "support")) throw new AppError("forbidden");
    }
    if (info.mutates && (info.auth === "admin" || info.auth === "player")) assertCsrf(c, info.auth);
    await next();
    if (info.auth === "admin" && info.mutates && c.res.status < 400 && !c.var.audited) {
      // A handler that forgot its audit row still leaves one: the log misses no change.
      await audit(c, c.var.deps.db, { action: info.path, summary: `${c.req.method} ${c.req.path}` });
    }
  };
}

/** A state change needs the session's CSRF token (header, or _csrf for plain forms). */
export function assertCsrf(c: Context<HonoEnv>, kind: "admin" | "player") {
  const session = kind === "admin" ? c.var.admin : c.var.player;
  const sent = c.req.header("x-csrf-token") ?? c.req.query("_csrf");
  if (!session || !sent || sent !== session.csrfToken) throw new AppError("csrf");
}

const methodsOf = (m: SpecMethod): string[] => (m === "ANY" ? [] : m.split("|"));

/**
 * Registers a route of the spec with its method, auth and constraints; where the spec states a
 * method, other methods get 405. Handlers come after the guard (validators, then the handler).
 */
export function route(app: Hono<HonoEnv>, info: Omit<RouteInfo, "kind" | "mutates"> & Partial<Pick<RouteInfo, "kind" | "mutates">>, ...handlers: (MiddlewareHandler<HonoEnv> | Handler<HonoEnv>)[]) {
  const full: RouteInfo = { kind: "action", mutates: false, ...info };
  const list = tables.get(app) ?? [];
  list.push(full);
  tables.set(app, list);
  const methods = methodsOf(full.method);
  // Only signed-in routes have anything to guard; the others skip a middleware layer.
  const guarded = full.auth === "player" || full.auth === "admin";
  const chain = (guarded ? [guard(full), ...handlers] : handlers) as [MiddlewareHandler<HonoEnv>];
  if (methods.length === 0) {
    app.all(full.path, ...chain);
  } else {
    if (methods.includes("GET")) methods.push("HEAD");
    app.on(methods, full.path, ...chain);
    const refuse = () =>
      app.all(full.path, (c) => {
        c.header("Allow", methods.join(", "));
        throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
      });
    // A parametric path's 405 answer goes after every route, so a static sibling with another
    // method (POST /admin/api/user/create beside GET /admin/api/user/:username) is found first;
    // a static path's goes at once, so it wins over a parametric sibling registered later.
    const pending = pendingRefusals.get(app);
    if (pending && full.path.includes(":")) pending.push(refuse);
    else refuse();
  }
}

const pendingRefusals = new WeakMap<object, (() => void)[]>();

/** Collects the 405 answers while the areas register (see finishRoutes). */
export function beginRoutes(app: Hono<HonoEnv>) {
  pendingRefusals.set(app, []);
}

/** Registers the collected 405 answers after every area's routes. */
export function finishRoutes(app: Hono<HonoEnv>) {
  for (const refuse of pendingRefusals.get(app) ?? []) refuse();
  pendingRefusals.delete(app);
}

/**
 * A page route: the browser gets the HTML shell (the React app renders it); a request that
 * asks for JSON (Accept: application/json) gets the loader's data, so a page and its data share
 * one address and one guard.
 */
export function page(
  app: Hono<HonoEnv>,
  info: Omit<RouteInfo, "kind" | "mutates" | "method"> & { method?: SpecMethod },
  loader?: Handler<HonoEnv>,
) {
  route(app, { method: "ANY", ...info, kind: "page" }, async (c, next) => {
    if (wantsHtml(c) || !loader) {
      if (!loader && c.req.method !== "GET" && c.req.method !== "HEAD") throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
      return shell(c);
    }
    return loader(c, next);
  });
}
