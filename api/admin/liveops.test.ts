// /admin/liveops/*: an operator schedules a weekend tournament for an audience with a prize table,
// sees it on the calendar with its clash, and bad schedules are refused in the request's language
// with nothing saved.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { type Actor, signInAdmin } from "../test/sign-in.ts";
import { adminLog, liveEvents } from "../db/schema/index.ts";

const SATURDAY = Date.parse("2026-11-21T11:00:00Z");

const weekend = {
  kind: "tournament",
  titleRu: "Турнир выходных",
  titleEn: "Weekend tournament",
  schedule: { kind: "cron", cron: "0 0 * * 6", durationMinutes: 2880, timeZone: "Europe/Berlin" },
  audience: "nonPayers",
  minLevel: 3,
  fee: 100,
  bucketSize: 50,
  prizes: { by: "rank", rows: [{ from: 1, to: 3, gold: 100, silver: 0 }] },
};

describe("live events calendar (operators)", () => {
  let w: TestWorld;
  let op: Actor;
  let support: Actor;
  beforeAll(async () => {
    w = await makeWorld({ now: SATURDAY });
    op = await signInAdmin(w, "operator");
    support = await signInAdmin(w, "support");
  });
  afterAll(() => w.close());

  const post = (who: Actor, path: string, body: unknown, lang = "en") =>
    w.app.request(path, {
      method: "POST",
      headers: who.headers({ "accept-language": lang }),
      body: JSON.stringify(body),
    });

  test("an operator schedules a weekend tournament; the calendar shows its periods in Berlin time, and a clash", async () => {
    expect((await post(support, "/admin/liveops/save", weekend)).status).toBe(403);
    const res = await post(op, "/admin/liveops/save", weekend);
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved.created).toBe(true);
    expect(saved.event).toMatchObject({ kind: "tournament", audience: "nonPayers", minLevel: 3, fee: 100 });
    const [log] = await w.deps.db.select().from(adminLog).where(eq(adminLog.action, "/admin/liveops/save"));
    expect(log.summary).toBe('created live event "Weekend tournament"');

    const from = Date.parse("2026-11-16T00:00:00Z");
    const to = Date.parse("2026-12-07T00:00:00Z");
    const all = await (await post(op, "/admin/liveops/calendar", { from, to })).json();
    // The weekly players' tournament is on the calendar too, an ordinary event; the tournaments a
    // player enters do not clash with it (every battle enters it).
    const weekly = all.events.find((e: { event: { builtin: string | null } }) => e.event.builtin === "weeklyPlayers");
    expect(weekly.event).toMatchObject({ kind: "tournament", autoEnter: true, metric: "rating" });
    expect(weekly.periods.map((p: { start: number }) => p.start)).toEqual(
      ["2026-11-16", "2026-11-23", "2026-11-30"].map((d) => Date.parse(`${d}T00:00:00Z`)),
    );
    // So is the weekly clans' tournament; the two weekly boards do not clash (one ranks players, one clans).
    const clans = all.events.find((e: { event: { builtin: string | null } }) => e.event.builtin === "weeklyClans");
    expect(clans.event).toMatchObject({ kind: "tournament", autoEnter: true, metric: "rating", active: true });
    // The calendar says who enters: clans here, players in the players' board.
    expect([clans.event.entrant, weekly.event.entrant]).toEqual(["clan", "player"]);
    expect(clans.periods.map((p: { start: number }) => p.start)).toEqual(
      weekly.periods.map((p: { start: number }) => p.start),
    );
    for (const board of [weekly, clans])
      expect(board.periods.every((p: { clashes: number[] }) => p.clashes.length === 0)).toBe(true);
    // Editable like any event: the operator gives it a prize table; it stays the clans' built-in board.
    const edited = await post(op, "/admin/liveops/save", {
      ...weekend,
      id: clans.event.id,
      titleEn: "Weekly clans' tournament",
      titleRu: "Еженедельный турнир кланов",
      audience: "all",
      minLevel: 1,
      fee: 0,
      metric: "rating",
      schedule: clans.event.schedule,
      prizes: { by: "rank", rows: [{ from: 1, to: 1, gold: 10, silver: 0 }] },
    });
    expect(edited.status).toBe(200);
    const [row] = await w.deps.db.select().from(liveEvents).where(eq(liveEvents.id, clans.event.id));
    expect(row).toMatchObject({ entrant: "clan", builtin: "weeklyClans", autoEnter: true });
    expect(JSON.parse(row.prizes).rows).toHaveLength(1);
    const cal = { events: all.events.filter((e: { event: { builtin: string | null } }) => e.event.builtin === null) };
    expect(cal.events).toHaveLength(1);
    expect(cal.events[0].periods.map((p: { start: number; end: number }) => [p.start, p.end])).toEqual([
      [Date.parse("2026-11-20T23:00:00Z"), Date.parse("2026-11-22T23:00:00Z")],
      [Date.parse("2026-11-27T23:00:00Z"), Date.parse("2026-11-29T23:00:00Z")],
      [Date.parse("2026-12-04T23:00:00Z"), Date.parse("2026-12-06T23:00:00Z")],
    ]);
    expect(cal.events[0].periods[0].clashes).toEqual([]);

    // A Sunday tournament for everyone clashes with the first and second weekends; one for payers
    // only does not (nobody is both), nor does a multiplier.
    const sunday = await (
      await post(op, "/admin/liveops/save", {
        ...weekend,
        titleEn: "Sunday cup",
        audience: "all",
        schedule: {
          kind: "fixed",
          periods: [
            { start: "2026-11-22T10:00", end: "2026-11-22T18:00" },
            { start: "2026-11-29T10:00", end: "2026-11-29T18:00" },
          ],
          timeZone: "Europe/Berlin",
        },
      })
    ).json();
    await post(op, "/admin/liveops/save", { ...weekend, titleEn: "Payers' cup", audience: "payers" });
    await post(op, "/admin/liveops/save", {
      ...weekend,
      kind: "multiplier",
      titleEn: "Double XP",
      multiplied: "xp",
      multiplierPct: 200,
    });
    const again = await (await post(op, "/admin/liveops/calendar", { from, to })).json();
    const first = again.events.find((e: { event: { id: number } }) => e.event.id === saved.event.id);
    expect(first.periods.map((p: { clashes: number[] }) => p.clashes)).toEqual([
      [sunday.event.id],
      [sunday.event.id],
      [],
    ]);
    const payers = again.events.find((e: { event: { titleEn: string } }) => e.event.titleEn === "Payers' cup");
    expect(payers.periods[0].clashes).toEqual([sunday.event.id]);
    const weeklyAgain = again.events.find((e: { event: { id: number } }) => e.event.id === weekly.event.id);
    expect(weeklyAgain.periods.flatMap((p: { clashes: number[] }) => p.clashes)).toEqual([]);
  });

  test("bad schedules and rules are refused with the field's message in the request's language; nothing saved", async () => {
    const count = async () => (await w.deps.db.select({ id: liveEvents.id }).from(liveEvents)).length;
    const before = await count();
    const refuse = async (change: Record<string, unknown>, lang: string) => {
      const res = await post(op, "/admin/liveops/save", { ...weekend, ...change }, lang);
      expect(res.status).toBe(400);
      return (await res.json()).error.fields;
    };
    const never = { kind: "cron", cron: "0 0 30 2 *", durationMinutes: 60, timeZone: "Europe/Berlin" };
    expect((await refuse({ schedule: never }, "en")).schedule).toBe(
      "This schedule never comes round (like 30 February).",
    );
    expect((await refuse({ schedule: never }, "ru")).schedule).toBe(
      "Это расписание никогда не наступит (как 30 февраля).",
    );
    expect((await refuse({ schedule: { ...never, cron: "0 0 * * *", timeZone: "Mars/Olympus" } }, "en")).schedule).toBe(
      "Unknown time zone: Mars/Olympus.",
    );
    expect((await refuse({ minLevel: 9, maxLevel: 3 }, "en")).maxLevel).toBe(
      "The lowest level must not be above the highest.",
    );
    expect((await refuse({ kind: "multiplier" }, "en")).multiplierPct).toBeString();
    expect((await refuse({ kind: "offerWindow", offerId: 999 }, "ru")).offerId).toBe(
      "Выберите существующее специальное предложение.",
    );
    expect(await count()).toBe(before);
  });
});
