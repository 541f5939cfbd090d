// Shared wording of the clans and battles screens: battle states and results, clan roles, clan log actions.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";

const BATTLE_STATUS: Record<string, MessageDescriptor> = {
  running: msg({ message: "running", context: "battle status" }),
  finished: msg({ message: "finished", context: "battle status" }),
  stopped: msg({ message: "stopped", context: "battle status" }),
  stuck: msg({ message: "stuck", context: "battle status" }),
};
const RESULT: Record<string, MessageDescriptor> = {
  win: msg({ message: "win", context: "battle result" }),
  loss: msg({ message: "loss", context: "battle result" }),
  draw: msg({ message: "draw", context: "battle result" }),
};
const ROLE: Record<string, MessageDescriptor> = {
  leader: msg({ message: "leader", context: "clan role" }),
  officer: msg({ message: "officer", context: "clan role" }),
  member: msg({ message: "member", context: "clan role" }),
};
const ACTION: Record<string, MessageDescriptor> = {
  create: msg({ message: "created the clan", context: "clan log" }),
  edit: msg({ message: "edited the clan", context: "clan log" }),
  request: msg({ message: "asked to join", context: "clan log" }),
  approve: msg({ message: "accepted a request", context: "clan log" }),
  reject: msg({ message: "rejected a request", context: "clan log" }),
  quit: msg({ message: "left the clan", context: "clan log" }),
  kick: msg({ message: "removed a member", context: "clan log" }),
  role: msg({ message: "changed a role", context: "clan log" }),
  leader: msg({ message: "handed the leadership over", context: "clan log" }),
  remove: msg({ message: "removed the clan", context: "clan log" }),
};
const say = (table: Record<string, MessageDescriptor>, key: string | null) => (key && table[key] ? i18n._(table[key]) : (key ?? ""));
export const battleStatusText = (s: string) => say(BATTLE_STATUS, s);
export const resultText = (s: string | null) => say(RESULT, s);
export const roleText = (s: string) => say(ROLE, s);
/** A clan log action in words; an operator's (admin.*) is the same words, marked by who did it. */
export const actionText = (a: string) => say(ACTION, a.replace(/^admin\./, ""));
export const BATTLE_STATUSES = ["running", "finished", "stopped", "stuck"];
export const CLAN_ROLES = ["leader", "officer", "member"];
