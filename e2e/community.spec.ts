// Friends and chat in Debian's Chromium, against the app as it runs in production (startApp):
// two players find each other on their profiles, become friends and chat in the global room,
// each seeing the other's message arrive live; then an operator, on the chat screen, hides a
// player's message and mutes its author while the players' pages are open — the message
// disappears from those pages without a reload, and the author is told they cannot write. In
// Russian and in English; any console error or failed request fails the journey.
import { test, expect, type Browser } from "@playwright/test";
import { addAdmin, addPlayer, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("community");
});
test.afterAll(async () => {
  await running?.stop();
});

async function watched(
  browser: Browser,
  locale: "ru" | "en",
  problems: string[],
  cookie: ReturnType<typeof sessionCookie>,
  width = 1366,
) {
  const context = await browser.newContext({
    locale: locale === "ru" ? "ru-RU" : "en-US",
    viewport: { width, height: 900 },
  });
  await context.addCookies([cookie]);
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`page: ${e}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on(
    "requestfailed",
    (r) =>
      r.failure()?.errorText !== "net::ERR_ABORTED" && problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`),
  );
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  return page;
}

const TEXT = {
  en: {
    find: "Friend's nickname or player id",
    findBtn: "Find a friend",
    add: "Add friend",
    accept: "Accept",
    friends: "Your friends",
    message: "Message",
    send: "Send",
    chat: "Chat",
    hide: "Hide",
    mute: "Mute author",
    muted: /You cannot write in chat until/,
  },
  ru: {
    find: "Ник друга или ID игрока",
    findBtn: "Найти друга",
    add: "Добавить в друзья",
    accept: "Принять",
    friends: "Ваши друзья",
    message: "Сообщение",
    send: "Отправить",
    chat: "Чат",
    hide: "Скрыть",
    mute: "Лишить автора голоса",
    muted: /Вы не можете писать в чат до/,
  },
} as const;

for (const locale of ["ru", "en"] as const) {
  test(`two players become friends and chat; an operator hides a message and mutes its author live (${locale})`, async ({
    browser,
  }, info) => {
    const T = TEXT[locale];
    const problems: string[] = [];
    const db = running.db;
    const tag = `${locale}${Date.now() % 100000}`;
    const aliceId = await addPlayer(db, { nickname: `Alice${tag}`, country: "RU" });
    const bobId = await addPlayer(db, { nickname: `Bob${tag}`, country: "RU" });
    await db.execute({ sql: "update players set locale = ? where id in (?, ?)", args: [locale, aliceId, bobId] });
    const alice = await watched(
      browser,
      locale,
      problems,
      sessionCookie(await addSession(db, "player", aliceId, locale)),
    );
    const bob = await watched(
      browser,
      locale,
      problems,
      sessionCookie(await addSession(db, "player", bobId, locale)),
      390,
    );

    // Alice finds Bob on her profile and asks; Bob accepts on his.
    await alice.goto(`${running.url}/public/profile/`);
    await alice.getByLabel(T.find).fill(`Bob${tag}`);
    await alice.getByRole("button", { name: T.findBtn }).click();
    await alice.getByRole("button", { name: T.add }).click();
    await bob.goto(`${running.url}/public/profile/`);
    await bob.getByRole("button", { name: T.accept, exact: true }).click();
    await expect(bob.getByRole("list", { name: T.friends })).toContainText(`Alice${tag}`);
    await alice.reload();
    await expect(alice.getByRole("list", { name: T.friends })).toContainText(`Bob${tag}`);

    // They chat: each message reaches the other's open page live.
    const aliceChat = alice.getByRole("region", { name: T.chat, exact: true });
    const bobChat = bob.getByRole("region", { name: T.chat, exact: true });
    await aliceChat.getByRole("textbox", { name: T.message }).fill(`Hi Bob ${tag}`);
    await aliceChat.getByRole("button", { name: T.send }).click();
    await expect(bobChat).toContainText(`Hi Bob ${tag}`);
    await bobChat.getByRole("textbox", { name: T.message }).fill(`Hello Alice ${tag}`);
    await bobChat.getByRole("button", { name: T.send }).click();
    await expect(aliceChat).toContainText(`Hello Alice ${tag}`);
    await alice.screenshot({ path: info.outputPath(`friends-chat-${locale}.png`), fullPage: true });
    await bob.screenshot({ path: info.outputPath(`friends-chat-${locale}-390.png`), fullPage: true });

    // An operator hides Bob's message and mutes him, while both pages stay open.
    const op = await watched(
      browser,
      locale,
      problems,
      sessionCookie(await addSession(db, "admin", await addAdmin(db, "operator"), locale)),
    );
    await op.goto(`${running.url}/admin/chat/`);
    const row = op.locator("tr", { hasText: `Hello Alice ${tag}` });
    await row.getByRole("button", { name: T.hide }).click();
    await expect(aliceChat).not.toContainText(`Hello Alice ${tag}`);
    await expect(bobChat).not.toContainText(`Hello Alice ${tag}`);
    await expect(aliceChat).toContainText(`Hi Bob ${tag}`);
    await row.getByRole("button", { name: T.mute }).click();
    await op.screenshot({ path: info.outputPath(`admin-chat-${locale}.png`), fullPage: true });
    // The muted author is told so (a write is refused; on reload the form is replaced by the notice).
    await bob.reload();
    await expect(bob.getByRole("region", { name: T.chat, exact: true })).toContainText(T.muted);
    await expect(bob.getByRole("region", { name: T.chat, exact: true })).not.toContainText(`Hello Alice ${tag}`);
    const log = await db.execute({
      sql: "select action from admin_log where action in ('chat.hide', 'chat.mute') and target_id in (?, (select cast(id as text) from chat_messages where body = ?)) order by id",
      args: [String(bobId), `Hello Alice ${tag}`],
    });
    expect(log.rows.map((r) => r.action)).toEqual(["chat.hide", "chat.mute"]);
    expect(problems).toEqual([]);
    await alice.context().close();
    await bob.context().close();
    await op.context().close();
  });
}
