// Shared wording of the clans and battles screens: battle states and results; clan roles and clan
// log actions come from the back office's shared words (ui/shell/AdminLabels.ts).
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { valueText } from "../../shell/AdminLabels.ts";
import { CLAN_ROLE_KEYS } from "../../lib/enums.ts";

const BATTLE_STATUS: Record<string, MessageDescriptor> = {
  running: msg({ message: "Running", context: "battle status" }),
  finished: msg({ message: "Finished", context: "battle status" }),
  stopped: msg({ message: "Stopped", context: "battle status" }),
  stuck: msg({ message: "Stuck (no end reported)", context: "battle status" }),
};
const say = (table: Record<string, MessageDescriptor>, key: string | null) =>
  key && table[key] ? i18n._(table[key]) : (key ?? "");
export const battleStatusText = (s: string) => say(BATTLE_STATUS, s);
export const resultText = (s: string | null) => valueText("result", s);
export const roleText = (s: string) => valueText("clanRole", s);
/** A clan log action in words; an operator's (admin.*) is the same words, marked by who did it. */
export const actionText = (a: string) => valueText("clanAction", a.replace(/^admin\./, ""));
export const BATTLE_STATUSES = ["running", "finished", "stopped", "stuck"];
export const CLAN_ROLES = CLAN_ROLE_KEYS;
