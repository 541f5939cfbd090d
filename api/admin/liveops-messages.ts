// Server messages (en, ru) of live events: an operator's schedule and rules refused, a player's
// entry refused (api/domain/liveops/).
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "liveops.schedule.zone": "Unknown time zone: {0}.",
    "liveops.schedule.cron.fields": "A schedule has five fields: minute, hour, day of month, month, day of week.",
    "liveops.schedule.cron.value": "A field of the schedule is out of range or malformed ({0}).",
    "liveops.schedule.cron.never": "This schedule never comes round (like 30 February).",
    "liveops.schedule.duration": "The duration must be from 1 minute to 366 days.",
    "liveops.schedule.fixed.time": "Not a calendar time: {0}.",
    "liveops.schedule.fixed.order": "Periods must come in order and must not overlap ({0}).",
    "liveops.schedule.fixed.empty": "A period must end after it starts ({0}).",
    "liveops.levels": "The lowest level must not be above the highest.",
    "liveops.tiers": "The lowest tier must not be above the highest.",
    "liveops.multiplier": "A multiplier says what it multiplies and by how much (101–1000 %).",
    "liveops.offer": "Choose an existing special offer.",
    "liveops.window": "The end of the window must come after its start.",
    "liveops.not_running": "This event is not running now.",
    "liveops.not_eligible": "This event is not open to you (audience, level or tank tier).",
    "liveops.full": "This event has as many entries as it takes.",
    "liveops.period_running": "This period has not ended yet.",
  },
  ru: {
    "liveops.schedule.zone": "Неизвестный часовой пояс: {0}.",
    "liveops.schedule.cron.fields": "В расписании пять полей: минута, час, день месяца, месяц, день недели.",
    "liveops.schedule.cron.value": "Поле расписания вне допустимых значений или записано неверно ({0}).",
    "liveops.schedule.cron.never": "Это расписание никогда не наступит (как 30 февраля).",
    "liveops.schedule.duration": "Длительность — от 1 минуты до 366 дней.",
    "liveops.schedule.fixed.time": "Такого времени нет в календаре: {0}.",
    "liveops.schedule.fixed.order": "Периоды должны идти по порядку и не пересекаться ({0}).",
    "liveops.schedule.fixed.empty": "Период должен заканчиваться после начала ({0}).",
    "liveops.levels": "Наименьший уровень не может быть больше наибольшего.",
    "liveops.tiers": "Наименьший уровень техники не может быть больше наибольшего.",
    "liveops.multiplier": "Для множителя укажите, что умножается и во сколько раз (101–1000 %).",
    "liveops.offer": "Выберите существующее специальное предложение.",
    "liveops.window": "Конец периода должен быть позже начала.",
    "liveops.not_running": "Это событие сейчас не идёт.",
    "liveops.not_eligible": "Это событие вам недоступно (аудитория, уровень или уровень техники).",
    "liveops.full": "В этом событии уже столько участников, сколько оно принимает.",
    "liveops.period_running": "Этот период ещё не закончился.",
  },
});
