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
