import { DEFAULT_LOCALE, isLocale, type Locale } from "../i18n/index.ts";

export const LOCALE_COOKIE = "lang";

/** ru or en: from the path's first segment, else the lang cookie, else Accept-Language, else ru. */
export function resolveLocale(path: string, cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const first = path.slice(1, path.indexOf("/", 1) >>> 0);
  if (isLocale(first)) return first;
  if (isLocale(cookie)) return cookie;
  return acceptLanguage ? localeOfAcceptLanguage(acceptLanguage) : DEFAULT_LOCALE;
}

// Browsers send a handful of distinct Accept-Language values, and ranking one costs more than the
// rest of a short request's routing: each is ranked once. The header is the client's, so the
// memo is bounded in entries and in the length of what it keeps.
const ranked = new Map<string, Locale>();

function localeOfAcceptLanguage(header: string): Locale {
  let locale = ranked.get(header);
  if (locale === undefined) {
    locale = rankAcceptLanguage(header);
    if (header.length <= 256) {
      if (ranked.size >= 1000) ranked.clear();
      ranked.set(header, locale);
    }
  }
  return locale;
}

function rankAcceptLanguage(header: string): Locale {
  const ranks = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  const hit = ranks.find((r) => isLocale(r.lang));
  return hit ? (hit.lang as Locale) : DEFAULT_LOCALE;
}
