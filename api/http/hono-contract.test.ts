// What the folding router (folding-router.ts) and createApp's plain c.var (app.ts
// keepVariablesPlain) rely on in Hono, pinned: an upgrade of `hono` that changes any of it fails
// here, before it changes behaviour. When this fails, re-read folding-router.ts against the new
// hono/dist/compose.js and hono-base.js #dispatch, adjust, then update the pins below (and keep
// `hono` pinned exactly in package.json). The app runs on the stock router too: createApp(deps,
// { router: "stock" }) (npm test runs the suite on both).
import { test, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { Hono, type Context, type ErrorHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { FoldingRouter } from "./folding-router.ts";

const dist = `${import.meta.dir}/../../node_modules/hono/dist`;
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

test("hono is the pinned version, exactly", async () => {
  const pkg = JSON.parse(readFileSync(`${import.meta.dir}/../../package.json`, "utf8"));
  const installed = JSON.parse(readFileSync(`${dist}/../package.json`, "utf8")).version;
  expect(pkg.dependencies.hono).toBe("4.13.19");
  expect(installed).toBe(pkg.dependencies.hono);
});

test("compose (whose semantics fold() copies) and the dispatch's one-handler path are the ones folding-router.ts was written against", () => {
  expect(sha(readFileSync(`${dist}/compose.js`, "utf8"))).toBe(
    "6dcd93b8a74298b867b8d2c90ca4fa344677333f16e92393668d224404326b3a",
  );
  const base = readFileSync(`${dist}/hono-base.js`, "utf8");
  const dispatch = base.slice(base.indexOf("\t#dispatch("), base.indexOf("\t/**", base.indexOf("\t#dispatch(")));
  expect(dispatch).toContain("if (matchResult[0].length === 1) {");
  expect(sha(dispatch)).toBe("655d5c917ef8d3ea95faf5ebe2a86df7fd145f3cd7b4a93cf9d6e57bfe82181e");
});

test("the app's onError handler is the instance's errorHandler property (FoldingRouter reads it)", () => {
  const app = new Hono();
  const onError: ErrorHandler = (_e, c) => c.text("handled", 500);
  app.onError(onError);
  expect((app as unknown as { errorHandler: ErrorHandler }).errorHandler).toBe(onError);
});

test("a route's router result is [[[handler, params]]] and one handler per match is called directly, synchronously", () => {
  const trie = new TrieRouter<string>();
  trie.add("GET", "/a/:id", "h");
  expect(trie.match("GET", "/a/7")).toEqual([[["h", { id: "7" }]]]);
  const app: Hono = new Hono({
    router: new FoldingRouter(() => (app as unknown as { errorHandler: ErrorHandler }).errorHandler),
  });
  app.use("*", (_c, next) => next());
  app.get("/x", (c) => c.text("sync"));
  const res = app.fetch(new Request("http://t/x"));
  // No promise: the folded chain answered synchronously through Hono's one-handler path.
  expect(res).toBeInstanceOf(Response);
});

test("Context: c.var is a prototype getter and set/get are own properties, so app.ts can put a plain object behind them", () => {
  const app = new Hono();
  let seen: unknown;
  app.get("/v", (c: Context) => {
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(c), "var")?.get).toBeFunction();
    expect(Object.hasOwn(c, "set") && Object.hasOwn(c, "get")).toBe(true);
    const vars: Record<string, unknown> = { a: 1 };
    Object.defineProperty(c, "var", { value: vars });
    const ctx = c as unknown as { set(k: string, v: unknown): void };
    ctx.set = (k, v) => void (vars[k] = v);
    ctx.set("b", 2);
    seen = c.var;
    return c.text("ok");
  });
  app.fetch(new Request("http://t/v"));
  expect(seen).toEqual({ a: 1, b: 2 });
});
