import { catalog, locale } from "../../lib/i18n.ts";
import { billingMessages } from "./messages.ts";

const lingui = catalog(billingMessages);

/**
 * The area's strings in the page's locale. The shared catalog() runs lingui without a message
 * compiler in the built bundle, so ICU placeholders would show as "{name}"; fill them here.
 */
export const t = (id: keyof typeof billingMessages.en, values?: Record<string, unknown>): string => {
  const text = lingui(id, values);
  return values ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : text;
};

/** 9900 RUB → "99,00 ₽" in the page's locale. */
export const money = (minor: number, currency: string) =>
  new Intl.NumberFormat(locale === "ru" ? "ru-RU" : "en-US", { style: "currency", currency }).format(minor / 100);

export const statusText = (s: string) => (["created", "pending", "paid", "failed", "cancelled", "refunded"].includes(s) ? t(`status.${s}` as "status.paid") : s);
