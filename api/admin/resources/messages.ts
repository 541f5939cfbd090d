// Server messages of the resources mechanism (every list of editable things), ru and en.
import { addServerMessages } from "../../i18n/index.ts";

addServerMessages({
  en: {
    "resources.idTaken":
      "#{0} already exists ({1}): New never replaces it. Open it from the list to edit it, or take #{2}, the next free id.",
    "resources.idTakenUnnamed":
      "#{0} already exists: New never replaces it. Open it from the list to edit it, or take #{1}, the next free id.",
  },
  ru: {
    "resources.idTaken":
      "#{0} уже есть ({1}): «Создать» его не заменяет. Откройте его из списка, чтобы изменить, или возьмите #{2} — следующий свободный номер.",
    "resources.idTakenUnnamed":
      "#{0} уже есть: «Создать» его не заменяет. Откройте его из списка, чтобы изменить, или возьмите #{1} — следующий свободный номер.",
  },
});
