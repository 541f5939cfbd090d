// The admin log's action ids and target types in words. A dotted action ("admin.login") has its
// own words; a path action ("/admin/tank/save") reads as the screen's title and what was done
// ("Tanks: save"). An id neither knows shows as it is.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { screens } from "../index.ts";
import { screenTitle } from "../registry.ts";

const ACTIONS: Record<string, MessageDescriptor> = {
  "admin.login": msg`Signed in`, "admin.logout": msg`Signed out`, "admin.create": msg`Admin created`, "admin.role": msg`Admin's role changed`,
  "admin.promote": msg`Admin promoted`, "admin.denote": msg`Admin demoted`, "admin.activate": msg`Admin activated`, "admin.deactivate": msg`Admin deactivated`,
  "admin.changeEmail": msg`Admin's email changed`, "admin.changePassword": msg`Admin's password changed`,
  "banLog.unbanPlayers": msg`Players unbanned`, "battles.stop": msg`Battle stopped`, "battles.stopTheStuck": msg`Stuck battles stopped`,
  "billing.catalog": msg`Payment catalogue changed`, "billing.import": msg`Payment catalogue imported`, "billing.multipliers": msg`Currency multipliers changed`,
  "chat.mute": msg`Player muted`, "chat.unmute": msg`Player unmuted`, "chat.post": msg`Message posted`, "chat.words": msg`Banned words changed`,
  "chat.hide": msg`Message hidden`, "chat.remove": msg`Message deleted`, "chat.show": msg`Message shown`,
  "clan.remove": msg`Clan removed`, "clan.removeMember": msg`Member removed from a clan`, "clan.set": msg`Clan changed`, "clan.setMember": msg`Clan member's role changed`,
  "friend.accept": msg`Friend request accepted`, "friend.decline": msg`Friend request declined`, "friend.remove": msg`Friendship ended`,
  "player.ban": msg`Player banned`, "player.setProfile": msg`Player's profile changed`, "player.remove": msg`Player's personal data erased`,
  "player.resetProfile": msg`Player's progress reset`, "player.resetEula": msg`Terms to be accepted again`, "player.resetRateForBonus": msg`Rating request reset`,
  "player.resetSuspectAll": msg`Suspect marks cleared`, "player.crews.save": msg`Player's crew changed`, "player.crews.remove": msg`Player's crew dismissed`,
  "player.quests.save": msg`Player's quest changed`, "player.experiment.add": msg`Player put into an experiment variant`,
  "player.experiment.clear": msg`Player back to the experiment's rule`, "player.experiment.remove": msg`Player kept out of an experiment`,
  "player.tanks.save": msg`Player's tanks changed`, "player.shop.buyTank": msg`Tank bought for a player`,
  "playerPayment.add": msg`Manual credit`, "playerPayment.edit": msg`Payment note changed`, "playerPayment.remove": msg`Payment cancelled`, "playerPayment.verify": msg`Payment verified`,
  "tools.import": msg`Player imported`, "tools.socialUpdate": msg`Profile updated from the network`, "tools.swap": msg`Identities swapped`, "tools.transfer": msg`Identity moved`,
  "metrics.recalculate_month": msg`Month recalculated`, "metrics.clear_monthly_cache": msg`Monthly figures cleared`,
};

/** What a path action's last parts say was done. */
const VERBS: Record<string, MessageDescriptor> = {
  save: msg({ message: "save", context: "admin log verb" }), remove: msg({ message: "remove", context: "admin log verb" }),
  import: msg({ message: "import", context: "admin log verb" }), export: msg({ message: "export", context: "admin log verb" }),
  invalidateCache: msg({ message: "cache invalidated", context: "admin log verb" }), add: msg({ message: "add", context: "admin log verb" }),
  update: msg({ message: "update", context: "admin log verb" }), set: msg({ message: "change", context: "admin log verb" }),
  edit: msg({ message: "edit", context: "admin log verb" }), accept: msg({ message: "accept", context: "admin log verb" }),
  reject: msg({ message: "reject", context: "admin log verb" }), backup: msg({ message: "backup", context: "admin log verb" }),
  copy: msg({ message: "copy", context: "admin log verb" }), status: msg({ message: "status", context: "admin log verb" }),
  conditions: msg({ message: "conditions", context: "admin log verb" }), variants: msg({ message: "variants", context: "admin log verb" }),
  content: msg({ message: "texts", context: "admin log verb" }), category: msg({ message: "category", context: "admin log verb" }),
  importFromProject: msg({ message: "import from the project", context: "admin log verb" }), io: msg({ message: "text changed", context: "admin log verb" }),
};

/** An action id in words. */
export function actionWords(action: string): string {
  if (Object.hasOwn(ACTIONS, action)) return i18n._(ACTIONS[action]);
  if (action.startsWith("/admin/")) {
    const screen = screens.filter((s) => s.shell === "admin" && !s.path.includes(":") && s.path.length > 7 && action.startsWith(s.path)).sort((a, b) => b.path.length - a.path.length)[0];
    if (screen) {
      const rest = action.slice(screen.path.length).split("/").filter((p) => p && p !== "general" && p !== "settings" && p !== "notification" && p !== "messages");
      // The spec's item actions name their item ("setTank", "removeCamouflage"): the verb is the prefix.
      const verb = (p: string) => (Object.hasOwn(VERBS, p) ? p : (/^(set|remove|add|update|save|import|export|edit)(?=[A-Z])/.exec(p)?.[1] ?? p));
      const verbs = rest.map((p) => (Object.hasOwn(VERBS, verb(p)) ? i18n._(VERBS[verb(p)]) : p));
      return verbs.length ? `${screenTitle(screen)}: ${verbs.join(", ")}` : screenTitle(screen);
    }
  }
  return action;
}

const TARGETS: Record<string, MessageDescriptor> = {
  player: msg({ message: "player", context: "admin log target" }), admin: msg({ message: "admin", context: "admin log target" }),
  order: msg({ message: "order", context: "admin log target" }), clan: msg({ message: "clan", context: "admin log target" }),
  battle: msg({ message: "battle", context: "admin log target" }), chat_message: msg({ message: "chat message", context: "admin log target" }),
  experiment: msg({ message: "experiment", context: "admin log target" }), offer: msg({ message: "special offer", context: "admin log target" }),
  cmsCategory: msg({ message: "CMS category", context: "admin log target" }), cmsContent: msg({ message: "CMS material", context: "admin log target" }),
  translation: msg({ message: "translation", context: "admin log target" }), month: msg({ message: "month", context: "admin log target" }),
  tank: msg({ message: "tank", context: "admin log target" }), notification: msg({ message: "notification", context: "admin log target" }),
  ticket: msg({ message: "support ticket", context: "admin log target" }),
};
/** A log row's target: "player #12"; a type without words as it is. */
export function targetWords(type: string | null, id: string | null): string {
  if (!type) return "";
  const word = Object.hasOwn(TARGETS, type) ? i18n._(TARGETS[type]) : type;
  return id ? `${word} #${id}` : word;
}
