import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, signInPlayer, type Actor } from "../test/sign-in.ts";
import {
  adminLog,
  players,
  orders,
  notifications,
  notificationContents,
  playerNotifications,
} from "../db/schema/index.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

describe("Admin: notifications (inbox and chat)", () => {
  let w: TestWorld;
  let admin: Actor;
  beforeAll(async () => {
    w = await makeWorld({ now: NOW });
    admin = await signInAdmin(w, "operator");
  });
  afterAll(() => w.close());
  const send = (path: string, body?: unknown, lang = "en", method = "POST") =>
    w.app.request(path, {
      method,
      headers: admin.headers({ "accept-language": lang }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (path: string, body?: unknown, lang = "en") => {
    const r = await send(path, body, lang);
    return { status: r.status, body: await r.json() };
  };
  const logs = async () => (await w.deps.db.select().from(adminLog)).length;
  const base = {
    name: "Weekend double XP",
    startsAt: "23.11.2026 08:00:00",
    endsAt: "30.11.2026 23:59:59",
    levelMin: 5,
    levelMax: 30,
    platforms: ["web"],
    countries: ["RU"],
    payers: "all",
  };

  test("save validates (end after start, level range, date format, countries) in the request's locale and changes nothing", async () => {
    const before = await logs();
    const late = await json("/admin/notification/save/notification", { ...base, endsAt: "22.11.2026 08:00:00" }, "ru");
    expect(late.status).toBe(400);
    expect(late.body.error.fields.endsAt).toBe("Окончание должно быть позже начала.");
    const levels = await json("/admin/notification/save/notification", { ...base, levelMin: 40, levelMax: 10 });
    expect(levels.body.error.fields.levelMax).toBe("Please enter a value greater than or equal to 40.");
    const date = await json("/admin/notification/save/notification", { ...base, startsAt: "31.02.2026 10:00:00" });
    expect(Object.keys(date.body.error.fields)).toEqual(["startsAt"]);
    expect((await json("/admin/notification/save/notification", { ...base, countries: ["Russia"] })).status).toBe(400);
    expect((await json("/admin/notification/save/notification", { ...base, levelMin: 0 })).status).toBe(400);
    expect((await json("/admin/notification/save/notification", "not an object")).status).toBe(400);
    expect(await logs()).toBe(before);
    expect(await w.deps.db.select().from(notifications)).toEqual([]);
  });

  test("create, contents per language, activation delivers to matching players only; transitions refused with a message; audited", async () => {
    const match = await signInPlayer(w, { country: "RU", platform: "web" });
    const wrongCountry = await signInPlayer(w, { country: "DE", platform: "web" });
    const lowLevel = await signInPlayer(w, { country: "RU", platform: "web" });
    await w.deps.db.update(players).set({ level: 12 }).where(eq(players.id, match.playerId));
    await w.deps.db.update(players).set({ level: 12 }).where(eq(players.id, wrongCountry.playerId));

    const created = await json("/admin/notification/save/notification", base);
    expect(created.status).toBe(200);
    const id = created.body.notification.id as number;
    expect(created.body.notification).toMatchObject({
      status: "draft",
      channel: "inbox",
      startsAt: Date.UTC(2026, 10, 23, 8, 0, 0),
      platforms: ["web"],
    });
    expect((await w.deps.db.select().from(adminLog)).at(-1)).toMatchObject({
      action: "/admin/notification/save/notification",
      targetId: String(id),
    });

    // Not on the chat channel's routes.
    expect((await send("/admin/notificationChat/load/notification", { id })).status).toBe(404);

    const noContent = await json("/admin/notification/save/status", { id, status: "active" });
    expect(noContent.status).toBe(409);
    expect(noContent.body.error.message).toBe("Write the content in every language first (missing: ru, en).");
    expect(
      (await json("/admin/notification/save/content", { notificationId: id, lang: "ru", body: "Без заголовка" })).body
        .error.fields.title,
    ).toBeDefined();
    expect(
      (await json("/admin/notification/save/content", { notificationId: id, lang: "de", title: "X", body: "Y" }))
        .status,
    ).toBe(400);
    expect(
      (
        await json("/admin/notification/save/content", {
          notificationId: id,
          lang: "ru",
          title: "Двойной опыт",
          body: "Все выходные **x2** опыта.",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await json("/admin/notification/save/content", {
          notificationId: id,
          lang: "en",
          title: "Double XP",
          body: "All weekend **x2** XP.",
        })
      ).status,
    ).toBe(200);

    const paused = await json("/admin/notification/save/status", { id, status: "paused" }, "ru");
    expect(paused.status).toBe(409);
    expect(paused.body.error.message).toBe("Приостановить можно только активное уведомление.");

    const on = await json("/admin/notification/save/status", { id, status: "active" });
    expect(on.body).toMatchObject({ status: "active", delivered: 1 });
    const gifts = async (p: Actor) =>
      (await (await w.app.request("/public/profile/gift", { headers: p.headers() })).json()).notifications as {
        kind: string;
        payload: { notificationId: number; contents: Record<string, { title: string }> };
      }[];
    const seen = await gifts(match);
    expect(seen.find((n) => n.kind === "notification")!.payload).toMatchObject({
      notificationId: id,
      contents: { ru: { title: "Двойной опыт" }, en: { title: "Double XP" } },
    });
    expect((await gifts(wrongCountry)).some((n) => n.kind === "notification")).toBe(false);
    expect((await gifts(lowLevel)).some((n) => n.kind === "notification")).toBe(false);

    // Active: not editable, not removable; back to draft refused.
    expect(
      (await json("/admin/notification/save/notification", { ...base, id, name: "Changed" })).body.error.code,
    ).toBe("conflict");
    expect(
      (await json("/admin/notification/save/content", { notificationId: id, lang: "en", title: "X", body: "Y" }))
        .status,
    ).toBe(409);
    expect((await json("/admin/notification/remove/notification", { id })).status).toBe(409);
    expect((await json("/admin/notification/save/status", { id, status: "draft" })).body.error.message).toBe(
      "A notification cannot go back to draft; copy it instead.",
    );

    const loaded = await json("/admin/notification/load/notification", { id });
    expect(loaded.body).toMatchObject({ notification: { id, status: "active" }, delivered: 1 });
    expect(loaded.body.contents.map((c: { lang: string }) => c.lang)).toEqual(["en", "ru"]);

    // Pause withdraws unread deliveries; re-activate delivers once per player; finish is final.
    expect((await json("/admin/notification/save/status", { id, status: "paused" })).status).toBe(200);
    expect((await gifts(match)).some((n) => n.kind === "notification")).toBe(false);
    expect((await json("/admin/notification/save/status", { id, status: "active" })).body.delivered).toBe(1);
    expect((await json("/admin/notification/save/status", { id, status: "active" })).status).toBe(409);
    expect((await json("/admin/notification/save/status", { id, status: "finished" })).status).toBe(200);
    expect((await json("/admin/notification/save/status", { id, status: "active" })).body.error.message).toBe(
      "Only a draft or a paused notification can be activated.",
    );
    expect((await gifts(match)).some((n) => n.kind === "notification")).toBe(false);
    const statusRows = (await w.deps.db.select().from(adminLog))
      .filter((l) => l.action === "/admin/notification/save/status")
      .map((l) => l.summary);
    expect(statusRows).toEqual([
      "status draft → active; delivered to 1 players",
      "status active → paused",
      "status paused → active; delivered to 1 players",
      "status active → finished",
    ]);

    // Copy: a draft with the same contents.
    const copy = await json("/admin/notification/copy/notification", { id });
    expect(copy.body.notification).toMatchObject({ status: "draft", name: "Weekend double XP (copy)", levelMin: 5 });
    expect(
      (
        await w.deps.db
          .select()
          .from(notificationContents)
          .where(eq(notificationContents.notificationId, copy.body.notification.id))
      ).length,
    ).toBe(2);
    expect(
      (await json("/admin/notification/remove/content", { notificationId: copy.body.notification.id, lang: "en" })).body
        .removed,
    ).toEqual({ notificationId: copy.body.notification.id, lang: "en" });
    expect(
      (await json("/admin/notification/remove/notification", { id: copy.body.notification.id })).body.removed,
    ).toBe(copy.body.notification.id);
    expect((await json("/admin/notification/remove/notification", { id: 9999 })).status).toBe(404);

    // List: paged, filtered by status and text.
    const list = await json("/admin/notification/load/list", { status: "finished", q: "double" });
    expect(list.body).toMatchObject({ total: 1, rows: [{ id, status: "finished" }] });
    expect((await json("/admin/notification/load/list", { status: "draft" })).body.total).toBe(0);
    expect((await json("/admin/notification/load/list", { status: "lost" })).status).toBe(400);
  });

  test("activation only inside the window; payers, explicit player ids; chat notifications have text only", async () => {
    const payer = await signInPlayer(w, { country: "DE", platform: "android" });
    const other = await signInPlayer(w, { country: "DE", platform: "android" });
    await w.deps.db.insert(orders).values({
      playerId: payer.playerId,
      itemId: "gold-100",
      provider: "test",
      market: "web",
      country: "DE",
      platform: "android",
      amountMinor: 99,
      currency: "EUR",
      grants: "{}",
      status: "paid",
      createdAt: NOW,
      updatedAt: NOW,
      paidAt: NOW,
    });

    const later = (
      await json("/admin/notificationChat/save/notification", {
        ...base,
        name: "Tournament tonight",
        startsAt: "24.11.2026 18:00:00",
        countries: [],
        platforms: [],
        levelMin: 1,
      })
    ).body.notification;
    expect(later.channel).toBe("chat");
    expect(
      (
        await json("/admin/notificationChat/save/content", {
          notificationId: later.id,
          lang: "ru",
          title: "Заголовок",
          body: "Текст",
        })
      ).body.error.fields.title,
    ).toBe("A chat notification has no title, only the text.");
    await json("/admin/notificationChat/save/content", {
      notificationId: later.id,
      lang: "ru",
      body: "Турнир сегодня в 21:00!",
    });
    await json("/admin/notificationChat/save/content", {
      notificationId: later.id,
      lang: "en",
      body: "Tournament tonight at 21:00!",
    });
    expect(
      (await json("/admin/notificationChat/save/status", { id: later.id, status: "active" })).body.error.message,
    ).toBe("A notification can be activated only between its start and its end.");

    const forPayers = (
      await json("/admin/notificationChat/save/notification", {
        ...base,
        name: "Thanks",
        countries: ["DE"],
        platforms: [],
        levelMin: 1,
        payers: "payers",
      })
    ).body.notification;
    await json("/admin/notificationChat/save/content", { notificationId: forPayers.id, lang: "ru", body: "Спасибо!" });
    await json("/admin/notificationChat/save/content", {
      notificationId: forPayers.id,
      lang: "en",
      body: "Thank you!",
    });
    expect(
      (await json("/admin/notificationChat/save/status", { id: forPayers.id, status: "active" })).body.delivered,
    ).toBe(1);
    const kinds = async (p: { playerId: number }) =>
      (await w.deps.db.select().from(playerNotifications).where(eq(playerNotifications.playerId, p.playerId))).map(
        (n) => n.kind,
      );
    expect(await kinds(payer)).toEqual(["chatNotification"]);
    expect(await kinds(other)).toEqual([]);

    const explicit = (
      await json("/admin/notification/save/notification", {
        ...base,
        name: "Personal",
        countries: [],
        platforms: [],
        levelMin: 1,
        playerIds: [other.playerId],
      })
    ).body.notification;
    await json("/admin/notification/save/content", {
      notificationId: explicit.id,
      lang: "ru",
      title: "Лично",
      body: "Привет",
    });
    await json("/admin/notification/save/content", {
      notificationId: explicit.id,
      lang: "en",
      title: "Personal",
      body: "Hi",
    });
    expect((await json("/admin/notification/save/status", { id: explicit.id, status: "active" })).body.delivered).toBe(
      1,
    );
    expect(await kinds(other)).toEqual(["notification"]);
  });

  test("export is JSON; import previews (GET or preview), then creates a draft all-or-nothing; bad documents refused", async () => {
    const [one] = await w.deps.db.select().from(notifications).where(eq(notifications.name, "Weekend double XP"));
    const exp = await w.app.request(`/admin/notification/export/${one.id}`, { headers: admin.headers() });
    expect(exp.headers.get("content-disposition")).toContain(`notification-${one.id}.json`);
    const doc = await exp.json();
    expect(doc).toMatchObject({
      format: "tankodrome.notification",
      channel: "inbox",
      notification: { name: "Weekend double XP", levelMin: 5 },
    });
    expect((await w.app.request("/admin/notification/export/abc", { headers: admin.headers() })).status).toBe(404);
    expect((await w.app.request("/admin/notification/export/9999", { headers: admin.headers() })).status).toBe(404);

    const count = async () => (await w.deps.db.select().from(notifications)).length;
    const before = await count();
    const logsBefore = await logs();
    const preview = await json("/admin/notification/import", { data: JSON.stringify(doc), preview: true });
    expect(preview.body).toMatchObject({ preview: true, creates: { name: "Weekend double XP", langs: ["en", "ru"] } });
    const viaGet = await w.app.request(`/admin/notification/import?data=${encodeURIComponent(JSON.stringify(doc))}`, {
      headers: admin.headers(),
    });
    expect((await viaGet.json()).preview).toBe(true);
    expect((await json("/admin/notificationChat/import", { data: doc })).body.error.fields).toHaveProperty([
      "data.channel",
    ]);
    expect(
      (
        await json("/admin/notification/import", {
          data: { ...doc, notification: { ...doc.notification, endsAt: doc.notification.startsAt } },
        })
      ).status,
    ).toBe(400);
    expect(
      (await json("/admin/notification/import", { data: { ...doc, contents: [doc.contents[0], doc.contents[0]] } }))
        .status,
    ).toBe(400);
    expect((await json("/admin/notification/import", { data: "{not json" })).status).toBe(400);
    expect(await count()).toBe(before);
    expect(await logs()).toBe(logsBefore);

    const applied = await json("/admin/notification/import", { data: doc });
    expect(applied.body.notification).toMatchObject({ status: "draft", name: "Weekend double XP" });
    expect(await count()).toBe(before + 1);
    expect(
      (
        await w.deps.db
          .select()
          .from(notificationContents)
          .where(eq(notificationContents.notificationId, applied.body.notification.id))
      ).length,
    ).toBe(2);
    expect((await w.deps.db.select().from(adminLog)).at(-1)!.action).toBe("/admin/notification/import");
  });

  test("players and anonymous callers are kept out", async () => {
    const player = await signInPlayer(w);
    expect((await w.app.request("/admin/notification/load/list", { headers: player.headers() })).status).toBe(401);
    expect((await w.app.request("/admin/notificationChat/save/status", { method: "POST", body: "{}" })).status).toBe(
      401,
    );
  });
});

describe("Admin: notification import from an uploaded file", () => {
  test("a multipart upload of the exported file previews, then creates the draft", async () => {
    const w = await makeWorld({ now: NOW });
    try {
      const admin = await signInAdmin(w, "operator");
      const doc = {
        format: "tankodrome.notification",
        version: 1,
        channel: "chat",
        notification: {
          name: "Server restart",
          startsAt: NOW,
          endsAt: NOW + 3_600_000,
          levelMin: 1,
          levelMax: 100,
          platforms: [],
          countries: [],
          payers: "all",
          playerIds: [],
        },
        contents: [
          { lang: "ru", title: "", body: "Перезапуск в 04:00." },
          { lang: "en", title: "", body: "Restart at 04:00." },
        ],
      };
      const upload = (query: string, content: string) => {
        const body = new FormData();
        body.append("data", new File([content], "n.json", { type: "application/json" }));
        const { "content-type": _ct, ...headers } = admin.headers();
        return w.app.request(`/admin/notificationChat/import${query}`, { method: "POST", headers, body });
      };
      expect((await (await upload("?preview=true", JSON.stringify(doc))).json()).creates).toMatchObject({
        name: "Server restart",
        langs: ["ru", "en"],
      });
      expect((await w.deps.db.select().from(notifications)).length).toBe(0);
      expect((await upload("", "{broken")).status).toBe(400);
      const done = await (await upload("", JSON.stringify(doc))).json();
      expect(done.notification).toMatchObject({ channel: "chat", status: "draft" });
    } finally {
      await w.close();
    }
  });
});
