// Server messages of the battles played in the browser, in en and ru.
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "arena.notYourTank": "This tank is not in your garage.",
    "arena.queueMoved": "The queue changed meanwhile; try again.",
    "arena.notYourBattle": "You are not in this battle.",
    "arena.notHere": "This battle runs elsewhere.",
    "arena.noRecord": "This battle has no record to replay yet.",
  },
  ru: {
    "arena.notYourTank": "Этого танка нет в вашем ангаре.",
    "arena.queueMoved": "Очередь изменилась; попробуйте ещё раз.",
    "arena.notYourBattle": "Вас нет в этом бою.",
    "arena.notHere": "Этот бой идёт на другом сервере.",
    "arena.noRecord": "Записи этого боя для повтора пока нет.",
  },
});
