// The typed request boundary: route()/page() validate the declared parts of a request and hand
// the handler their typed outputs; bad input is a 400 with field messages and the handler never runs.
import { test, expect } from "bun:test";
import { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "./env.ts";
import { AppError } from "../domain/errors.ts";
import { route, page, beginRoutes, finishRoutes } from "./router.ts";
import * as f from "../domain/fields.ts";

function app() {
  const a = new Hono<HonoEnv>();
  a.use("*", async (c, next) => {
    c.set("locale", "en");
    if (c.req.header("x-player")) c.set("player", { playerId: 1, csrfToken: "t", tokenHash: "h" });
    await next();
  });
  a.onError((err, c) =>
    err instanceof AppError
      ? c.json({ code: err.code, fields: err.fields ?? null }, err.status)
      : c.json({ code: "internal", message: String(err) }, 500),
  );
  return a;
}

test("input merges query and body; the handler's input is typed from the schema", async () => {
  const a = app();
  let ran = 0;
  route(
    a,
    { method: "ANY", path: "/sum", auth: "public" },
    { input: z.object({ a: f.int(0, 10), b: f.optional(f.int(0, 10)).default(1) }) },
    (c, v) => {
      ran++;
      const sum: number = v.a + v.b; // a compile error if input were untyped
      return c.json({ sum });
    },
  );
  expect(await (await a.request("/sum?a=2&b=3")).json()).toEqual({ sum: 5 });
  expect(
    await (
      await a.request("/sum?b=9", {
        method: "POST",
        body: JSON.stringify({ a: 4 }),
        headers: { "content-type": "application/json" },
      })
    ).json(),
  ).toEqual({ sum: 13 });
  expect(await (await a.request("/sum", { method: "POST", body: new URLSearchParams({ a: "7" }) })).json()).toEqual({
    sum: 8,
  });
  const bad = await a.request("/sum?a=11");
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ code: "validation", fields: { a: { id: "validation.max", values: [10] } } });
  expect(ran).toBe(3);
});

test("params, query and json are read from their own parts and merged; params win", async () => {
  const a = app();
  beginRoutes(a);
  route(
    a,
    { method: "POST", path: "/clans/:id", auth: "public" },
    {
      params: z.object({ id: f.id() }),
      query: z.object({ q: f.optionalText(5) }),
      json: z.object({ name: f.text(1, 10), id: z.unknown().optional() }),
    },
    (c, v) => c.json({ id: v.id, q: v.q ?? null, name: v.name }),
  );
  finishRoutes(a);
  const ok = await a.request("/clans/7?q=x&name=fromQuery", {
    method: "POST",
    body: JSON.stringify({ name: "n", id: 99 }),
    headers: { "content-type": "application/json" },
  });
  expect(await ok.json()).toEqual({ id: 7, q: "x", name: "n" });
  // The json part does not read the query string.
  const missing = await a.request("/clans/7?name=fromQuery", { method: "POST" });
  expect(missing.status).toBe(400);
  expect(((await missing.json()) as { fields: Record<string, unknown> }).fields).toEqual({
    name: { id: "validation.required" },
  });
  expect(
    (await a.request("/clans/x", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }))
      .status,
  ).toBe(400);
  expect(
    (await a.request("/clans/7", { method: "POST", body: "{nope", headers: { "content-type": "application/json" } }))
      .status,
  ).toBe(400);
  expect((await a.request("/clans/7")).status).toBe(405);
});

test("the guard answers before validation; use[] runs between them", async () => {
  const a = app();
  const order: string[] = [];
  route(
    a,
    { method: "ANY", path: "/me", auth: "player" },
    {
      input: z.object({ n: f.int() }),
      use: [
        async (_c, next) => {
          order.push("use");
          await next();
        },
      ],
    },
    (c, v) => {
      order.push("handler");
      return c.json({ n: v.n });
    },
  );
  expect((await a.request("/me?n=x")).status).toBe(401);
  expect(order).toEqual([]);
  expect((await a.request("/me?n=x", { headers: { "x-player": "1" } })).status).toBe(400);
  expect(order).toEqual(["use"]);
  expect(await (await a.request("/me?n=2", { headers: { "x-player": "1" } })).json()).toEqual({ n: 2 });
  expect(order).toEqual(["use", "use", "handler"]);
});

test("a typed page validates the JSON request only; the browser gets the shell", async () => {
  const a = app();
  page(
    a,
    { path: "/list/", auth: "public" },
    { input: z.object({ page: f.optional(f.int(1, 100)).default(1) }) },
    (c, v) => c.json({ page: v.page }),
  );
  expect(await (await a.request("/list/?page=3", { headers: { accept: "application/json" } })).json()).toEqual({
    page: 3,
  });
  expect((await a.request("/list/?page=0", { headers: { accept: "application/json" } })).status).toBe(400);
});

test("with sources recorded, a route knows the file:line it was registered at (npm run routes)", async () => {
  const { recordRouteSources, routeSource, routeTable } = await import("./router.ts");
  const a = app();
  recordRouteSources(true);
  try {
    route(a, { method: "GET", path: "/here", auth: "public" }, {}, (c) => c.text("here")); // the line below names this one
    const line = Number(new Error().stack!.split("\n")[1]!.match(/:(\d+):\d+\)?$/)![1]) - 1;
    expect(routeSource(routeTable(a)[0]!)[0]).toBe(`api/http/router.test.ts:${line}`);
  } finally {
    recordRouteSources(false);
  }
});
