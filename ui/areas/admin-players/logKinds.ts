// The kinds of a player's log entries in words, and one line saying what an entry was.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { amountText, detailsText, refText, valueText } from "../../shell/AdminLabels.ts";
import { actionWords, detailsWords, type LogDetails } from "../access/logWords.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { ticketStatusOf } from "../admin-avatars-feedback/words.ts";

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

const str = (v: unknown) => (v == null ? "" : String(v));
const int = (v: unknown) => new Intl.NumberFormat(i18n.locale === "ru" ? "ru-RU" : "en-US").format(Number(v));

/** The entry as a sentence in the page's locale: what moved, why, and what it refers to. */
export function detailText(e: LogEntry): string {
  const d = e.detail;
  switch (e.kind) {
    case "ledger":
    case "transfer": {
      const reason = valueText("reason", str(d.reason));
      const amount = amountText(Number(d.delta), str(d.currency));
      const balance = int(d.balanceAfter);
      const ref = refText(d.ref);
      const line = i18n._(msg`${reason}: ${amount}, balance ${balance}`);
      return ref ? `${line} · ${ref}` : line;
    }
    case "purchase": {
      const item = valueText("kitItem", str(d.itemType));
      const id = str(d.itemId);
      const quantity = int(d.quantity);
      const price = amountText(-Number(d.price), str(d.currency));
      return i18n._(msg`${item} #${id} ×${quantity} for ${price}`);
    }
    case "clan": {
      const action = valueText("clanAction", str(d.action).replace(/^admin\./, ""));
      const clan = str(d.clanId);
      const more =
        d.details && typeof d.details === "object"
          ? detailsText(d.details as Record<string, unknown>, ["admin", "adminId"])
          : "";
      return i18n._(msg`Clan #${clan}: ${action}`) + (more ? ` (${more})` : "");
    }
    case "gift": {
      const from = str(d.fromId);
      const to = str(d.toId);
      const what = d.itemId
        ? `${valueText("kitItem", str(d.kind))} #${str(d.itemId)}`
        : amountText(Number(d.amount), str(d.kind));
      return i18n._(msg`Gift from player #${from} to player #${to}: ${what}`);
    }
    case "ticket": {
      // One row per status change, at its time (support_ticket_events).
      const subject = str(d.subject);
      const status = ticketStatusOf(str(d.status));
      if (d.from === null || d.from === undefined) return i18n._(msg`Ticket "${subject}" opened`);
      const from = ticketStatusOf(str(d.from));
      const by = str(d.by);
      return by
        ? i18n._(msg`Ticket "${subject}": ${from} → ${status} (by ${by})`)
        : i18n._(msg`Ticket "${subject}": ${from} → ${status}`);
    }
    case "ban": {
      const admin = str(d.admin);
      const reason = str(d.reason);
      if (d.action === "unban") return i18n._(msg`Unbanned by ${admin}`) + (reason ? `: ${reason}` : "");
      const until = fmtDateTime(Number(d.until));
      return i18n._(msg`Banned until ${until} by ${admin}: ${reason}`);
    }
    case "admin": {
      const admin = str(d.admin);
      const action = actionWords(str(d.action));
      const change = detailsWords(d.details as LogDetails | null, str(d.summary));
      const summary = change ? `${action}: ${change}` : action;
      return i18n._(msg`Operator ${admin}: ${summary}`);
    }
    default:
      return detailsText(d);
  }
}

const NOTICE_KINDS: Record<string, MessageDescriptor> = {
  gift: msg`gift`,
  notification: msg({ message: "notification", context: "notice kind" }),
};
const CHANNELS: Record<string, MessageDescriptor> = {
  inbox: msg({ message: "inbox", context: "notification channel" }),
  chat: msg({ message: "chat", context: "notification channel" }),
};
export const noticeKindText = (k: string) => (NOTICE_KINDS[k] ? i18n._(NOTICE_KINDS[k]) : k);

/** A player's notification as a line: a gift's sender and what it was, a notification's title in the page's locale. */
export function noticeText(kind: string, p: Record<string, unknown>): string {
  if (kind === "gift") {
    const from = str(p.from ?? p.fromId);
    const what = p.itemId
      ? `${valueText("kitItem", str(p.kind))} ${str(p.item ?? `#${str(p.itemId)}`)}`
      : amountText(Number(p.amount), str(p.kind));
    return i18n._(msg`From ${from}: ${what}`);
  }
  if (kind === "notification") {
    const contents = (p.contents ?? {}) as Record<string, { title?: string }>;
    const title = contents[i18n.locale]?.title ?? Object.values(contents)[0]?.title ?? "";
    const channel = CHANNELS[str(p.channel)] ? i18n._(CHANNELS[str(p.channel)]) : str(p.channel);
    return `${title} (${channel})`;
  }
  return detailsText(p);
}
