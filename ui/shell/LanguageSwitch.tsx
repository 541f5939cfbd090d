// Switches ru/en keeping the page: a /ru|en/ path swaps its segment; other paths set the
// lang cookie the server reads and reload. A signed-in player's choice is saved to the account
// first: the saved language wins on every page without one in its path (api/http/session.ts).
import { locale } from "../lib/i18n.ts";
import { api, csrfToken, posting } from "../lib/api.ts";
import * as profile from "../../api/contracts/public/profile.ts";
import { t } from "@lingui/core/macro";

export async function switchLocale(to: "ru" | "en") {
  const { pathname, search, hash } = location;
  if (!pathname.startsWith("/admin") && csrfToken() !== "")
    await api(posting(profile.profile), { locale: to }).catch(() => undefined);
  const m = /^\/(ru|en)(\/.*)?$/.exec(pathname);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `lang=${to}; path=/; max-age=31536000; samesite=lax`;
  if (m) location.assign(`/${to}${m[2] ?? ""}${search}${hash}`);
  else location.reload();
}

export function LanguageSwitch() {
  return (
    <div className="tk-lang" role="group" aria-label={t`Language`}>
      {(["ru", "en"] as const).map((l) => (
        <button
          key={l}
          type="button"
          className="tk-link"
          aria-pressed={l === locale}
          disabled={l === locale}
          onClick={() => void switchLocale(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
