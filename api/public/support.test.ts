import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signedInAdmin, signedInPlayer } from "../test/billing-world.ts";
import { adminLog } from "../db/schema/index.ts";
import { supportStep } from "../domain/support.ts";
import { supportTickets } from "../db/schema/support.ts";
import { rng } from "../db/seed/world.ts";

describe("Support tickets: player and operator", () => {
  let w: TestWorld;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());
  const call = (path: string, headers: Record<string, string>, body?: unknown, lang = "en") =>
    w.app.request(path, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json", "accept-language": lang },
      body: JSON.stringify(body ?? {}),
    });

  test("a player opens a ticket, an operator answers, unread marks and statuses follow, others cannot see it", async () => {
    const p = await signedInPlayer(w.deps.db, w.clock.now());
    const other = await signedInPlayer(w.deps.db, w.clock.now());
    const op = await signedInAdmin(w.deps.db, w.clock.now(), "support");
    const cats = await (await call("/public/profile/wizzard/getCategories", p.headers)).json();
    expect(cats.categories.map((c: { id: string }) => c.id)).toEqual(["payments", "account", "game"]);
    expect(cats.categories[0].sub[0].title).toBe("Gold not credited");
    const bad = await call(
      "/public/profile/feedback/add/ticket",
      p.headers,
      { category: "payments", subCategory: "bug", subject: "", body: "x" },
      "ru",
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["body", "subject"]);
    expect(
      (
        await call("/public/profile/feedback/add/ticket", p.headers, {
          category: "payments",
          subCategory: "bug",
          subject: "Gold",
          body: "No gold",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(
          "/public/profile/feedback/add/ticket",
          { cookie: p.headers.cookie },
          { category: "payments", subCategory: "refund", subject: "Gold", body: "No gold" },
        )
      ).status,
    ).toBe(403);
    const { ticket } = await (
      await call("/public/profile/feedback/add/ticket", p.headers, {
        category: "payments",
        subCategory: "not_credited",
        subject: "Gold missing",
        body: "Paid, no gold",
      })
    ).json();
    expect(ticket.status).toBe("open");
    expect((await call(`/public/profile/feedback/${ticket.id}/messages`, other.headers)).status).toBe(404);
    expect(
      (await call("/public/profile/feedback/add/message", other.headers, { ticketId: ticket.id, body: "me too" }))
        .status,
    ).toBe(404);

    const list = await (await call("/admin/feedback/tickets/get", op.headers, { unread: true })).json();
    expect(list.rows.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
    const seen = await (await call(`/admin/feedback/${ticket.id}/messages/get`, op.headers)).json();
    expect(seen.messages[0].body).toBe("Paid, no gold");
    await expect(
      (await call("/admin/feedback/tickets/get", op.headers, { unread: true })).json().then((j) => j.total),
    ).resolves.toBe(0);
    const reply = await (
      await call(`/admin/feedback/${ticket.id}/messages/add`, op.headers, { body: "Credited, sorry" })
    ).json();
    expect(
      (
        await call(`/admin/feedback/${ticket.id}/messages/edit`, op.headers, {
          messageId: reply.message.id,
          body: "Credited now, sorry!",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(`/admin/feedback/${ticket.id}/messages/edit`, op.headers, {
          messageId: seen.messages[0].id,
          body: "changed",
        })
      ).status,
    ).toBe(400);
    const mine = await (
      await w.app.request("/public/profile/feedback", { headers: { ...p.headers, accept: "application/json" } })
    ).json();
    expect(mine.tickets[0]).toMatchObject({ id: ticket.id, status: "answered", unreadByPlayer: true });
    const th = await (await call(`/public/profile/feedback/${ticket.id}/messages`, p.headers)).json();
    expect(th.messages.map((m: { author: string; body: string }) => `${m.author}:${m.body}`)).toEqual([
      "player:Paid, no gold",
      "support:Credited now, sorry!",
    ]);
    const after = await (
      await w.app.request("/public/profile/feedback", { headers: { ...p.headers, accept: "application/json" } })
    ).json();
    expect(after.tickets[0].unreadByPlayer).toBe(false);
    expect(
      (
        await call("/admin/feedback/ticket/set", op.headers, {
          ticketId: ticket.id,
          status: "closed",
          assigneeId: op.adminId,
        })
      ).status,
    ).toBe(200);
    expect((await call("/admin/feedback/ticket/set", op.headers, { ticketId: ticket.id, status: "lost" })).status).toBe(
      400,
    );
    expect((await call("/admin/feedback/ticket/set", op.headers, { ticketId: 9999, status: "open" })).status).toBe(404);
    const logs = (await w.deps.db.select().from(adminLog)).map((l) => l.summary);
    expect(logs).toContain(`status answered → closed; assignee none → ${String(op.adminId)}`);
    await call("/public/profile/feedback/add/message", p.headers, { ticketId: ticket.id, body: "Thanks!" });
    await expect(
      (await call("/admin/feedback/tickets/get", op.headers, { status: "open" })).json().then((j) => j.total),
    ).resolves.toBe(1);
  });

  test("the operators' live feed follows new messages by id", async () => {
    const p = await signedInPlayer(w.deps.db, w.clock.now());
    const op = await signedInAdmin(w.deps.db, w.clock.now(), "support");
    const ctl = new AbortController();
    const res = await w.app.request("/admin/feedback/tickets/stream", {
      headers: { ...op.headers, accept: "text/event-stream" },
      signal: ctl.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    await call("/public/profile/feedback/add/ticket", p.headers, {
      category: "game",
      subCategory: "bug",
      subject: "Crash",
      body: "Game crashes on start",
    });
    const reader = res.body!.getReader();
    let text = "";
    for (let i = 0; i < 10 && !text.includes("Game crashes on start"); i++)
      text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain("event: message");
    expect(text).toContain("Game crashes on start");
    ctl.abort();
    await reader.cancel().catch(() => {});
  });

  test("demo tickets", async () => {
    const p = await signedInPlayer(w.deps.db, w.clock.now());
    const before = (await w.deps.db.select().from(supportTickets)).length;
    await supportStep({
      db: w.deps.db,
      r: rng(3),
      playerIds: [p.playerId],
      opts: { players: 1, days: 10, now: w.clock.now() },
    });
    const all = await w.deps.db.select().from(supportTickets);
    expect(all.length).toBe(before + 4);
    expect(all.filter((t) => t.status === "answered").length).toBe(2);
  });
});
