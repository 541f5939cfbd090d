// The admin log's rows in words: a named action ("admin.login") by its own words, a path action
// ("/admin/tank/save") as the screen's title and what was done ("Tanks: save"), the target as a
// thing ("player #12", AdminLabels' references), the change from its stored details.
// Every named action the server writes (AUDIT_ACTIONS of api/domain/audit-details.ts) has words
// here: ACTIONS is a Record over that list, so a new one without words fails tsc, and
// logWords.test.ts reads each in ru and en.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import type { NamedAuditAction } from "../../../api/domain/audit-details.ts";
import { anyValueText, changesText, thingText, type Change } from "../../shell/AdminLabels.ts";
import { listedScreens, screenTitle } from "../registry.ts";

const ACTIONS: Record<NamedAuditAction, MessageDescriptor> = {
  "admin.login": msg`Signed in`,
  "admin.logout": msg`Signed out`,
  "admin.create": msg`Admin created`,
  "admin.role": msg`Admin's role changed`,
  "admin.promote": msg`Admin promoted`,
  "admin.denote": msg`Admin demoted`,
  "admin.activate": msg`Admin activated`,
  "admin.deactivate": msg`Admin deactivated`,
  "admin.changeEmail": msg`Admin's email changed`,
  "admin.changePassword": msg`Admin's password changed`,
  "banLog.unbanPlayers": msg`Players unbanned`,
  "battles.stop": msg`Battle stopped`,
  "battles.stopTheStuck": msg`Stuck battles stopped`,
  "billing.catalog": msg`Payment catalogue changed`,
  "billing.import": msg`Payment catalogue imported`,
  "billing.multipliers": msg`Currency multipliers changed`,
  "billing.invalidate.internal": msg`Payment catalogue cache dropped`,
  "billing.invalidate.facebook": msg`Facebook catalogue cache dropped`,
  "chat.mute": msg`Player muted`,
  "chat.unmute": msg`Player unmuted`,
  "chat.post": msg`Message posted`,
  "chat.words": msg`Banned words changed`,
  "chat.hide": msg`Message hidden`,
  "chat.delete": msg`Message deleted`,
  "chat.show": msg`Message shown`,
  "clan.remove": msg`Clan removed`,
  "clan.removeMember": msg`Member removed from a clan`,
  "clan.set": msg`Clan changed`,
  "clan.setMember": msg`Clan member's role changed`,
  "friend.accept": msg`Friend request accepted`,
  "friend.decline": msg`Friend request declined`,
  "friend.remove": msg`Friendship ended`,
  "player.ban": msg`Player banned`,
  "player.unban": msg`Player unbanned`,
  "player.suspect": msg`Player marked suspect`,
  "player.unsuspect": msg`Suspect mark cleared`,
  "player.setProfile": msg`Player's profile changed`,
  "player.remove": msg`Player's personal data erased`,
  "player.resetProfile": msg`Player's progress reset`,
  "player.resetEula": msg`Terms to be accepted again`,
  "player.resetRateForBonus": msg`Rating request reset`,
  "player.resetSuspectAll": msg`Suspect marks cleared`,
  "player.crews.save": msg`Player's crew changed`,
  "player.crews.remove": msg`Player's crew dismissed`,
  "player.quests.save": msg`Player's quest changed`,
  "player.dailyTasks.edit": msg`Player's daily task progress changed`,
  "player.dailyTasks.replaceWith": msg`Player's daily task replaced`,
  "player.dailyTasks.updateTasks": msg`Player's daily tasks drawn again`,
  "player.experiment.add": msg`Player put into an experiment variant`,
  "player.experiment.clear": msg`Player back to the experiment's rule`,
  "player.experiment.remove": msg`Player kept out of an experiment`,
  "player.tanks.save": msg`Tank given to a player`,
  "player.tanks.remove": msg`Tank taken from a player`,
  "player.tanks.setCurrent": msg`Player's current tank set`,
  "player.shop.buyTank": msg`Tank bought for a player`,
  "player.shop.buyConsumable": msg`Consumable bought for a player`,
  "playerPayment.add": msg`Manual credit`,
  "playerPayment.edit": msg`Payment note changed`,
  "playerPayment.remove": msg`Payment cancelled`,
  "playerPayment.verify": msg`Payment verified`,
  "ticket.creditAndReply": msg`Credited from a ticket and replied`,
  "tools.import": msg`Player imported`,
  "tools.socialUpdate": msg`Profile updated from the network`,
  "tools.swap": msg`Identities swapped`,
  "tools.transfer": msg`Identity moved`,
  "metrics.recalculate_month": msg`Month recalculated`,
  "metrics.clear_monthly_cache": msg`Monthly figures cleared`,
};

