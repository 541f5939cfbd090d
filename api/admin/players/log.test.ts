import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { transferMoney } from "../../domain/transfers.ts";
import { sendGift } from "../../domain/gifts.ts";
import { openTicket } from "../../domain/support.ts";
import { players, playerNotifications } from "../../db/schema/index.ts";

const DAY = 86_400_000;

describe("Admin: a player's log and counters", () => {
  let w: TestWorld;
  let support: Actor;
  let operator: Actor;
  let a: number;
  let b: number;
  const t0 = Date.UTC(2026, 10, 10, 12, 0, 0);

  beforeAll(async () => {
    w = await makeWorld({ now: t0 });
    const reg = (nickname: string) =>
      registerPlayer(w.deps.db, {
        nickname,
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "en",
        at: w.clock.now(),
      }).then((r) => r.playerId);
    a = await reg("LogA");
    b = await reg("LogB");
    await w.deps.db.update(players).set({ level: 10 }).where(eq(players.id, a));
    w.clock.advance(DAY);
    await transferMoney(w.deps.db, { from: a, to: b, amount: 10, requestId: "t-1", at: w.clock.now() });
    w.clock.advance(DAY);
    await sendGift(w.deps.db, {
      from: b,
      to: a,
      kind: "silver",
      amount: 100,
      requestId: "g-1",
      locale: "en",
      at: w.clock.now(),
    });
    await openTicket(w.deps.db, {
      playerId: a,
      category: "payments",
      subCategory: "other",
      subject: "Where is my gold",
      body: "Help",
      at: w.clock.now(),
    });
    w.clock.advance(DAY);
    support = await signInAdmin(w, "support");
    operator = await signInAdmin(w, "operator");
  }, 60_000);
  afterAll(() => w.close());

  const get = async (path: string) => {
    const r = await w.app.request(path, { headers: support.headers({ "accept-language": "en" }) });
    return {
      status: r.status,
      body: (await r.json()) as Record<string, unknown> & {
        rows: { kind: string; at: number; detail: Record<string, unknown> }[];
        total: number;
      },
    };
  };

  test("the log merges ledger, transfers, gifts, tickets, bans and admin actions by time, newest first; paged; filtered by kind", async () => {
    const until = new Date(w.clock.now() + DAY).toISOString();
    expect(
      (
        await w.app.request("/admin/player/setPlayer", {
          method: "POST",
          headers: operator.headers(),
          body: JSON.stringify({ playerId: a, action: "ban", reason: "log check", until }),
        })
      ).status,
    ).toBe(200);
    const all = await get(`/admin/playerLog/getPlayerLogs?playerId=${a}`);
    expect(all.status).toBe(200);
    const kinds = all.body.rows.map((r) => r.kind);
    for (const k of ["ledger", "transfer", "gift", "ticket", "ban", "admin"]) expect(kinds).toContain(k);
    const times = all.body.rows.map((r) => r.at);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.body.rows[0].kind === "ban" || all.body.rows[0].kind === "admin").toBe(true);
    const transfer = all.body.rows.find((r) => r.kind === "transfer")!;
    expect(transfer.detail).toMatchObject({ reason: "transfer.out", delta: -11 });
    const paged = await get(`/admin/playerLog/getPlayerLogs?playerId=${a}&size=2&page=2`);
    expect(paged.body.rows).toEqual(all.body.rows.slice(2, 4));
    expect(paged.body.total).toBe(all.body.total);
    const bans = await get(`/admin/playerLog/getPlayerLogs?playerId=${a}&kind=ban,gift`);
    expect(new Set(bans.body.rows.map((r) => r.kind))).toEqual(new Set(["ban", "gift"]));
    expect((await get(`/admin/playerLog/getPlayerLogs?playerId=${a}&kind=battle`)).status).toBe(400);
    expect((await get(`/admin/playerLog/getPlayerLogs?playerId=${a}&from=02.01.2027&to=01.01.2027`)).status).toBe(400);
    expect((await get(`/admin/playerLog/getPlayerLogs?playerId=999999`)).status).toBe(404);
    const page = await get(`/admin/playerLog/${a}`);
    expect(page.body.total).toBe(all.body.total);
  });

  test("the stream sends entries written after it opened", async () => {
    const ctrl = new AbortController();
    const res = await w.app.request(`/admin/playerLog/${b}/stream`, {
      headers: { cookie: support.cookie },
      signal: ctrl.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    w.clock.advance(1000);
    await transferMoney(w.deps.db, { from: a, to: b, amount: 5, requestId: "t-2", at: w.clock.now() });
    const reader = res.body!.getReader();
    let text = "";
    while (!text.includes("transfer.in")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain("event: entry");
    expect(text).not.toContain("registration.bonus");
    ctrl.abort();
    await reader.cancel().catch(() => {});
  });

  test("notifications: the gift's notice to the receiver", async () => {
    const r = await get(`/admin/playerLog/getNotification?playerId=${a}`);
    expect(r.body.total).toBe(
      (await w.deps.db.select().from(playerNotifications).where(eq(playerNotifications.playerId, a))).length,
    );
    expect(r.body.total).toBeGreaterThan(0);
  });

  test("counters: balances and flows now; the balance by day; log entries near a moment", async () => {
    const data = await get(`/admin/playerCounters/getData?playerId=${a}`);
    const p = (await w.deps.db.select().from(players).where(eq(players.id, a)))[0];
    expect(data.body.balances).toMatchObject({ gold: p.gold, silver: p.silver });
    expect((data.body.ledger as Record<string, { debited: number }>).gold.debited).toBe(11 + 6);
    expect((data.body.counts as Record<string, number>).giftsReceived).toBe(1);
    expect((await get(`/admin/playerCounters/${a}`)).body.balances).toEqual(data.body.balances);
    const graph = await get(
      `/admin/playerCounters/getGraphData?playerId=${a}&currency=gold&from=09.11.2026&to=${encodeURIComponent(new Date(w.clock.now()).toISOString())}`,
    );
    const days = graph.body.days as { day: string; balance: number; credit: number; debit: number }[];
    expect(days[0]).toEqual({ day: "2026-11-09", balance: 0, credit: 0, debit: 0 });
    expect(days[1]).toEqual({ day: "2026-11-10", balance: 50, credit: 50, debit: 0 });
    expect(days[2]).toEqual({ day: "2026-11-11", balance: 39, credit: 0, debit: 11 });
    expect(days[3].balance).toBe(39);
    expect(days.at(-1)!.balance).toBe(p.gold);
    expect((await get(`/admin/playerCounters/getGraphData?playerId=${a}&from=01.01.2020&to=01.01.2026`)).status).toBe(
      400,
    );
    expect((await get(`/admin/playerCounters/getGraphData?playerId=${a}&currency=copper`)).status).toBe(400);
    const near = await get(`/admin/playerCounters/getNearLogs?playerId=${a}&at=11.11.2026 12:00:00&size=1`);
    expect(near.body.rows.map((r) => r.at)).toEqual([Date.UTC(2026, 10, 11, 12), Date.UTC(2026, 10, 12, 12)]);
    expect((await get(`/admin/playerCounters/getNearLogs?playerId=${a}`)).status).toBe(400);
  });
});
