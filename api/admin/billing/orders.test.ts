import { test, expect } from "bun:test";
import { makeWorld } from "../../test/fixture.ts";
import { signedInPlayer, signedInAdmin, putItem, GOLD_PACK } from "../../test/billing-world.ts";
import { createOrder, markPending, reportMovements, settlePaid } from "../../domain/billing/provider-orders.ts";
import { attentionCounters } from "../access/attention.ts";
import { providers } from "../../billing/registry.ts";
import { ORDER_PROVIDERS } from "../../contracts/admin/billing.ts";

test("the orders screen lists every player's orders with filters, and 'awaiting verification' is what the start page counts and links to", async () => {
  const w = await makeWorld();
  try {
    const at = w.clock.now();
    await putItem(w.deps.db, GOLD_PACK, at);
    const a = await signedInPlayer(w.deps.db, at, { nickname: "AliceBuys", country: "RU" });
    const b = await signedInPlayer(w.deps.db, at, { nickname: "BobBuys", country: "US" });
    const paid = await createOrder(w.deps.db, {
      playerId: a.playerId,
      itemId: "gold_500",
      provider: "robokassa",
      market: "web",
      currency: "RUB",
      at,
    });
    await markPending(w.deps.db, paid.id, String(paid.id), at);
    await settlePaid(w.deps.db, {
      provider: "robokassa",
      orderId: paid.id,
      providerTxId: String(paid.id),
      amountMinor: 9900,
      currency: "RUB",
      source: "callback",
      at,
    });
    const stale = await createOrder(w.deps.db, {
      playerId: b.playerId,
      itemId: "gold_500",
      provider: "stripe",
      market: "web",
      currency: "USD",
      at,
    });
    await markPending(w.deps.db, stale.id, "cs_x", at);
    w.clock.advance(31 * 60_000);
    const fresh = await createOrder(w.deps.db, {
      playerId: b.playerId,
      itemId: "gold_500",
      provider: "paypal",
      market: "web",
      currency: "USD",
      at: w.clock.now(),
    });
    await markPending(w.deps.db, fresh.id, "PP1", w.clock.now());

    const admin = await signedInAdmin(w.deps.db, w.clock.now(), "support");
    const list = async (q: string, headers: Record<string, string> = admin.headers) =>
      w.app.request(`/admin/billing/orders/?${q}`, {
        headers: { ...headers, accept: "application/json", "accept-language": "en" },
      });
    const ids = async (q: string) =>
      ((await (await list(q)).json()) as { rows: { id: number }[] }).rows.map((r) => r.id);

    const all = (await (await list("")).json()) as {
      rows: { id: number; nickname: string; status: string; provider: string; amountMinor: number; currency: string }[];
      total: number;
      awaitingVerification: number;
    };
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.id)).toEqual([fresh.id, stale.id, paid.id]);
    expect(all.rows.find((r) => r.id === paid.id)).toMatchObject({
      nickname: "AliceBuys",
      status: "paid",
      provider: "robokassa",
      amountMinor: 9900,
      currency: "RUB",
    });
    expect(all.awaitingVerification).toBe(1);
    // The item by its catalogue title in both languages (the screen shows the operator's), not only its id.
    const item = (all.rows.find((r) => r.id === paid.id) as unknown as { itemTitle: { ru: string; en: string } | null })
      .itemTitle;
    expect(item?.ru.length && item.en.length).toBeGreaterThan(0);
    expect(await ids("status=pending")).toEqual([fresh.id, stale.id]);
    expect(await ids("provider=robokassa")).toEqual([paid.id]);
    expect(await ids(`playerId=${b.playerId}&sort=id&dir=asc`)).toEqual([stale.id, fresh.id]);
    expect(await ids("awaiting=1")).toEqual([stale.id]);
    expect(await ids("size=1&page=2")).toEqual([stale.id]);
    // A bank's inquiry on the paid order: found by its dispute, shown on the row; nothing taken.
    await reportMovements(w.deps.db, { provider: "robokassa", orderId: paid.id, source: "callback", at }, [
      { kind: "inquiry", key: `inquiry:q${paid.id}`, subject: `q${paid.id}` },
    ]);
    expect(await ids("dispute=inquiry")).toEqual([paid.id]);
    expect(await ids("dispute=open")).toEqual([]);
    const row = ((await (await list("dispute=inquiry")).json()) as { rows: { dispute: string; status: string }[] })
      .rows[0];
    expect([row.status, row.dispute]).toEqual(["paid", "inquiry"]);
    expect((await list("dispute=maybe")).status).toBe(400);

    // The start page's counter counts the same orders and links to them.
    const counter = attentionCounters.find((c) => c.key === "paymentsAwaitingVerification")!;
    expect(await counter.count(w.deps.db, w.clock.now())).toBe(1);
    expect(counter.href).toBe("/admin/billing/orders/?awaiting=1");

    // Bad input is a 400; a player or nobody gets no list; a browser gets the screen.
    expect((await list("status=lost")).status).toBe(400);
    expect((await list("provider=nope")).status).toBe(400);
    expect((await list("size=1000")).status).toBe(400);
    expect((await list("", a.headers)).status).toBe(401);
    expect((await list("", {})).status).toBe(401);
    const html = await w.app.request("/admin/billing/orders/?awaiting=1", {
      headers: { ...admin.headers, accept: "text/html" },
    });
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain("text/html");
  } finally {
    await w.close();
  }
}, 60_000);

test("the orders' provider filter names every provider of the registry, and manual credits", () => {
  expect([...ORDER_PROVIDERS].sort() as string[]).toEqual(["manual", ...Object.keys(providers)].sort());
});
