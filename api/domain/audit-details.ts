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

/** The fields that differ between two versions of an item (updatedAt left out); before undefined: created. */
export function changesOf(before: Record<string, unknown> | undefined, after: Record<string, unknown>): AuditChange[] {
  if (!before) return Object.entries(after).filter(([k, v]) => k !== "updatedAt" && v !== undefined).map(([field, v]) => ({ field, after: v }));
  return Object.keys(after)
    .filter((k) => k !== "updatedAt" && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** The details of a change between two versions of an item. */
export const detailsOf = (before: Record<string, unknown> | undefined, after: Record<string, unknown>, scope?: string): AuditDetails => ({
  changes: changesOf(before, after),
  ...(before ? {} : { created: true }),
  ...(scope ? { scope } : {}),
});
