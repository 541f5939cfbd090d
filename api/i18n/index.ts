import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { serverCatalog, type MessageId } from "./catalog.ts";

export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";

const catalogs: Record<string, Record<string, string>> = { ...serverCatalog };

/** Areas add their own server messages (ids prefixed by area) at import time. */
export function addServerMessages(messages: { en: Record<string, string>; ru: Record<string, string> }) {
  Object.assign(catalogs.en, messages.en);
  Object.assign(catalogs.ru, messages.ru);
  instances.clear();
}

const instances = new Map<Locale, I18n>();
function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(locale, catalogs[locale]);
    i18n.activate(locale);
    instances.set(locale, i18n);
  }
  return i18n;
}

export function isLocale(value: unknown): value is Locale {
  return value === "ru" || value === "en";
}

/** Translates a server message id; values fill {0}, {1}… or named placeholders. */
export function translate(
  locale: Locale,
  id: MessageId | (string & {}),
  values?: Record<string, unknown> | unknown[],
): string {
  const vals = Array.isArray(values) ? Object.fromEntries(values.map((v, i) => [String(i), v])) : values;
  return i18nFor(locale)._(id, vals as Record<string, unknown>);
}

export function serverMessages() {
  return catalogs as { en: Record<string, string>; ru: Record<string, string> };
}
