// Server messages of the hangar's modules, in en and ru.
import { addServerMessages } from "../i18n/index.ts";

addServerMessages({
  en: {
    "modules.notYourTank": "This tank is not in your garage.",
    "modules.noSuchLevel": "This module level is not sold.",
    "modules.nextLevel": "Buy level {0} of this slot first.",
    "modules.notResearched": "Research it first: {0} battles in this tank (you have {1}).",
    "modules.notSold": "This module is not sold for this currency.",
  },
  ru: {
    "modules.notYourTank": "Этого танка нет в вашем ангаре.",
    "modules.noSuchLevel": "Такой уровень модуля не продаётся.",
    "modules.nextLevel": "Сначала купите уровень {0} этого слота.",
    "modules.notResearched": "Сначала исследуйте: {0} боёв на этом танке (у вас {1}).",
    "modules.notSold": "Этот модуль не продаётся за эту валюту.",
  },
});
