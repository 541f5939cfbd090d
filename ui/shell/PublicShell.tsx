// The player site's frame: header with the signed-in player and balances, navigation (behind a
// menu button on a phone), footer. A visitor's menu holds only what a visitor can open: no
// links into a profile.
import { useState } from "react";
import { csrfToken, useApi } from "../lib/api.ts";
import { useWalletChanged } from "../lib/wallet.ts";
import { pagePath } from "../lib/page.ts";
import { locale, fmtInt } from "../lib/i18n.ts";
import { ScreenRoutes } from "./ScreenRoutes.tsx";
import { publicScreens } from "../areas/public.ts";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { Toasts } from "../components/Toasts.tsx";
import { profile } from "../../api/contracts/public/profile.ts";
import { PlayerMenu } from "../areas/access/player/PlayerMenu.tsx";
import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

// Addresses with the page's locale are made when the shell renders (the server renders pages of
// either locale: ui/ssr.tsx).
const PLAY = (): [string, MessageDescriptor] => [`/${locale}/play/`, msg`Play`];
const GUIDES = (): [string, MessageDescriptor] => [`/${locale}/public/information/guide/`, msg`Guides`];
const PLAYER_NAV = (): [string, MessageDescriptor][] => [
  PLAY(),
  ["/public/profile/", msg`Profile`],
  ["/public/profile/rating", msg`Rating`],
  ["/public/profile/myClan", msg`Clan`],
  ["/public/profile/shop", msg`Shop`],
  ["/public/profile/offers", msg`Offers`],
  ["/public/profile/gift", msg`Gifts`],
];
/** A signed-in player's less frequent pages: under "More" on a desktop, so the menu keeps one line. */
const PLAYER_MORE = (): [string, MessageDescriptor][] => [
  ["/public/profile/paymentMethods", msg`Payment methods`],
  ["/public/profile/feedback", msg`Support`],
  GUIDES(),
];
const VISITOR_NAV = (): [string, MessageDescriptor][] => [PLAY(), GUIDES()];

export default function PublicShell() {
  // The server puts a CSRF token in the page only for a signed-in player: a visitor's page asks
  // for no profile (no request that can only answer 401, one request less before the header).
  const signedIn = csrfToken() !== "";
  const me = useApi(profile, signedIn ? {} : null);
  const player = me.data?.player;
  // A battle's pay or a purchase in the game: the header's balances and level are read again.
  useWalletChanged(me.reload);
  const [open, setOpen] = useState(false);
  const nav = signedIn ? PLAYER_NAV() : VISITOR_NAV();
  const more = PLAYER_MORE();
  const here = pagePath();
  return (
    <div className="tk-public">
      <header className="tk-header">
        <a className="tk-brand" href={`/${locale}/public`}>
          <span className="tk-brand-mark" aria-hidden="true" />
          {t`Tankodrome`}
        </a>
        <button
          type="button"
          className="tk-btn tk-menu-button"
          aria-expanded={open}
          aria-controls="tk-site-nav"
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">☰</span> {t`Menu`}
        </button>
        <nav id="tk-site-nav" aria-label={t`Menu`} className="tk-nav" data-open={open}>
          {nav.map(([href, key]) => (
            <a key={href} href={href} aria-current={here === href ? "page" : undefined}>
              {t(key)}
            </a>
          ))}
          {signedIn && (
            <>
              {/* A phone's open menu lists them all; a desktop's folds these under "More". */}
              {more.map(([href, key]) => (
                <a key={href} href={href} className="tk-phone-only" aria-current={here === href ? "page" : undefined}>
                  {t(key)}
                </a>
              ))}
              <details className="tk-more tk-desktop-only">
                <summary>{t`More`}</summary>
                <div>
                  {more.map(([href, key]) => (
                    <a key={href} href={href} aria-current={here === href ? "page" : undefined}>
                      {t(key)}
                    </a>
                  ))}
                </div>
              </details>
            </>
          )}
        </nav>
        <div className="tk-me">
          {player ? (
            <>
              {player.avatarUrl && <img src={player.avatarUrl} alt="" width={28} height={28} className="tk-avatar" />}
              <span className="tk-me-name">{player.nickname}</span>
              <span title={t`Level`}>★ {player.level}</span>
              <span className="tk-gold" title={t`Gold`}>
                ● {fmtInt(player.gold)}
              </span>
              <span className="tk-silver" title={t`Silver`}>
                ● {fmtInt(player.silver)}
              </span>
              <PlayerMenu signedIn guest={player.guest} />
            </>
          ) : (
            (!signedIn || me.error) && <PlayerMenu signedIn={false} />
          )}
          <LanguageSwitch />
        </div>
      </header>
      <main className="tk-main">
        <ScreenRoutes shell="public" screens={publicScreens} />
      </main>
      <footer className="tk-footer">
        <a href={`/${locale}/public/terms`}>{t`Terms of use`}</a>
        <span>
          © {new Date().getFullYear()} {t`Tankodrome`}
        </span>
      </footer>
      <Toasts />
    </div>
  );
}
