// Status words of avatars and tickets, shared by the area's screens.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { VALUE_WORDS, valueText } from "../../shell/AdminLabels.ts";

export const AVATAR_STATUS: Record<string, MessageDescriptor> = {
  pending: msg({ message: "waiting", context: "avatar status" }),
  accepted: msg({ message: "accepted", context: "avatar status" }),
  rejected: msg({ message: "rejected", context: "avatar status" }),
  replaced: msg({ message: "replaced", context: "avatar status" }),
};
export const statusOf = (s: string) => (AVATAR_STATUS[s] ? i18n._(AVATAR_STATUS[s]) : s);

/** Ticket statuses: their words are the back office's shared table (ui/shell/AdminLabels.ts). */
export const TICKET_STATUS = VALUE_WORDS.ticketStatus;
export const ticketStatusOf = (s: string) => valueText("ticketStatus", s);

/**
 * The support wizard's categories and their subcategories (api/domain/support.ts
 * SUPPORT_CATEGORIES), keyed "category" and "category/subcategory"; an unknown one shows its id.
 */
export const TICKET_CATEGORY: Record<string, MessageDescriptor> = {
  payments: msg({ message: "Payments", context: "support category" }),
  "payments/not_credited": msg({ message: "Gold not credited", context: "support category" }),
  "payments/refund": msg({ message: "Refund", context: "support category" }),
  "payments/other": msg({ message: "Other", context: "support category" }),
  account: msg({ message: "Account", context: "support category" }),
  "account/login": msg({ message: "Cannot sign in", context: "support category" }),
  "account/ban": msg({ message: "Ban", context: "support category" }),
  "account/hacked": msg({ message: "Account hacked", context: "support category" }),
  game: msg({ message: "Game", context: "support category" }),
  "game/bug": msg({ message: "Bug", context: "support category" }),
  "game/cheater": msg({ message: "Report a player", context: "support category" }),
  "game/suggestion": msg({ message: "Suggestion", context: "support category" }),
};
/** A category's words, or a subcategory's with `sub`. */
export const ticketCategoryOf = (category: string, sub?: string) => {
  const key = sub === undefined ? category : `${category}/${sub}`;
  return TICKET_CATEGORY[key] ? i18n._(TICKET_CATEGORY[key]) : (sub ?? category);
};
