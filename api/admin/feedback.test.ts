import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, signInPlayer, type Actor } from "../test/sign-in.ts";
import { pngHeader } from "../test/images.ts";

describe("Admin feedback pages and the start page's counters", () => {
  let w: TestWorld;
  let support: Actor;
  beforeAll(async () => {
    w = await makeWorld();
    support = await signInAdmin(w, "support");
  }, 60_000);
  afterAll(() => w.close());
  const post = (a: Actor, path: string, body: unknown = {}) =>
    w.app.request(path, { method: "POST", headers: a.headers(), body: JSON.stringify(body) });
  const counters = async () =>
    Object.fromEntries(
      (
        (await (await w.app.request("/admin/", { headers: support.headers() })).json()).attention as {
          key: string;
          count: number;
          href: string;
        }[]
      ).map((a) => [a.key, a]),
    );

  test("list page (all or one player's), thread page, category filter, counters follow the work", async () => {
    const start = await counters();
    const p = await signInPlayer(w);
    const { ticket } = await (
      await post(p, "/public/profile/feedback/add/ticket", {
        category: "game",
        subCategory: "bug",
        subject: "Stuck",
        body: "Tank stuck",
      })
    ).json();
    await post(p, "/public/profile/feedback/add/ticket", {
      category: "payments",
      subCategory: "refund",
      subject: "Refund",
      body: "Please",
    });
    await w.app.request("/public/profile/saveAvatar", {
      method: "POST",
      headers: { ...p.headers(), "content-type": "image/png" },
      body: pngHeader(100, 100),
    });
    const mid = await counters();
    expect(mid.ticketsAwaitingOperator.count).toBe(start.ticketsAwaitingOperator.count + 2);
    expect(mid.ticketsAwaitingOperator.href).toBe("/admin/feedback?status=open");
    expect(mid.avatarsToModerate).toMatchObject({
      count: start.avatarsToModerate.count + 1,
      href: "/admin/playerAvatars/",
    });

    const all = await (await w.app.request("/admin/feedback", { headers: support.headers() })).json();
    expect(all.player).toBeNull();
    expect(all.categories.map((c: { id: string }) => c.id)).toEqual(["payments", "account", "game"]);
    const one = await (await w.app.request(`/admin/feedback/${p.playerId}`, { headers: support.headers() })).json();
    expect(one.player.id).toBe(p.playerId);
    expect((await w.app.request("/admin/feedback/99999999", { headers: support.headers() })).status).toBe(404);
    const html = await w.app.request(`/admin/feedback/${p.playerId}`, {
      headers: { cookie: support.cookie, accept: "text/html" },
    });
    expect(html.headers.get("content-type")).toContain("text/html");
    expect((await w.app.request("/admin/feedback", { headers: { accept: "text/html" } })).status).toBe(302);
    const slash = await w.app.request("/admin/feedback/?status=open", { headers: support.headers() });
    expect(slash.headers.get("location")).toBe("/admin/feedback?status=open");

    const games = await (
      await post(support, "/admin/feedback/tickets/get", { playerId: p.playerId, category: "game" })
    ).json();
    expect(games.rows.map((r: { id: number }) => r.id)).toEqual([ticket.id]);
    expect(games.rows[0].nickname).toBeTruthy();
    expect((await post(support, "/admin/feedback/tickets/get", { category: "weather" })).status).toBe(400);

    const thread = await (
      await w.app.request(`/admin/feedback/${ticket.id}/messages/`, { headers: support.headers() })
    ).json();
    expect(thread.ticket.id).toBe(ticket.id);
    expect(thread.player.id).toBe(p.playerId);
    expect((await w.app.request("/admin/feedback/99999999/messages/", { headers: support.headers() })).status).toBe(
      404,
    );

    expect(
      (await post(support, `/admin/feedback/${ticket.id}/messages/add`, { body: "Fixed, restart the client." })).status,
    ).toBe(200);
    const after = await counters();
    expect(after.ticketsAwaitingOperator.count).toBe(start.ticketsAwaitingOperator.count + 1);
    const mine = await (await post(p, "/public/profile/feedback")).json();
    expect(JSON.stringify(mine)).toContain('"unreadByPlayer":true');
  });
});
