// The kinds of a player's log entries in words, and one line saying what an entry was.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";

export const LOG_KINDS: Record<string, MessageDescriptor> = {
  ledger: msg`balance`,
  transfer: msg`transfer`,
  purchase: msg`purchase`,
  clan: msg({ message: "clan", context: "log kind" }),
  gift: msg`gift`,
  ticket: msg`support ticket`,
  ban: msg({ message: "ban", context: "log kind" }),
  admin: msg`operator action`,
};
export const kindText = (k: string) => (LOG_KINDS[k] ? i18n._(LOG_KINDS[k]) : k);

export interface LogEntry {
  kind: string;
  id: number;
  at: number;
  detail: Record<string, unknown>;
}

/** The entry's detail as "key: value" pairs an operator can scan (its data, not prose). */
export const detailText = (e: LogEntry) =>
  Object.entries(e.detail)
    .filter(([, v]) => v !== null && v !== "" && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
