import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from "hono";
import { FoldingRouter } from "./http/folding-router.ts";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import type { Deps } from "./deps.ts";
import type { HonoEnv } from "./http/env.ts";
import { AppError } from "./domain/errors.ts";
import { WarehouseUnavailable } from "../warehouse/supervisor.ts";
import { addServerMessages } from "./i18n/index.ts";

addServerMessages({
  en: {
    "error.warehouseUnavailable":
      "The analytics warehouse is not available right now. Events are kept and arrive once it is back.",
  },
  ru: {
    "error.warehouseUnavailable":
      "Хранилище аналитики сейчас недоступно. События сохраняются и поступят, когда оно вернётся.",
  },
});
import { parse as parseCookies } from "hono/utils/cookie";
import { LOCALE_COOKIE, resolveLocale } from "./http/locale.ts";
import { loadAdmin, loadPlayer, PLAYER_COOKIE } from "./http/session.ts";
import { translate } from "./i18n/index.ts";
import { shell } from "./http/shell.ts";
import { API_HEADERS, captureDocumentHeaders } from "./http/security-headers.ts";
import { registerAreas } from "./areas.ts";
import { beginRoutes, finishRoutes } from "./http/router.ts";

export const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface AppOptions {
  /**
   * "folding" (the default): one handler per match, run synchronously as far as it can go
   * (api/http/folding-router.ts) — purely a speed-up, it reads Hono internals pinned by
   * api/http/hono-contract.test.ts. "stock": Hono's own router and compose; the app answers
   * alike (`npm test` runs the suite on both: TK_ROUTER=stock in the fixture).
   */
  router?: "folding" | "stock";
}

