// Server messages of the system configuration area, ru and en.
import { addServerMessages } from "../../i18n/index.ts";

export const systemMessages = {
  en: {
    "system.error.shares": "The variants of this key would take more than 100% of players.",
    "system.error.no_default": 'Save the key\'s "default" variant first.',
    "system.error.stale": "Someone saved a newer version ({0}) meanwhile; reload and edit that one.",
    "system.error.published": "A published immutable option cannot change; publish it under a new key.",
    "system.error.default_language":
      "The default language cannot be removed or disabled; make another language the default first.",
    "system.error.last_language": "At least one language must stay enabled.",
    "system.error.min_above_latest": "The minimum supported version cannot be above the latest.",
    "system.error.unknown_language": 'The game has no language "{0}"; add it under Languages first.',
    "system.error.import": "The file was not imported (row {0}); nothing changed.",
  },
  ru: {
    "system.error.shares": "Варианты этого ключа заняли бы больше 100% игроков.",
    "system.error.no_default": 'Сначала сохраните вариант "default" этого ключа.',
    "system.error.stale": "Тем временем сохранена более новая версия ({0}); обновите страницу и правьте её.",
    "system.error.published": "Опубликованную неизменяемую опцию нельзя изменить; опубликуйте её под новым ключом.",
    "system.error.default_language":
      "Язык по умолчанию нельзя удалить или выключить; сначала назначьте другой язык по умолчанию.",
    "system.error.last_language": "Хотя бы один язык должен оставаться включённым.",
    "system.error.min_above_latest": "Минимальная поддерживаемая версия не может быть выше последней.",
    "system.error.unknown_language": 'В игре нет языка "{0}"; сначала добавьте его в разделе «Языки».',
    "system.error.import": "Файл не импортирован (строка {0}); ничего не изменено.",
  },
};
addServerMessages(systemMessages);
