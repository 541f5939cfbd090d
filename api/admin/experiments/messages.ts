// Server messages of the experiments area, ru and en.
import { addServerMessages } from "../../i18n/index.ts";

export const experimentMessages = {
  en: {
    "experiments.error.weights": "The variants' weights must add up to more than 0.",
    "experiments.error.running": "A running experiment's variants and option key cannot be edited; stop it first.",
    "experiments.error.transition": 'An experiment cannot go from "{0}" to "{1}".',
    "experiments.error.no_variants": "Save the experiment's variants before starting it.",
    "experiments.error.key_taken": "Experiment #{0} is already running on this option key.",
    "experiments.error.unknown_key": 'There is no option "{0}" with a "default" variant in this scope.',
    "experiments.error.unknown_variant": 'The option key has no variant "{0}".',
    "experiments.error.same_option_variant": "Two variants cannot turn on the same option variant.",
    "experiments.error.level_range": "The minimum level cannot be above the maximum.",
    "experiments.error.promote_draft": "A draft has no results to promote; start the experiment first.",
    "experiments.error.no_such_variant": 'The experiment has no variant "{0}".',
  },
  ru: {
    "experiments.error.weights": "Сумма весов вариантов должна быть больше 0.",
    "experiments.error.running":
      "Варианты и ключ опции запущенного эксперимента менять нельзя; сначала остановите его.",
    "experiments.error.transition": "Эксперимент нельзя перевести из «{0}» в «{1}».",
    "experiments.error.no_variants": "Сохраните варианты эксперимента, прежде чем запускать его.",
    "experiments.error.key_taken": "На этом ключе опции уже запущен эксперимент №{0}.",
    "experiments.error.unknown_key": "В этой области нет опции «{0}» с вариантом «default».",
    "experiments.error.unknown_variant": "У ключа опции нет варианта «{0}».",
    "experiments.error.same_option_variant": "Два варианта не могут включать один и тот же вариант опции.",
    "experiments.error.level_range": "Минимальный уровень не может быть больше максимального.",
    "experiments.error.promote_draft": "У черновика нет результатов; сначала запустите эксперимент.",
    "experiments.error.no_such_variant": "В эксперименте нет варианта «{0}».",
  },
};
addServerMessages(experimentMessages);
