// Server messages of support cases (api/domain/support-case.ts), ru and en.
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "support.overCap": "More than your role ({1}) may credit at once: at most {0}. Ask an operator or an admin.",
    "support.closed": "The ticket is closed: reopen it to credit and reply.",
  },
  ru: {
    "support.overCap":
      "Больше, чем ваша роль ({1}) может начислить за раз: не больше {0}. Попросите оператора или администратора.",
    "support.closed": "Обращение закрыто: откройте его снова, чтобы начислить и ответить.",
  },
});
