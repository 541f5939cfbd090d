// Defect (issue 31): ticket history was rewritten. The player log drew a ticket once, at its
// creation time, with today's status, so an answer, a reopening and a closing never showed when
// they happened. Each status change is now a row of its own (support_ticket_events) that the
// player log and the ticket page read at its time.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { openTicket, addMessage } from "../../domain/support.ts";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 10, 12, 0, 0);

describe("ticket status changes are logged when they happen", () => {
  let w: TestWorld;
  let support: Actor;
  let playerId: number;
  let ticketId: number;
  beforeAll(async () => {
    w = await makeWorld({ now: T0 });
    playerId = (
      await registerPlayer(w.deps.db, {
        nickname: "TicketHistory",
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "en",
        at: T0 - HOUR,
      })
    ).playerId;
    ticketId = (
      await openTicket(w.deps.db, {
        playerId,
        category: "payments",
        subCategory: "not_credited",
        subject: "No gold after payment",
        body: "Paid, no gold",
        at: T0,
      })
    ).id;
    // An operator answers an hour later (the route), the player writes again, an operator closes it.
    // (Each step signs in anew: an admin session idles out within the hours the story spans.)
    w.clock.set(T0 + HOUR);
    support = await signInAdmin(w, "support", "tickethistory1");
    const answered = await w.app.request(`/admin/feedback/${ticketId}/messages/add`, {
      method: "POST",
      headers: support.headers(),
      body: JSON.stringify({ body: "Checking your order" }),
    });
    expect(answered.status).toBe(200);
    await addMessage(w.deps.db, { ticketId, author: "player", body: "Still nothing", at: T0 + 2 * HOUR });
    w.clock.set(T0 + 3 * HOUR);
    support = await signInAdmin(w, "support", "tickethistory");
    const closed = await w.app.request("/admin/feedback/ticket/set", {
      method: "POST",
      headers: support.headers(),
      body: JSON.stringify({ ticketId, status: "closed" }),
    });
    expect(closed.status).toBe(200);
  });
  afterAll(() => w.close());

  test("the player log shows each status at its own time", async () => {
    const r = await w.app.request(`/admin/playerLog/getPlayerLogs?playerId=${playerId}&kind=ticket&order=asc`, {
      headers: support.headers({ "accept-language": "en" }),
    });
    expect(r.status).toBe(200);
    const { rows } = (await r.json()) as { rows: { at: number; detail: Record<string, unknown> }[] };
    const seen = rows
      .map((x) => [x.at - T0, x.detail.status, x.detail.ticketId])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(seen).toEqual([
      [0, "open", ticketId],
      [HOUR, "answered", ticketId],
      [2 * HOUR, "open", ticketId],
      [3 * HOUR, "closed", ticketId],
    ]);
    const closing = rows.find((x) => x.detail.status === "closed");
    expect(closing?.detail).toMatchObject({ from: "open", subject: "No gold after payment", by: "tickethistory" });
  });
});
