// The billing area's shared wording: amounts, order states and the grant names its screens reuse.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { locale } from "../../lib/i18n.ts";

/** 9900 RUB → "99,00 ₽" in the page's locale. */
export const money = (minor: number, currency: string) =>
  new Intl.NumberFormat(locale === "ru" ? "ru-RU" : "en-US", { style: "currency", currency }).format(minor / 100);

const STATUS: Record<string, MessageDescriptor> = {
  created: msg({ message: "created", context: "order status" }),
  pending: msg({ message: "pending", context: "order status" }),
  paid: msg({ message: "paid", context: "order status" }),
  failed: msg({ message: "failed", context: "order status" }),
  cancelled: msg({ message: "cancelled", context: "order status" }),
  refunded: msg({ message: "refunded", context: "order status" }),
};
/** An order state in words (an unknown one as it is). */
export const statusText = (s: string) => (STATUS[s] ? i18n._(STATUS[s]) : s);

/** Who moved an order (an order event's source, api/domain/billing/orders.ts Source and the disputes'). */
const SOURCE: Record<string, MessageDescriptor> = {
  player: msg({ message: "the player", context: "order event source" }),
  callback: msg({ message: "the provider's notice", context: "order event source" }),
  return: msg({ message: "the return from the payment page", context: "order event source" }),
  verify: msg({ message: "a check with the provider", context: "order event source" }),
  sweep: msg({ message: "the pending orders' sweep", context: "order event source" }),
  admin: msg({ message: "an operator", context: "order event source" }),
  chargeback: msg({ message: "a chargeback", context: "order event source" }),
  seed: msg({ message: "the demo world", context: "order event source" }),
  legacy: msg({ message: "the earlier billing", context: "order event source" }),
};
/** Who moved an order in words (an unknown source as it is). */
export const sourceText = (s: string) => (SOURCE[s] ? i18n._(SOURCE[s]) : s);

/** What an item grants, by field. */
export const GRANT_NAMES = { gold: msg`Gold`, silver: msg`Silver`, premiumDays: msg`Premium days` } satisfies Record<
  string,
  MessageDescriptor
>;
