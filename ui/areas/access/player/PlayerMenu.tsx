// The public header's account corner: sign-in for a visitor; password and sign-out for a player.
// It also shows, once, why a sign-in link from the game did not sign the player in (the server
// leaves the reason in the short-lived `tk_notice` cookie).
import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";
import { locale } from "../../../lib/i18n.ts";
import { pagePath, pageSearch } from "../../../lib/page.ts";
import { t } from "@lingui/core/macro";
import { logout } from "../../../../api/contracts/public/account.ts";

function takeNotice(): string | null {
  const m = /(?:^|;\s*)tk_notice=([^;]*)/.exec(document.cookie);
  if (!m) return null;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = "tk_notice=; Max-Age=0; Path=/";
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

export function PlayerMenu({ signedIn, guest = false }: { signedIn: boolean; guest?: boolean }) {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setNotice(takeNotice()), []);
  const signOut = async () => {
    // A guest's only key is this browser's session.
    if (
      guest &&
      !confirm(
        t`You play as a guest: after signing out you cannot come back to this tanker. Keep your progress first. Sign out anyway?`,
      )
    )
      return;
    await api(logout, {}).catch(() => undefined);
    location.assign(`/${locale}/public`);
  };
  // Where sign-in should lead back to: the page the guard sent the visitor away from, else here.
  const here = new URLSearchParams(pageSearch()).get("next") ?? pagePath() + pageSearch();
  return (
    <>
      {notice && (
        <p className="tk-error tk-notice" role="alert">
          {notice}
        </p>
      )}
      {signedIn ? (
        <>
          {guest ? (
            <a className="tk-btn tk-primary" href="/public/profile/#account">
              {t`Keep progress`}
            </a>
          ) : (
            <a href="/public/profile/changePassword">{t`Password`}</a>
          )}
          <button type="button" className="tk-btn" onClick={signOut}>
            {t`Sign out`}
          </button>
        </>
      ) : (
        <a
          className="tk-btn"
          href={`/public/login${pagePath() === "/public/login" ? pageSearch() : `?next=${encodeURIComponent(here)}`}`}
        >
          {t`Sign in`}
        </a>
      )}
    </>
  );
}
