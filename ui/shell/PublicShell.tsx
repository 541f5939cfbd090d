// The player site's frame: header with the signed-in player and balances, navigation, footer.
import { useApi } from "../lib/api.ts";
import { locale, fmtInt } from "../lib/i18n.ts";
import { ScreenRoutes } from "./ScreenRoutes.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { Toasts } from "../components/Toasts.tsx";
import { PlayerMenu } from "../areas/access/player/PlayerMenu.tsx";
import { t } from "./t.ts";

interface Me {
  nickname: string;
  avatarUrl?: string | null;
  level: number;
  gold: number;
  silver: number;
}

const NAV = [
  ["/public/profile/", "nav.profile"],
  ["/public/profile/rating", "nav.rating"],
  ["/public/profile/myClan", "nav.clan"],
  ["/public/profile/shop", "nav.shop"],
  ["/public/profile/offers", "nav.offers"],
  ["/public/profile/gift", "nav.gift"],
  ["/public/profile/paymentMethods", "nav.paymentMethods"],
  ["/public/profile/feedback", "nav.feedback"],
  [`/${locale}/public/information/guide/`, "nav.guides"],
] as const;

export default function PublicShell() {
  // The profile page's JSON is the player; a 401 means nobody is signed in.
  const me = useApi<{ player: Me } | Me>("/public/profile/");
  const player = me.data ? ("player" in me.data ? me.data.player : me.data) : undefined;
  return (
    <div className="tk-public">
      <header className="tk-header">
        <a className="tk-brand" href={`/${locale}/public`}>
          {t("app.name")}
        </a>
        <nav aria-label={t("nav.menu")} className="tk-nav">
          {NAV.map(([href, key]) => (
            <a key={href} href={href} aria-current={location.pathname === href ? "page" : undefined}>
              {t(key)}
            </a>
          ))}
        </nav>
        <div className="tk-me">
          {player ? (
            <>
              {player.avatarUrl && <img src={player.avatarUrl} alt="" width={28} height={28} className="tk-avatar" />}
              <span>{player.nickname}</span>
              <span title="level">★ {player.level}</span>
              <span className="tk-gold">● {fmtInt(player.gold)}</span>
              <span className="tk-silver">● {fmtInt(player.silver)}</span>
              <PlayerMenu signedIn />
            </>
          ) : (
            me.error && <PlayerMenu signedIn={false} />
          )}
          <LanguageSwitch />
        </div>
      </header>
      <main className="tk-main">
        <ScreenRoutes shell="public" />
      </main>
      <footer className="tk-footer">
        <a href={`/${locale}/public/terms`}>{t("nav.terms")}</a>
        <span>© {new Date().getFullYear()} {t("app.name")}</span>
      </footer>
      <Toasts />
    </div>
  );
}
