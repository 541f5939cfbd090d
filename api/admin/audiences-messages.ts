// Server messages (en, ru) of saved audiences: an operator's definition or actions refused.
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "audience.range": "The lower bound must not be above the upper one.",
    "audience.grant_twice": "One grant of each currency on entering and one on leaving.",
    "audience.notification": "Choose an existing inbox notification.",
    "audience.variant": "Choose an existing experiment and one of its variants.",
    "audience.unknown": "Choose an existing saved audience.",
    "audience.default_variant": "The default variant is every player's: it takes no audience.",
  },
  ru: {
    "audience.range": "Нижняя граница не должна быть выше верхней.",
    "audience.grant_twice": "Не больше одного начисления каждой валюты при входе и одного при выходе.",
    "audience.notification": "Выберите существующее уведомление во входящие.",
    "audience.variant": "Выберите существующий эксперимент и один из его вариантов.",
    "audience.unknown": "Выберите существующую сохранённую аудиторию.",
    "audience.default_variant": "Вариант по умолчанию — для всех игроков: аудитория ему не назначается.",
  },
});
