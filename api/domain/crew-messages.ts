// Server messages of a player's crew training (POST /game/play/crew/train), in en and ru.
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "crew.notHired": "You have no member of this crew.",
    "crew.fullyTrained": "This crew member's skill is fully trained.",
    "crew.nextLevel": "The next skill level to train is {0}.",
    "crew.notSold": "This training is not sold for this currency.",
  },
  ru: {
    "crew.notHired": "У вас нет такого члена экипажа.",
    "crew.fullyTrained": "Навык этого члена экипажа полностью обучен.",
    "crew.nextLevel": "Следующий уровень навыка для обучения — {0}.",
    "crew.notSold": "Это обучение не продаётся за эту валюту.",
  },
});
