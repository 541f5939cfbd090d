// The demo world's notifications: an active inbox notice about a weekend event (delivered to the
// matching players as activation does), a scheduled draft for the next update, and a finished
// chat announcement of last week's tournament.
import type { WorldStep } from "../demo.ts";
import { changeStatus, insertDraft } from "../../domain/notifications.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

export const notificationsStep: WorldStep = async ({ db, opts }) => {
  const now = opts.now;
  const audience = {
    levelMin: 1,
    levelMax: 100,
    platforms: [] as string[],
    countries: [] as string[],
    payers: "all" as const,
    playerIds: [] as number[],
  };
  await db.transaction(async (tx) => {
    const weekend = await insertDraft(
      tx,
      "inbox",
      { ...audience, name: "Weekend: double XP", startsAt: now - DAY, endsAt: now + 2 * DAY, levelMin: 3 },
      [
        {
          lang: "ru",
          title: "Двойной опыт на выходных",
          body: "Все бои до воскресенья приносят **вдвое больше опыта**.\n\nСамое время прокачать новую машину!",
        },
        {
          lang: "en",
          title: "Double XP this weekend",
          body: "Every battle until Sunday earns **twice the experience**.\n\nA good time to research a new tank!",
        },
      ],
      now - 2 * DAY,
    );
    await changeStatus(tx, weekend, "active", now - DAY + HOUR);

    await insertDraft(
      tx,
      "inbox",
      {
        ...audience,
        name: "Update 1.4: new maps",
        startsAt: now + 5 * DAY,
        endsAt: now + 12 * DAY,
        platforms: ["web", "android"],
      },
      [
        { lang: "ru", title: "Обновление 1.4", body: "Две новые карты: *Перевал* и *Порт*. Подробности — в новостях." },
        { lang: "en", title: "Update 1.4", body: "Two new maps: *Pass* and *Harbour*. Details in the news." },
      ],
      now - DAY,
    );

    const tournament = await insertDraft(
      tx,
      "chat",
      { ...audience, name: "Clan tournament starts", startsAt: now - 8 * DAY, endsAt: now - 6 * DAY, levelMin: 10 },
      [
        { lang: "ru", title: "", body: "Клановый турнир начинается в 20:00 по Москве. Удачи, командиры!" },
        { lang: "en", title: "", body: "The clan tournament starts at 20:00 Moscow time. Good luck, commanders!" },
      ],
      now - 9 * DAY,
    );
    await changeStatus(tx, tournament, "active", now - 8 * DAY + HOUR);
    await changeStatus(tx, { ...tournament, status: "active" }, "finished", now - 6 * DAY);
  });
};
