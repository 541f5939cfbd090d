// Route contracts (api/contracts/): the handler returns data and the router serialises it; under
// tests (settings.checkOutputs) an answer its contract does not allow is a 500 that names what was
// wrong, whether a field is missing, mistyped or not in the schema, or a Response of an undeclared
// kind. Off (production), the data is only serialised.
import { test, expect } from "bun:test";
import { Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "./env.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../domain/errors.ts";
import { route, page } from "./router.ts";
import { contract, requestOf } from "../contracts/contract.ts";
import * as f from "../domain/fields.ts";

function app(checkOutputs = true) {
  const a = new Hono<HonoEnv>();
  a.use("*", async (c, next) => {
    c.set("locale", "en");
    c.set("deps", { settings: { checkOutputs } } as unknown as Deps);
    await next();
  });
  a.onError((err, c) =>
    err instanceof AppError
      ? c.json({ code: err.code }, err.status)
      : c.json({ code: "internal", name: (err as Error).name, message: (err as Error).message }, 500),
  );
  return a;
}

const tank = contract({
  method: "GET",
  path: "/tanks/:tankId{[0-9]+}",
  auth: "public",
  params: z.object({ tankId: f.id() }),
  output: z.object({ id: z.int(), name: z.string(), tier: z.int().min(1).max(10), premium: z.boolean().optional() }),
});

/** A route answering whatever the test hands it, through the tank contract. */
function answering(answer: unknown, checkOutputs = true) {
  const a = app(checkOutputs);
  // The handler's type is the contract's: data outside it would not compile, so the wrong answers
  // of this test come in as `unknown` and are cast the way a bug would slip them through.
  route(a, tank, (_c, v) => ({ ...(answer as { id: number; name: string; tier: number }), id: v.tankId }));
  return a;
}

test("the handler returns data; the router answers it as JSON, with the status the handler set", async () => {
  const a = app();
  route(a, tank, (c, v) => {
    if (v.tankId === 2) c.status(201);
    return { id: v.tankId, name: "T-34", tier: 5 };
  });
  const res = await a.request("/tanks/7");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(await res.json()).toEqual({ id: 7, name: "T-34", tier: 5 });
  expect((await a.request("/tanks/2")).status).toBe(201);
});

test("an answer its output schema does not allow is a 500 naming the field: missing, mistyped, out of range", async () => {
  for (const [answer, field] of [
    [{ name: "T-34" }, "tier"],
    [{ name: 34, tier: 5 }, "name"],
    [{ name: "T-34", tier: 11 }, "tier"],
    [{ name: "T-34", tier: 5, premium: "yes" }, "premium"],
  ] as const) {
    const res = await answering(answer).request("/tanks/7");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { name: string; message: string };
    expect(body.name).toBe("ContractViolation");
    expect(body.message).toContain("GET /tanks/:tankId{[0-9]+}");
    expect(body.message).toContain(`${field}:`);
  }
});

test("a field the output schema does not name is a 500 too (it would reach the client untyped)", async () => {
  const res = await answering({ name: "T-34", tier: 5, passwordHash: "x" }).request("/tanks/7");
  expect(res.status).toBe(500);
  expect(((await res.json()) as { message: string }).message).toContain("carries passwordHash");
  const nested = contract({
    method: "GET",
    path: "/list",
    auth: "public",
    output: z.object({ rows: z.array(z.object({ id: z.int() })) }),
  });
  const a = app();
  route(a, nested, () => ({ rows: [{ id: 1 }, { id: 2, secret: true }] }) as { rows: { id: number }[] });
  const res2 = await a.request("/list");
  expect(res2.status).toBe(500);
  expect(((await res2.json()) as { message: string }).message).toContain("carries rows.1.secret");
});

test("checked as the wire carries it: undefined fields vanish, a Date is a string", async () => {
  const a = app();
  const when = contract({
    method: "GET",
    path: "/when",
    auth: "public",
    output: z.object({ at: z.string(), note: z.string().optional() }),
  });
  route(a, when, () => ({ at: new Date(0) as unknown as string, note: undefined }));
  const bad = contract({ method: "GET", path: "/bad", auth: "public", output: z.object({ at: z.int() }) });
  route(a, bad, () => ({ at: new Date(0) as unknown as number }));
  expect(await (await a.request("/when")).json()).toEqual({ at: "1970-01-01T00:00:00.000Z" });
  expect((await a.request("/bad")).status).toBe(500);
});

test("a Response must be of a kind the contract declares; JSON Responses are checked against the output", async () => {
  const a = app();
  const file = contract({ method: "GET", path: "/export", auth: "public", answers: ["file", "redirect"] });
  route(a, file, (c, _v) =>
    c.req.query("go")
      ? c.redirect("/elsewhere")
      : new Response("a,b\n1,2\n", { headers: { "content-type": "text/csv" } }),
  );
  const htmlOnly = contract({ method: "GET", path: "/doc", auth: "public", answers: ["html"] });
  route(a, htmlOnly, (c) => c.redirect("/x"));
  const mixed = contract({
    method: "GET",
    path: "/mixed",
    auth: "public",
    output: z.object({ ok: z.boolean() }),
    answers: ["html"],
  });
  route(a, mixed, (c) => (c.req.query("bad") ? c.json({ ok: "no" }) : c.html("<p>hi</p>")));

  expect((await a.request("/export")).status).toBe(200);
  expect((await a.request("/export?go=1")).status).toBe(302);
  const res = await a.request("/doc");
  expect(res.status).toBe(500);
  expect(((await res.json()) as { message: string }).message).toContain("answered redirect");
  expect((await a.request("/mixed")).status).toBe(200);
  expect((await a.request("/mixed?bad=1")).status).toBe(500);
});

test("errors are thrown, not answered: a 4xx passes through unchecked", async () => {
  const a = app();
  route(a, tank, () => {
    throw new AppError("not_found");
  });
  expect((await a.request("/tanks/3")).status).toBe(404);
});

test("without checkOutputs (production) the data is only serialised", async () => {
  const res = await answering({ name: "T-34", tier: 11, extra: 1 }, false).request("/tanks/7");
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ id: 7, name: "T-34", tier: 11, extra: 1 });
});

