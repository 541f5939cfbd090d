// Every billing route of the spec (routes.tsv) is registered with its method and auth, and the
// only additions are the documented purchase start and return page for redirect providers.
import { test, expect } from "bun:test";
import { makeWorld } from "../test/fixture.ts";
import { routeTable } from "../http/router.ts";

test("billing routes match routes.tsv", async () => {
  const w = await makeWorld();
  try {
    const tsv = (await Bun.file("api/http/routes.tsv").text())
      .split("\n")
      .map((l) => l.split("\t"))
      .filter(
        (c) =>
          ["billing-callback", "admin-billing", "admin-api"].includes(c[0]) &&
          /billing|playerPayment|api\/catalog|api\/payment/.test(c[2]),
      )
      .map((c) => `${c[1]} ${c[2]} ${c[4]}`);
    const mine = routeTable(w.app)
      .filter((r) =>
        /^\/(billing|admin\/billing|admin\/playerPayment|admin\/api\/catalog|admin\/api\/payment)/.test(r.path),
      )
      .map((r) => `${r.method} ${r.path} ${r.auth}`);
    expect(tsv.length).toBe(32);
    expect(tsv.filter((r) => !mine.includes(r))).toEqual([]);
    expect(mine.filter((r) => !tsv.includes(r)).sort()).toEqual([
      "ANY /admin/billing/orders/ admin",
      "ANY /billing/order/return player",
      "POST /billing/order/start player",
      "POST /billing/paypal/webhook provider",
      "POST /billing/rustore/notification provider",
    ]);
  } finally {
    await w.close();
  }
});
