// An admin log row's change as data: which fields changed, from what to what (or what an item was
// created with), so the log shows it in the viewer's language with the fields' names in words,
// rather than only as the English summary line written beside it.

export interface AuditChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditDetails {
  /** Fields that changed (a created item: every field, after only; a removed one: before only). */
  changes: AuditChange[];
  /** The item was created with these values (every change has an after only). */
  created?: boolean;
  /** What the entry is about when it is not the row's target (a notification text's language, a quest's key…). */
  scope?: string;
}

/**
 * Every named action an admin log row can have (besides a route's own path, "/admin/tank/save",
 * which the log reads as the screen's title and what was done). The back office gives each its
 * words in ru and en (ui/areas/access/logWords.ts: a Record over this list, so a new action
 * without words fails tsc, and ui/areas/access/logWords.test.ts reads them in both languages).
 */
export const AUDIT_ACTIONS = [
  "admin.login",
  "admin.logout",
  "admin.create",
  "admin.role",
  "admin.promote",
  "admin.denote",
  "admin.activate",
  "admin.deactivate",
  "admin.changeEmail",
  "admin.changePassword",
  "banLog.unbanPlayers",
  "battles.stop",
  "battles.stopTheStuck",
  "billing.catalog",
  "billing.import",
  "billing.multipliers",
  "billing.invalidate.internal",
  "billing.invalidate.facebook",
  "chat.mute",
  "chat.unmute",
  "chat.post",
  "chat.words",
  "chat.hide",
  "chat.delete",
  "chat.show",
  "clan.remove",
  "clan.removeMember",
  "clan.set",
  "clan.setMember",
  "friend.accept",
  "friend.decline",
  "friend.remove",
  "player.ban",
  "player.unban",
  "player.suspect",
  "player.unsuspect",
  "player.setProfile",
  "player.remove",
  "player.resetProfile",
  "player.resetEula",
  "player.resetRateForBonus",
  "player.resetSuspectAll",
  "player.crews.save",
  "player.crews.remove",
  "player.quests.save",
  "player.dailyTasks.edit",
  "player.dailyTasks.replaceWith",
  "player.dailyTasks.updateTasks",
  "player.experiment.add",
  "player.experiment.clear",
  "player.experiment.remove",
  "player.tanks.save",
  "player.tanks.remove",
  "player.tanks.setCurrent",
  "player.shop.buyTank",
  "player.shop.buyConsumable",
  "playerPayment.add",
  "playerPayment.edit",
  "playerPayment.remove",
  "playerPayment.verify",
  "ticket.creditAndReply",
  "tools.import",
  "tools.socialUpdate",
  "tools.swap",
  "tools.transfer",
  "metrics.recalculate_month",
  "metrics.clear_monthly_cache",
] as const;
export type NamedAuditAction = (typeof AUDIT_ACTIONS)[number];
/** A row's action: a named one, or the path of the admin route that made the change. */
export type AuditAction = NamedAuditAction | `/admin/${string}`;

/** The fields that differ between two versions of an item (updatedAt left out); before undefined: created. */
export function changesOf(before: Record<string, unknown> | undefined, after: Record<string, unknown>): AuditChange[] {
  if (!before)
    return Object.entries(after)
      .filter(([k, v]) => k !== "updatedAt" && v !== undefined)
      .map(([field, v]) => ({ field, after: v }));
  return Object.keys(after)
    .filter((k) => k !== "updatedAt" && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** The details of a change between two versions of an item. */
export const detailsOf = (
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  scope?: string,
): AuditDetails => ({
  changes: changesOf(before, after),
  ...(before ? {} : { created: true }),
  ...(scope ? { scope } : {}),
});

/** The details of an entry that changed no field the log could show (a sign-in, a cache dropped): its action's words say it. */
export const NO_CHANGES: AuditDetails = { changes: [] };
/** Details from a list of [field, value] the entry did or set (no before). */
export const valuesOf = (values: Record<string, unknown>, scope?: string): AuditDetails => ({
  changes: Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([field, after]) => ({ field, after })),
  ...(scope ? { scope } : {}),
});

/** A route's own path as the row's action (the router's row for a handler that wrote none, a resource's actions). */
export function pathAction(path: string): AuditAction {
  if (!path.startsWith("/admin/")) throw new Error(`an admin log action is a named one or an /admin/ path: ${path}`);
  return path as `/admin/${string}`;
}
