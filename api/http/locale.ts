import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../i18n/index.ts";
import type { HonoEnv } from "./env.ts";

export const LOCALE_COOKIE = "lang";

/** ru or en: from the path's first segment, else the lang cookie, else Accept-Language, else ru. */
export function resolveLocale(path: string, cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const first = path.slice(1, path.indexOf("/", 1) >>> 0);
  if (isLocale(first)) return first;
  if (isLocale(cookie)) return cookie;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(",")
      .map((part) => {
        const [tag, ...params] = part.trim().split(";");
        const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
        return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
      })
      .sort((a, b) => b.q - a.q);
    const hit = ranked.find((r) => isLocale(r.lang));
    if (hit) return hit.lang as Locale;
  }
  return DEFAULT_LOCALE;
}

export const localeMiddleware: MiddlewareHandler<HonoEnv> = async (c, next) => {
  c.set("locale", resolveLocale(c.req.path, getCookie(c, LOCALE_COOKIE), c.req.header("accept-language")));
  await next();
};
