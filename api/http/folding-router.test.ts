// The folding router must change nothing an app can observe but the promises: the same app on
// Hono's own router and on this one answers every request alike.
import { test, expect } from "bun:test";
import { Hono, type ErrorHandler, type MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { FoldingRouter } from "./folding-router.ts";

function build(folding: boolean) {
  const app: Hono = new Hono(folding ? { router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler) } : { router: new TrieRouter() });
  const seen: string[] = [];
  app.use("*", ((c, next) => {
    seen.push("outer");
    c.header("x-outer", "1");
    const done = next();
    const after = () => void c.res.headers.set("x-status-seen", String(c.res.status));
    return done instanceof Promise ? done.then(after) : after();
  }) as MiddlewareHandler);
  app.use("/users/*", async (c, next) => {
    seen.push("users-mw");
    await next();
  });
  app.get("/users/:id{[0-9]+}", (c) => c.json({ id: c.req.param("id") }));
  app.get("/users/:id{[0-9]+}/slow", async (c) => {
    await Bun.sleep(1);
    return c.json({ slow: c.req.param("id") });
  });
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.get("/boom-late", async () => {
    await Bun.sleep(1);
    throw new Error("late");
  });
  // A middleware that answers itself, and one that passes on to nothing.
  app.get("/stop", (c, next) => (c.req.query("go") ? next() : c.text("stopped", 202)));
  app.all("/stop", (c) => c.text("went on"));
  app.get("/nothing/*", async (_c, next) => {
    await next();
  });
  app.onError((err, c) => c.json({ error: err.message }, 500));
  app.notFound((c) => c.json({ error: "not here" }, 404));
  return { app, seen };
}

const requests = ["/users/7", "/users/7/slow", "/users/x", "/boom", "/boom-late", "/stop", "/stop?go=1", "/nothing/here", "/elsewhere"];

test("an app answers every request alike on Hono's router and on the folding one, middleware order included", async () => {
  const plain = build(false);
  const folded = build(true);
  for (const path of requests) {
    plain.seen.length = folded.seen.length = 0;
    const [a, b] = await Promise.all([plain.app.request(path), folded.app.request(path)]);
    expect({ path, status: b.status, body: await b.text(), headers: [...b.headers] }).toEqual({ path, status: a.status, body: await a.text(), headers: [...a.headers] });
    expect(folded.seen).toEqual(plain.seen);
  }
});

test("a chain whose handlers all answer at once is answered without a promise", async () => {
  const { app } = build(true);
  const fast = app.fetch(new Request("http://x/boom"));
  expect(fast).not.toBeInstanceOf(Promise);
  expect((fast as Response).status).toBe(500);
  expect((fast as Response).headers.get("x-status-seen")).toBe("500"); // the outer layer saw the error's answer
  // One async layer on the way makes it a promise, with the same answer.
  const slow = app.fetch(new Request("http://x/users/7/slow"));
  expect(slow).toBeInstanceOf(Promise);
  expect(await (await slow).json()).toEqual({ slow: "7" });
});

test("the one difference: a wildcard middleware sees the route's parameters too (Hono's compose shows it none)", async () => {
  const app: Hono = new Hono({ router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler) });
  let inMiddleware: unknown;
  app.use("/users/*", async (c, next) => {
    inMiddleware = c.req.param();
    await next();
  });
  app.get("/users/:id{[0-9]+}", (c) => c.json(c.req.param()));
  expect(await (await app.request("/users/7")).json()).toEqual({ id: "7" });
  expect(inMiddleware).toEqual({ id: "7" });
});

test("next() called twice is refused as in Hono's compose", async () => {
  const app: Hono = new Hono({ router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler) });
  app.use("*", async (_c, next) => {
    await next();
    await next();
  });
  app.get("/", (c) => c.text("ok"));
  app.onError((err, c) => c.text(err.message, 500));
  const res = await app.request("/");
  expect(res.status).toBe(500);
  expect(await res.text()).toBe("next() called multiple times");
});
