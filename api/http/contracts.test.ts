// Every route is declared by a contract (api/contracts/) with its output schema or the kinds it
// answers (files, HTML, streams, redirects): a route registered without one fails here.
import { test, expect } from "bun:test";
import { createApp } from "../app.ts";
import type { Deps } from "../deps.ts";
import { routeTable } from "./router.ts";

const routes = routeTable(createApp({} as Deps));

test("every route has a contract", () => {
  const missing = routes.filter((r) => !r.contract).map((r) => r.path);
  expect(missing).toEqual([]);
});

test("every contract says what its route answers: an output schema or the kinds of Response", () => {
  const silent = routes
    .filter((r) => r.contract && !r.contract.output && !r.contract.answers?.length)
    .map((r) => r.path);
  expect(silent).toEqual([]);
  expect(routes.filter((r) => r.contract).length).toBeGreaterThan(0);
});

test("a registration's method, path, auth and kind are its contract's", () => {
  for (const r of routes.filter((r) => r.contract))
    expect({ path: r.path, method: r.method, auth: r.auth, kind: r.kind, mutates: r.mutates }).toEqual({
      path: r.contract!.path,
      method: r.contract!.method,
      auth: r.contract!.auth,
      kind: r.contract!.kind,
      mutates: r.contract!.mutates,
    });
});
