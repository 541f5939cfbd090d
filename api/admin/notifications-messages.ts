// Server messages of the notifications back office (ru + en).
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "validation.endBeforeStart": "The end must be after the start.",
    "notification.to.active": "Only a draft or a paused notification can be activated.",
    "notification.to.paused": "Only an active notification can be paused.",
    "notification.to.finished": "Only an active or a paused notification can be finished.",
    "notification.to.draft": "A notification cannot go back to draft; copy it instead.",
    "notification.notEditable":
      "An active or finished notification cannot be changed: pause an active one first, copy a finished one.",
    "notification.outsideWindow": "A notification can be activated only between its start and its end.",
    "notification.missingContent": "Write the content in every language first (missing: {langs}).",
    "notification.chatNoTitle": "A chat notification has no title, only the text.",
  },
  ru: {
    "validation.endBeforeStart": "Окончание должно быть позже начала.",
    "notification.to.active": "Активировать можно только черновик или приостановленное уведомление.",
    "notification.to.paused": "Приостановить можно только активное уведомление.",
    "notification.to.finished": "Завершить можно только активное или приостановленное уведомление.",
    "notification.to.draft": "Уведомление нельзя вернуть в черновик; сделайте копию.",
    "notification.notEditable":
      "Активное или завершённое уведомление менять нельзя: активное сначала приостановите, завершённое скопируйте.",
    "notification.outsideWindow": "Активировать уведомление можно только между его началом и окончанием.",
    "notification.missingContent": "Сначала напишите текст на всех языках (нет: {langs}).",
    "notification.chatNoTitle": "У сообщения в чат нет заголовка, только текст.",
  },
});
