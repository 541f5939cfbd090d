// Server messages of the players admin, ru and en.
import { addServerMessages } from "../../i18n/index.ts";

addServerMessages({
  en: {
    "players.error.ban_in_past": "The end of the ban must be in the future.",
    "players.error.erased": "This player's personal data has been erased; the profile cannot be edited.",
    "players.error.nothing_to_change": "Nothing to change.",
    "players.error.not_owned": "The player does not own this tank.",
    "players.error.owned": "The player already owns this tank.",
    "players.error.period_too_long": "The period can be at most {0} days.",
  },
  ru: {
    "players.error.ban_in_past": "Окончание бана должно быть в будущем.",
    "players.error.erased": "Личные данные этого игрока удалены; профиль нельзя изменить.",
    "players.error.nothing_to_change": "Нечего менять.",
    "players.error.not_owned": "У игрока нет этого танка.",
    "players.error.owned": "У игрока уже есть этот танк.",
    "players.error.period_too_long": "Период может быть не длиннее {0} дн.",
  },
});
