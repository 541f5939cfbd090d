// Status words of avatars and tickets, shared by the area's screens.
import { msg } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";

export const AVATAR_STATUS: Record<string, MessageDescriptor> = {
  pending: msg({ message: "waiting", context: "avatar status" }),
  accepted: msg({ message: "accepted", context: "avatar status" }),
  rejected: msg({ message: "rejected", context: "avatar status" }),
  replaced: msg({ message: "replaced", context: "avatar status" }),
};
export const statusOf = (s: string) => (AVATAR_STATUS[s] ? i18n._(AVATAR_STATUS[s]) : s);

export const TICKET_STATUS: Record<string, MessageDescriptor> = {
  open: msg({ message: "awaiting operator", context: "ticket status" }),
  answered: msg({ message: "answered", context: "ticket status" }),
  waiting: msg({ message: "waiting for player", context: "ticket status" }),
  closed: msg({ message: "closed", context: "ticket status" }),
};
export const ticketStatusOf = (s: string) => (TICKET_STATUS[s] ? i18n._(TICKET_STATUS[s]) : s);