/** The whole product as one Hono app. No I/O happens here: everything comes in through deps. */
export function createApp(deps: Deps, opts: AppOptions = {}): Hono<HonoEnv> {
  const app: Hono<HonoEnv> =
    opts.router === "stock"
      ? new Hono<HonoEnv>()
      : new Hono<HonoEnv>({
          router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler),
        });

  captureDocumentHeaders();
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError("payload_too_large");
    },
  });
  // The body limit: a declared Content-Length (what clients over the wire send) is checked at
  // once, as bodyLimit checks it, without bodyLimit's promise; a body of unknown length is counted
  // by bodyLimit as it is read.
  const withinLimit = (c: Context<HonoEnv>, rest: () => unknown) => {
    const headers = c.req.raw.headers;
    const length = headers.get("content-length");
    if (length === null || headers.has("transfer-encoding")) return limitBody(c, rest as () => Promise<void>);
    if (Number.parseInt(length || "0", 10) > MAX_BODY_BYTES) throw new AppError("payload_too_large");
    return rest();
  };
  // What every request needs — deps, locale, security headers, the body limit when there is a
  // body, the player's session — in one middleware: each registered middleware is another layer
  // on every request (bench/api-read.ts). The headers go in as the response's prepared headers,
  // baked into the Response when it is built.
  // Synchronous unless something below it waits: a read answered at once goes out at once.
  app.use("*", ((c, next) => {
    const path = c.req.path;
    // A path whose %-encoding does not decode (`/admin/api/user/%E0`) is bad input for every
    // route: Hono keeps such a parameter as it came, and a handler decoding it threw a 500.
    if (path.includes("%") && !decodablePath(c.req.url)) {
      keepVariablesPlain(c, { deps, locale: resolveLocale(path, undefined, c.req.header("accept-language")) });
      throw new AppError("malformed");
    }
    // The Cookie header parsed once, for the language and the player's session (as getCookie reads each).
    const header = c.req.header("cookie");
    const cookies = header ? parseCookies(header) : undefined;
    keepVariablesPlain(c, {
      deps,
      locale: resolveLocale(path, cookies?.[LOCALE_COOKIE], c.req.header("accept-language")),
    });
    for (const [k, v] of API_HEADERS) c.header(k, v);
    // The admin paths load the admin's session (below); assets need none; no cookie, no session.
    const token = cookies?.[PLAYER_COOKIE];
    const rest =
      token && !path.startsWith("/admin") && !path.startsWith("/assets/")
        ? () => loadPlayer(c, token, next) as Promise<void>
        : next;
    const method = c.req.method;
    const done = method !== "GET" && method !== "HEAD" && c.req.raw.body ? withinLimit(c, rest) : rest();
    return done instanceof Promise ? done.then(() => addApiHeaders(c)) : addApiHeaders(c);
  }) as MiddlewareHandler<HonoEnv>);
  app.use("/assets/*", async (c, next) => {
    const res = await deps.assets?.fetch(c.req.raw);
    if (res) return res;
    await next();
  });
  app.use("/admin/*", loadAdmin);
  app.use("/admin", loadAdmin);

  // The server is healthy while its store answers: with the warehouse down it still serves every
  // page and keeps the events in the outbox, so a load balancer must not take it out.
  app.get("/healthz", async (c) => {
    const [db, warehouse] = await Promise.all([
      deps.client.execute("SELECT 1").then(
        () => true,
        () => false,
      ),
      deps.warehouse.ping().catch(() => false),
    ]);
    return c.json({ ok: db && warehouse, db, warehouse: warehouse ? deps.warehouse.kind : false }, db ? 200 : 503);
  });

  beginRoutes(app);
  registerAreas(app);
  finishRoutes(app);

  app.notFound((c) => {
    const accept = c.req.header("accept") ?? "";
    if ((c.req.method === "GET" || c.req.method === "HEAD") && accept.includes("text/html")) return shell(c, 404);
    return errorResponse(c, new AppError("not_found"));
  });
  app.onError((err, c) => {
    if (err instanceof AppError) return errorResponse(c, err);
    // decodeURIComponent / encodeURIComponent on input that is not valid UTF-8 or %-encoding
    // (a parameter decoded twice, a lone surrogate): the request is bad, not the server.
    if (err instanceof URIError) return errorResponse(c, new AppError("malformed"));
    // ClickHouse down (or not yet migrated at start): the dashboards wait, the site works on.
    if (err instanceof WarehouseUnavailable)
      return errorResponse(c, new AppError("unavailable", "error.warehouseUnavailable", [], 503));
    if (err instanceof HTTPException) {
      if (err.status === 413) return errorResponse(c, new AppError("payload_too_large"));
      if (err.status === 400) return errorResponse(c, new AppError("malformed"));
      if (err.status === 401) return errorResponse(c, new AppError("unauthorized"));
      return err.getResponse();
    }
    deps.logger.error("unhandled error", {
      requestId: c.req.header("x-request-id") ?? crypto.randomUUID(),
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return errorResponse(c, new AppError("internal"));
  });
  return app;
}

/** True when the URL's path %-decodes (UTF-8); the query string is decoded leniently elsewhere. */
function decodablePath(url: string): boolean {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  const q = url.indexOf("?", start);
  try {
    decodeURIComponent(url.slice(start, q < 0 ? undefined : q));
    return true;
  } catch {
    return false;
  }
}

/** A handler that answered with a Response of its own (assets, streams) skipped the prepared headers. */
function addApiHeaders(c: Context<HonoEnv>) {
  const headers = c.res.headers;
  if (!headers.has("x-content-type-options")) for (const [k, v] of API_HEADERS) headers.set(k, v);
}

/**
 * The request's variables in one plain object behind c.var, c.get and c.set. Hono keeps them in
 * a Map and builds a new object from it (Object.fromEntries) on every read of c.var, which our
 * guards and handlers do hundreds of times across the app and several times a request.
 */
function keepVariablesPlain(c: Context<HonoEnv>, initial: Pick<HonoEnv["Variables"], "deps" | "locale">) {
  const vars: Partial<HonoEnv["Variables"]> = initial;
  Object.defineProperty(c, "var", { value: vars });
  const ctx = c as unknown as { set(k: string, v: unknown): void; get(k: string): unknown };
  ctx.set = (k, v) => void ((vars as Record<string, unknown>)[k] = v);
  ctx.get = (k) => (vars as Record<string, unknown>)[k];
}

function errorResponse(c: import("hono").Context<HonoEnv>, err: AppError) {
  const locale = c.var.locale ?? "ru";
  const fields = err.fields
    ? Object.fromEntries(Object.entries(err.fields).map(([k, m]) => [k, translate(locale, m.id, m.values)]))
    : undefined;
  for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
  if (err.code === "rate_limited" && Array.isArray(err.values) && err.values[0] !== undefined)
    c.header("Retry-After", String(err.values[0]));
  return c.json(
    { error: { code: err.code, message: translate(locale, err.messageId, err.values), ...(fields ? { fields } : {}) } },
    err.status,
  );
}
