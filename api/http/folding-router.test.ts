// The folding router must change nothing an app can observe but the promises: the same app on
// Hono's own router and on this one answers every request alike.
import { test, expect, spyOn } from "bun:test";
import { Hono, type ErrorHandler, type MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { FoldingRouter } from "./folding-router.ts";

function build(folding: boolean) {
  const app: Hono = new Hono(
    folding
      ? { router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler) }
      : { router: new TrieRouter() },
  );
  const seen: string[] = [];
  app.use("*", ((c, next) => {
    seen.push("outer");
    c.header("x-outer", "1");
    const done = next();
    const after = () => void c.res.headers.set("x-status-seen", String(c.res.status));
    return done instanceof Promise ? done.then(after) : after();
  }) as MiddlewareHandler);
  app.use("/users/*", async (_c, next) => {
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

const requests = [
  "/users/7",
  "/users/7/slow",
  "/users/x",
  "/boom",
  "/boom-late",
  "/stop",
  "/stop?go=1",
  "/nothing/here",
  "/elsewhere",
];

test("an app answers every request alike on Hono's router and on the folding one, middleware order included", async () => {
  const plain = build(false);
  const folded = build(true);
  for (const path of requests) {
    plain.seen.length = folded.seen.length = 0;
    const [a, b] = await Promise.all([plain.app.request(path), folded.app.request(path)]);
    expect({ path, status: b.status, body: await b.text(), headers: [...b.headers] }).toEqual({
      path,
      status: a.status,
      body: await a.text(),
      headers: [...a.headers],
    });
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
  const app: Hono = new Hono({
    router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler),
  });
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
  const app: Hono = new Hono({
    router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler),
  });
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

function foldingApp() {
  const app: Hono = new Hono({
    router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler),
  });
  return app;
}

test("paths that differ only in digit segments are searched once, each with its own parameters", async () => {
  const app = foldingApp();
  app.use("*", async (_c, next) => void (await next()));
  app.get("/clans/:name/members/:id{[0-9]+}", (c) => c.json(c.req.param()));
  app.get("/a/:x{[0-9]+}/b/:y{[0-9a-f]+}", (c) => c.json(c.req.param()));
  app.get("/a/:x{[0-9]+}/b/new", (c) => c.text("new"));
  const search = spyOn(TrieRouter.prototype, "match");
  try {
    expect(await (await app.request("/clans/Foo/members/12")).json()).toEqual({ name: "Foo", id: "12" });
    expect(await (await app.request("/clans/Foo/members/13")).json()).toEqual({ name: "Foo", id: "13" });
    expect(await (await app.request("/clans/Bar/members/13")).json()).toEqual({ name: "Bar", id: "13" });
    expect(search).toHaveBeenCalledTimes(2); // Foo's shape once, Bar's once
    expect(await (await app.request("/a/5/b/5")).json()).toEqual({ x: "5", y: "5" });
    expect(await (await app.request("/a/5/b/6")).json()).toEqual({ x: "5", y: "6" });
    expect(await (await app.request("/a/77/b/ff")).json()).toEqual({ x: "77", y: "ff" });
    expect(await (await app.request("/a/5/b/new")).text()).toBe("new");
    expect((await app.request("/a/x/b/5")).status).toBe(404);
    expect((await app.request("/nowhere/5")).status).toBe(404);
    expect((await app.request("/nowhere/6")).status).toBe(404);
    const long = `/clans/${"x".repeat(300)}/members/9`; // too long to keep: searched, answered alike
    expect(await (await app.request(long)).json()).toEqual({ name: "x".repeat(300), id: "9" });
  } finally {
    search.mockRestore();
  }
});

test("a route table where digits decide the match is searched in full", async () => {
  for (const [path, other] of [
    ["/v/2024/x", "/v/2025/x"],
    ["/w/:n{[0-9]{4}}", "/w/12345"],
  ] as const) {
    const app = foldingApp();
    app.get(path, (c) => c.text("special"));
    app.get("/:any{[a-z]+}/:n{[0-9]+}/:rest?", (c) => c.text("general"));
    app.get("/w/:n{[0-9]+}", (c) => c.text("general"));
    const probe = path.includes(":") ? "/w/1234" : path;
    expect(await (await app.request(probe)).text()).toBe("special");
    expect(await (await app.request(other)).text()).toBe("general");
    expect(await (await app.request(probe)).text()).toBe("special");
  }
});

test("a route added after requests were answered is found", async () => {
  const app = foldingApp();
  app.get("/p/:id{[0-9]+}", (c) => c.text("old"));
  expect((await app.request("/q/1")).status).toBe(404);
  app.get("/q/:id{[0-9]+}", (c) => c.text(`new ${c.req.param("id")}`));
  expect(await (await app.request("/q/2")).text()).toBe("new 2");
});
