import type { Context, Hono, MiddlewareHandler, Handler } from "hono";
import type { z } from "zod";
import { ADMIN_ROLES, type AdminRole } from "../db/schema/access.ts";
import { AppError, type FieldMessage } from "../domain/errors.ts";
import type { HonoEnv } from "./env.ts";
import { renderedShell, shell } from "./shell.ts";
import { audit, NO_CHANGES, pathAction } from "../domain/audit.ts";
import { adminActorOf, type Auth, ctxFor, type CtxFor } from "./context.ts";
import { check, checkNow, checkOrEmpty, readFields, readJson, readQuery } from "./validate.ts";
import { isContract, type AnswerOf, type Contract, type SpecMethod } from "../contracts/contract.ts";
import { checkAnswer } from "./answer-check.ts";
import { requireGameKey } from "../identity/game-key.ts";

export type { Auth, CtxFor } from "./context.ts";
export type { SpecMethod };

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
  /** The route's contract (api/contracts/): its schemas and its answer. */
  contract?: Contract;
}

const tables = new WeakMap<object, RouteInfo[]>();
const sources = new WeakMap<RouteInfo, string[]>();
let recordSources = false;
/** From now on, registrations remember where they were made (npm run routes); off by default: a stack per route costs at boot. */
export function recordRouteSources(on = true) {
  recordSources = on;
}
/** Where a route was registered: file:line frames in api/, innermost first (the handler's, then its callers'). */
export function routeSource(info: RouteInfo): string[] {
  return sources.get(info) ?? [];
}
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
  if (info.auth === "player")
    // Nothing to do after the route: the next handler's answer goes on as it comes (at once when it is ready).
    return ((c: Context<HonoEnv>, next: () => unknown) => {
      if (!c.var.player) {
        if (info.kind === "page" && wantsHtml(c))
          return c.redirect(`/${c.var.locale}/public?next=${encodeURIComponent(c.req.path)}`);
        throw new AppError("unauthorized");
      }
      if (info.mutates) assertCsrf(c, "player");
      return next();
    }) as unknown as MiddlewareHandler<HonoEnv>;
  return async (c, next) => {
    if (info.auth === "admin") {
      const admin = c.var.admin;
      if (!admin) {
        if (info.kind === "page" && wantsHtml(c))
          return c.redirect(`/admin/login?next=${encodeURIComponent(c.req.path)}`);
        throw new AppError("unauthorized");
      }
      if (roleRank(admin.role) < roleRank(info.role ?? "support")) throw new AppError("forbidden");
      c.set("adminActor", adminActorOf(c, admin));
    }
    if (info.mutates && (info.auth === "admin" || info.auth === "player")) assertCsrf(c, info.auth);
    await next();
    const actor = c.var.adminActor;
    if (actor && info.mutates && c.res.status < 400 && !actor.request.audited) {
      // A handler that forgot its audit row still leaves one: the log misses no change.
      const { db, clock } = c.var.deps;
      await audit(
        { db, clock, actor },
        { action: pathAction(info.path), summary: `${c.req.method} ${c.req.path}`, details: NO_CHANGES },
      );
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

/** What a route registration states: RouteInfo with kind (action) and mutates (false) optional. */
export type RouteSpec = Omit<RouteInfo, "kind" | "mutates"> & Partial<Pick<RouteInfo, "kind" | "mutates">>;

/**
 * The request boundary of a typed route: zod schemas of the request's parts. The handler gets
 * their outputs merged into one object (path params win over the rest), typed by TypeScript.
 * - `input`: the query string and the body (JSON, form or multipart) merged, whatever the method
 *   (what `readFields` reads) — the usual choice: the spec leaves most methods open.
 * - `query`: the query string only. `json`: the JSON body only (empty body = `{}`).
 * - `params`: the path parameters (`:clanId`), strings before the schema's preprocessing.
 * A failing schema answers 400 `validation` with the spec's messages; nothing runs.
 */
export interface Schemas {
  params?: z.ZodType;
  query?: z.ZodType;
  json?: z.ZodType;
  input?: z.ZodType;
  /** Middlewares run after the guard and before validation (e.g. the game API key check). */
  use?: MiddlewareHandler<HonoEnv>[];
}
type Out<S, K extends keyof Schemas> = S extends { [P in K]: infer Z extends z.ZodType } ? z.output<Z> : unknown;
/** The handler's input: the outputs of the route's schemas, merged. */
export type Input<S extends Schemas> = Out<S, "query"> & Out<S, "json"> & Out<S, "input"> & Out<S, "params">;
/**
 * A route's handler: the request, its typed input, and the service context of the route's auth
 * (an admin route's operator, a player route's player: `verb({ ctx, input })`).
 */
export type TypedHandler<S extends Schemas, A extends Auth = Auth> = (
  c: Context<HonoEnv>,
  input: Input<S>,
  ctx: CtxFor<A>,
) => Response | Promise<Response>;
/**
 * A contract's handler: the request, its typed input and the service context of its auth; returns
 * its output as data (the router serialises it), or a Response of a kind the contract declares.
 */
export type ContractHandler<C extends Contract> = (
  c: Context<HonoEnv>,
  input: Input<C>,
  ctx: CtxFor<C["auth"]>,
) => AnswerOf<C> | Promise<AnswerOf<C>>;
/** What a registration adds to a contract: middlewares after the guard, before validation. */
export interface RouteExtras {
  use?: MiddlewareHandler<HonoEnv>[];
}

/**
 * Validates the request's parts a route declared; one part is handed over as it is. Every part
 * is checked before answering, so one 400 names every bad field — a bad path parameter too,
 * whatever the body holds (the path's message wins for a name both carry).
 */
export function parseInput<S extends Schemas>(c: Context<HonoEnv>, s: S): Input<S> | Promise<Input<S>> {
  // Read every declared part first (only a body waits), then check them all at once: one wait
  // for the body, one for the checks. (zod's synchronous parse is not safe to try first: a union
  // with an async member throws a TypeError from inside instead of its $ZodAsyncError.)
  const reads: [z.ZodType, unknown][] = [];
  let pending = false;
  const read = (schema: z.ZodType | undefined, raw: () => unknown) => {
    if (!schema) return;
    const r = raw();
    if (r instanceof Promise) pending = true;
    reads.push([schema, r]);
  };
  read(s.query, () => readQuery(c));
  read(s.json, () => readJson(c));
  read(s.input, () => readFields(c));
  read(s.params, () => c.req.param());
  if (reads.length === 1) {
    // One part (the usual route): its check is the answer, with no list of parts around it; an
    // empty input that the schema passes as it is (a list read with nothing to say) skips zod.
    const [schema, raw] = reads[0];
    const checked = raw instanceof Promise ? raw.then((r) => checkOrEmpty(schema, r)) : checkOrEmpty(schema, raw);
    return checked instanceof Promise ? (checked.catch(asValidation) as Promise<Input<S>>) : (checked as Input<S>);
  }
  if (!pending) return checkParts<S>(reads);
  return Promise.all(reads.map(([, r]) => r)).then((raws) => checkParts<S>(raws.map((r, i) => [reads[i][0], r])));
}

/** A part's failed check as the route's 400 (other errors as they are). */
function asValidation(e: unknown): never {
  if (!(e instanceof AppError) || e.code !== "validation" || !e.fields) throw e;
  throw new AppError("validation", "error.validation", [], 400, { ...e.fields });
}

/** Every part checked; one 400 names every bad field of them (the path's message wins for a name both carry). */
function checkParts<S extends Schemas>(reads: [z.ZodType, unknown][]): Promise<Input<S>> {
  const checked = reads.map(([schema, raw]) =>
    check(schema, raw).then(
      (data) => ({ data }),
      (e) => {
        if (!(e instanceof AppError) || e.code !== "validation" || !e.fields) throw e;
        return { fields: e.fields };
      },
    ),
  );
  return Promise.all(checked).then((done) => {
    const parts: unknown[] = [];
    const fields: Record<string, FieldMessage>[] = [];
    for (const d of done)
      if ("fields" in d) fields.push(d.fields);
      else parts.push(d.data);
    if (fields.length) throw new AppError("validation", "error.validation", [], 400, Object.assign({}, ...fields));
    if (parts.length === 1) return parts[0] as Input<S>;
    return Object.assign({}, ...(parts as object[])) as Input<S>;
  });
}

function typed<S extends Schemas, A extends Auth>(
  auth: A,
  schemas: S,
  given: TypedHandler<S, A>,
): (MiddlewareHandler<HonoEnv> | Handler<HonoEnv>)[] {
  const params = schemas.params;
  const handler = (c: Context<HonoEnv>, input: Input<S>) => given(c, input, ctxFor(c, auth));
  const run: Handler<HonoEnv> =
    schemas.query || schemas.json || schemas.input
      ? (c) => {
          const input = parseInput(c, schemas);
          return input instanceof Promise ? input.then((v) => handler(c, v)) : handler(c, input);
        }
      : params
        ? // Path parameters alone are checked synchronously: the hot reads (GET /game/api/players/:playerId) pay no extra await.
          (c) => handler(c, checkNow(params, c.req.param()) as Input<S>)
        : (c) => handler(c, {} as Input<S>);
  return [...(schemas.use ?? []), run];
}

/** The contract's answer: data serialised as JSON, a Response as it is; both checked under tests. */
function answering<C extends Contract>(contract: C, handler: ContractHandler<C>): TypedHandler<C, C["auth"]> {
  const respond = (c: Context<HonoEnv>, out: unknown): Response | Promise<Response> => {
    const res = out instanceof Response ? out : c.json(out as object);
    return c.var.deps.settings.checkOutputs ? checkAnswer(contract, c, out, res) : res;
  };
  return (c, input, ctx) => {
    const out = handler(c, input, ctx);
    return out instanceof Promise ? out.then((o) => respond(c, o)) : respond(c, out);
  };
}

const infoOf = (c: Contract): RouteSpec & { contract: Contract } => ({
  method: c.method,
  path: c.path,
  auth: c.auth,
  ...(c.role ? { role: c.role } : {}),
  kind: c.kind,
  mutates: c.mutates,
  contract: c,
});

/**
 * Registers a route of the spec with its method, auth and constraints; where the spec states a
 * method, other methods get 405. The guard runs first (401/403/CSRF, the game key), then the
 * schemas, then the handler with the typed input and its context. With a contract
 * (api/contracts/), the handler returns its output as data:
 *
 *     route(app, profile.rating, async (c, v, ctx) => ratingOf({ ctx, input: v }));
 *
 * The older form (a RouteSpec, the schemas, a handler answering a Response) goes once every route
 * has its contract.
 */
export function route<C extends Contract>(app: Hono<HonoEnv>, contract: C, handler: ContractHandler<C>): void;
export function route<C extends Contract>(
  app: Hono<HonoEnv>,
  contract: C,
  extras: RouteExtras,
  handler: ContractHandler<C>,
): void;
export function route<S extends Schemas, A extends Auth>(
  app: Hono<HonoEnv>,
  info: RouteSpec & { auth: A },
  schemas: S,
  handler: TypedHandler<S, A>,
): void;
export function route(
  app: Hono<HonoEnv>,
  info: RouteSpec | Contract,
  a: Schemas | RouteExtras | ContractHandler<Contract>,
  b?: TypedHandler<Schemas> | ContractHandler<Contract>,
): void {
  if (isContract(info)) {
    const handler = (typeof a === "function" ? a : b) as ContractHandler<Contract>;
    const use = typeof a === "function" ? undefined : (a as RouteExtras).use;
    const schemas: Schemas = { params: info.params, query: info.query, json: info.json, input: info.input, use };
    register(app, infoOf(info), typed(info.auth, schemas, answering(info, handler) as TypedHandler<Schemas>));
    return;
  }
  register(app, info as RouteSpec, typed(info.auth, a as Schemas, b as TypedHandler<Schemas>));
}

function register(app: Hono<HonoEnv>, info: RouteSpec, handlers: (MiddlewareHandler<HonoEnv> | Handler<HonoEnv>)[]) {
  const full: RouteInfo = { kind: "action", mutates: false, ...info };
  if (recordSources) {
    const frames = (new Error().stack ?? "").split("\n").flatMap((line) => {
      const m = /\(?((?:[A-Za-z]:)?[^\s()]+\/api\/[^\s()]+?):(\d+):\d+\)?$/.exec(line.trim());
      return m && !m[1].endsWith("/api/http/router.ts") ? [`${m[1].slice(m[1].lastIndexOf("/api/") + 1)}:${m[2]}`] : [];
    });
    sources.set(
      full,
      frames.filter((f) => !f.startsWith("api/areas.ts") && !f.startsWith("api/app.ts")),
    );
  }
  const list = tables.get(app) ?? [];
  list.push(full);
  tables.set(app, list);
  const methods = methodsOf(full.method);
  // Only signed-in routes have anything to guard; the others skip a middleware layer. The game
  // key is checked synchronously (the game API's hot read keeps its fast path), before any 400.
  const guarded = full.auth === "player" || full.auth === "admin";
  const chain = (
    guarded ? [guard(full), ...handlers] : full.auth === "game" ? [requireGameKey, ...handlers] : handlers
  ) as [MiddlewareHandler<HonoEnv>];
  // Hono does not match an optional parameter that has a pattern (`/:type{[^/]+}?`): a contract's
  // path keeps the spec's form in the route table and is served at the addresses it stands for.
  const addresses = full.contract ? [full.path, ...withoutOptionals(full.path)] : [full.path];
  if (methods.length === 0) {
    for (const path of addresses) app.all(path, ...chain);
  } else {
    if (methods.includes("GET")) methods.push("HEAD");
    // A path may carry a contract per method (a GET read and a POST action on one address): the
    // first registration's 405 answer stands for the path and lets the later ones' methods through.
    const byPath = pathMethods.get(app) ?? new Map<string, string[]>();
    pathMethods.set(app, byPath);
    const allowed = byPath.get(full.path);
    if (allowed && (full.contract === undefined || allowed.some((m) => methods.includes(m))))
      throw new Error(`${full.path}: registered twice (a second registration needs a contract of other methods)`);
    for (const path of addresses) app.on(methods, path, ...chain);
    if (allowed) {
      allowed.push(...methods);
      return;
    }
    byPath.set(full.path, methods);
    const refuse = () =>
      app.all(full.path, (c, next) => {
        if (methods.includes(c.req.method)) return next();
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

/** The addresses a path with an optional patterned parameter stands for: without it, and with it required. */
function withoutOptionals(path: string): string[] {
  const optional = /\/:\w+\{(?:[^{}]|\{[^{}]*\})*\}\?/g;
  if (!optional.test(path)) return [];
  return [path.replace(optional, "") || "/", path.replace(/(\/:\w+\{(?:[^{}]|\{[^{}]*\})*\})\?/g, "$1")];
}

const pendingRefusals = new WeakMap<object, (() => void)[]>();
/** The methods registered per path of an app (see register: one contract per method). */
const pathMethods = new WeakMap<object, Map<string, string[]>>();

/** Collects the 405 answers while the areas register (see finishRoutes). */
export function beginRoutes(app: Hono<HonoEnv>) {
  pendingRefusals.set(app, []);
}

/** Registers the collected 405 answers after every area's routes. */
export function finishRoutes(app: Hono<HonoEnv>) {
  for (const refuse of pendingRefusals.get(app) ?? []) refuse();
  pendingRefusals.delete(app);
}

type PageSpec = Omit<RouteInfo, "kind" | "mutates" | "method" | "contract"> & {
  method?: SpecMethod;
  /**
   * Rendered on the server for a browser (api/http/shell.ts renderedShell): the first pages a
   * visitor opens (the landing, the hangar). The page's own data (its loader's JSON) is drawn into
   * the HTML and handed to the browser with it; a function says from the data whether to (else the
   * bare shell).
   */
  ssr?: boolean | ((data: unknown) => boolean);
};

/**
 * A page route: the browser gets the HTML shell (the React app renders it); a request that
 * asks for JSON (Accept: application/json) gets the loader's data, so a page and its data share
 * one address and one guard. Typed like route(): `page(app, info, { input }, (c, input) => …)`;
 * the schemas apply to the JSON request only (the shell needs no input).
 */
export function page<C extends Contract>(
  app: Hono<HonoEnv>,
  contract: C,
  loader?: ContractHandler<C>,
  options?: Pick<PageSpec, "ssr">,
): void;
export function page<S extends Schemas, A extends Auth>(
  app: Hono<HonoEnv>,
  info: PageSpec & { auth: A },
  schemas: S,
  loader: TypedHandler<S, A>,
): void;
export function page(app: Hono<HonoEnv>, info: PageSpec, loader?: Handler<HonoEnv>): void;
export function page(
  app: Hono<HonoEnv>,
  spec: PageSpec | Contract,
  a?: Schemas | Handler<HonoEnv> | ContractHandler<Contract>,
  b?: TypedHandler<Schemas, Auth> | Pick<PageSpec, "ssr">,
) {
  // A contract's page: (contract, loader, options) — the options say whether it is rendered on the server.
  const ssr = isContract(spec) ? (b as Pick<PageSpec, "ssr"> | undefined)?.ssr : spec.ssr;
  if (isContract(spec)) {
    if (spec.kind !== "page") throw new Error(`${spec.path}: page() takes a contract of kind "page"`);
    b = a ? (answering(spec, a as ContractHandler<Contract>) as TypedHandler<Schemas, Auth>) : undefined;
    a = spec;
  }
  const info: PageSpec = isContract(spec) ? infoOf(spec) : spec;
  const run = typeof b === "function" ? b : undefined;
  const loader: Handler<HonoEnv> | undefined =
    typeof a === "function"
      ? (a as Handler<HonoEnv>)
      : a && run
        ? (c) => {
            const ctx = ctxFor(c, info.auth);
            if (!(a.params || a.query || a.json || a.input)) return run(c, {}, ctx);
            const input = parseInput(c, a);
            return input instanceof Promise ? input.then((v) => run(c, v, ctx)) : run(c, input, ctx);
          }
        : undefined;
  const before = typeof a === "object" ? (a.use ?? []) : [];
  register(app, { method: "ANY", ...info, kind: "page" }, [
    ...before,
    async (c, next) => {
      if (wantsHtml(c) || !loader) {
        if (!loader && c.req.method !== "GET" && c.req.method !== "HEAD")
          throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
        if (loader && ssr && c.req.method === "GET") {
          const answer = (await loader(c, next)) as Response | undefined;
          const data =
            answer instanceof Response && answer.ok && answer.headers.get("content-type")?.includes("json")
              ? ((await answer.json()) as unknown)
              : undefined;
          if (data !== undefined && (ssr === true || ssr(data))) return renderedShell(c, data);
        }
        return shell(c);
      }
      return loader(c, next);
    },
  ]);
}