/** What a path action's last parts say was done. */
const VERBS: Record<string, MessageDescriptor> = {
  save: msg({ message: "save", context: "admin log verb" }),
  remove: msg({ message: "remove", context: "admin log verb" }),
  import: msg({ message: "import", context: "admin log verb" }),
  export: msg({ message: "export", context: "admin log verb" }),
  invalidateCache: msg({ message: "cache invalidated", context: "admin log verb" }),
  add: msg({ message: "add", context: "admin log verb" }),
  update: msg({ message: "update", context: "admin log verb" }),
  set: msg({ message: "change", context: "admin log verb" }),
  edit: msg({ message: "edit", context: "admin log verb" }),
  accept: msg({ message: "accept", context: "admin log verb" }),
  reject: msg({ message: "reject", context: "admin log verb" }),
  backup: msg({ message: "backup", context: "admin log verb" }),
  copy: msg({ message: "copy", context: "admin log verb" }),
  status: msg({ message: "status", context: "admin log verb" }),
  conditions: msg({ message: "conditions", context: "admin log verb" }),
  variants: msg({ message: "variants", context: "admin log verb" }),
  content: msg({ message: "texts", context: "admin log verb" }),
  category: msg({ message: "category", context: "admin log verb" }),
  importFromProject: msg({ message: "import from the project", context: "admin log verb" }),
  io: msg({ message: "text changed", context: "admin log verb" }),
};
/** Parts of a path that say nothing of what was done: grouping words and path parameters (":playerId{[0-9]+}"). */
const silent = (p: string) =>
  !p ||
  p.startsWith(":") ||
  /^\d+$/.test(p) ||
  ["general", "settings", "notification", "messages", "cache", "ticket"].includes(p);
/** A part's verb: a known part, or the verb an item action begins with ("setTank", "removeCamouflage"). */
const verbOf = (p: string) =>
  Object.hasOwn(VERBS, p) ? p : /^(set|remove|add|update|save|import|export|edit|invalidate)(?=[A-Z])/.exec(p)?.[1];
/** Routes for the game's tools and the admins' API live outside their screen's path. */
const ALIASES: [string, string][] = [
  ["/admin/api/user/", "/admin/admins/"],
  ["/admin/api/option/client/", "/admin/clientOptions/"],
];

/** A path action read against the screens: the screen it belongs to, the verbs its parts say, and the parts no verb names. */
export function pathWords(action: string): { screen: string; verbs: string[]; unknown: string[] } | null {
  const [from, to] = ALIASES.find(([a]) => action.startsWith(a)) ?? ["", ""];
  const path = from ? to + action.slice(from.length) : action;
  // A screen's own address up to its first parameter ("/admin/banLog/:playerId" → "/admin/banLog/"); the longest wins, one without parameters on a tie.
  const base = (s: { path: string }) => s.path.split(":")[0];
  const screen = listedScreens()
    .filter((s) => s.shell === "admin" && base(s).length > 7 && path.startsWith(base(s)))
    .sort((a, b) => base(b).length - base(a).length || Number(a.path.includes(":")) - Number(b.path.includes(":")))[0];
  if (!screen) return null;
  const verbs: string[] = [];
  const unknown: string[] = [];
  for (const p of path
    .slice(base(screen).length)
    .split("/")
    .filter((p) => !silent(p))) {
    const v = verbOf(p);
    if (v) verbs.push(i18n._(VERBS[v === "invalidate" ? "invalidateCache" : v]));
    else unknown.push(p);
  }
  return { screen: screenTitle(screen), verbs, unknown };
}

/**
 * An action id in words; null when it has none (not a named action, and a path outside every
 * screen). A path's parts no verb names (a route's own nouns, "friend", "tanks") are left out,
 * never shown as they are.
 */
export function actionWordsOrNull(action: string): string | null {
  if (Object.hasOwn(ACTIONS, action)) return i18n._(ACTIONS[action as NamedAuditAction]);
  if (!action.startsWith("/admin/")) return null;
  const w = pathWords(action);
  return w && (w.verbs.length ? `${w.screen}: ${w.verbs.join(", ")}` : w.screen);
}
/** An action id in words; one without words shows as it is. */
export const actionWords = (action: string) => actionWordsOrNull(action) ?? action;

/** A log row's target: "player #12"; a type without words reads as its id ("#3", the action names the list). */
export const targetWords = (type: string | null, id: string | null) => thingText(type, id);

/** The change a row keeps as data (api/domain/audit-details.ts), or null on a row written before it was kept. */
export interface LogDetails {
  changes: Change[];
  created?: boolean;
  scope?: string;
}
/** What a row changed, in words ("Nation: USSR → Germany"); a row without details shows its summary as written. */
export function detailsWords(details: LogDetails | null, summary: string): string {
  if (!details) return summary;
  const changes = changesText(details.changes, details.created);
  const scope = details.scope ? anyValueText(details.scope) : "";
  return scope && changes ? `${scope}: ${changes}` : scope || changes;
}
