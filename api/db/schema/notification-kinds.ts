// Notification channels, statuses and audiences: a constants file (no drizzle), shared by the table and the rules.
export const NOTIFICATION_CHANNELS = ["inbox", "chat"] as const;
export const NOTIFICATION_STATUSES = ["draft", "active", "paused", "finished"] as const;
export const NOTIFICATION_PAYERS = ["all", "payers", "nonPayers"] as const;