test("a page contract: the shell to a browser, the checked output as JSON", async () => {
  const a = app();
  const landing = contract({
    method: "ANY",
    path: "/:locale{ru|en}/start",
    auth: "public",
    kind: "page",
    output: z.object({ hello: z.string() }),
  });
  page(a, landing, () => ({ hello: "world" }));
  const json = await a.request("/en/start", { headers: { accept: "application/json" } });
  expect(await json.json()).toEqual({ hello: "world" });
});

test("a caller's request: the method, the path's parameters and the query or the body", () => {
  expect(requestOf(tank, { tankId: 7 })).toEqual({ method: "GET", url: "/tanks/7" });
  const search = contract({
    method: "ANY",
    path: "/:locale{ru|en}/search/:type{[^/]+}?/",
    auth: "public",
    params: z.object({ type: f.optional(z.string()) }),
    output: z.object({}),
  });
  expect(requestOf(search, { locale: "en", type: "news", q: "a b", tags: [1, 2] })).toEqual({
    method: "GET",
    url: "/en/search/news/?q=a+b&tags=1&tags=2",
  });
  expect(requestOf(search, { locale: "ru" }).url).toBe("/ru/search/");
  const save = contract({ method: "ANY", path: "/save", auth: "player", mutates: true, output: z.object({}) });
  expect(requestOf(save, { a: 1 })).toEqual({ method: "POST", url: "/save", body: { a: 1 } });
  expect(() => requestOf(tank, {})).toThrow("tankId");
});

test("one path carries a GET contract and a POST contract: each answers its method, the others get 405", async () => {
  const a = app();
  const read = contract({
    method: "GET",
    path: "/door",
    auth: "public",
    query: z.object({ code: z.string() }),
    output: z.object({ open: z.boolean() }),
  });
  const act = contract({
    method: "POST",
    path: "/door",
    auth: "public",
    mutates: true,
    input: z.object({ code: z.string() }),
    output: z.object({ opened: z.string() }),
  });
  route(a, read, (_c, v) => ({ open: v.code === "k" }));
  route(a, act, (_c, v) => ({ opened: v.code }));
  expect(await (await a.request("/door?code=k")).json()).toEqual({ open: true });
  const posted = await a.request("/door", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: "x" }),
  });
  expect(await posted.json()).toEqual({ opened: "x" });
  const other = await a.request("/door", { method: "DELETE" });
  expect(other.status).toBe(405);
  expect(other.headers.get("allow")).toBe("GET, HEAD, POST");
  // The same method twice on one path is a mistake, said at registration.
  expect(() => route(a, act, () => ({ opened: "again" }))).toThrow(/registered twice/);
});
