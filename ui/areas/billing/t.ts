import { catalog, locale } from "../../lib/i18n.ts";
import { billingMessages } from "./messages.ts";

/** The area's strings in the page's locale. */
export const t = catalog(billingMessages);

/** 9900 RUB → "99,00 ₽" in the page's locale. */
export const money = (minor: number, currency: string) =>
  new Intl.NumberFormat(locale === "ru" ? "ru-RU" : "en-US", { style: "currency", currency }).format(minor / 100);

export const statusText = (s: string) => (["created", "pending", "paid", "failed", "cancelled", "refunded"].includes(s) ? t(`status.${s}` as "status.paid") : s);
