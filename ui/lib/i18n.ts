// Lingui runtime for the UI. Each area keeps its own catalogue (ids → ru/en text), so engineers
// editing different areas never touch the same file; a test checks every id exists in both.
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { formatDateTime } from "./datetime.ts";

export type Locale = "ru" | "en";
export type Catalog = { en: Record<string, string>; ru: Record<string, string> };

export const locale: Locale =
  typeof document !== "undefined" && document.querySelector<HTMLMetaElement>('meta[name="tk-locale"]')?.content === "en" ? "en" : "ru";

/** A translate function over one catalogue, in the page's locale. */
export function catalog<C extends Catalog>(messages: C): (id: keyof C["en"] & string, values?: Record<string, unknown>) => string {
  const i18n: I18n = setupI18n();
  // The catalogues hold ICU source text; compile it on load so {n} placeholders are filled.
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(locale, messages[locale]);
  i18n.activate(locale);
  return (id, values) => i18n._(id, values);
}

/** DD.MM.YYYY HH:mm:ss in the viewer's time zone; empty for no value. */
export const fmtDateTime = (ms: number | null | undefined) => (ms == null ? "" : formatDateTime(ms));
export const fmtInt = (v: unknown) => (typeof v === "number" ? v.toLocaleString(locale) : String(v ?? ""));
