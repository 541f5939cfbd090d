// Server messages of the content areas, ru and en.
import { addServerMessages } from "../../i18n/index.ts";

addServerMessages({
  en: {
    "content.crewHired": "Players have members of this crew role; it cannot be removed (make it inactive instead).",
    "content.taskCompleted": "The task is already completed and paid.",
    "content.error.noCatalog": 'The project\'s catalogue for "{0}" is not built (run the UI build).',
  },
  ru: {
    "content.crewHired": "У игроков есть члены экипажа этой роли; её нельзя удалить (сделайте её неактивной).",
    "content.taskCompleted": "Задание уже выполнено и оплачено.",
    "content.error.noCatalog": "Каталог проекта для «{0}» не собран (запустите сборку интерфейса).",
  },
});
