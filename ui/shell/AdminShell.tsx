// The back office's frame: the sidebar of every registered admin screen, grouped as the spec
// groups them, a quick jump to a player, the signed-in operator, sign-out.
import { useState, type FormEvent } from "react";
import { screens } from "../areas/index.ts";
import type { NavGroup } from "../areas/registry.ts";
import { screenTitle } from "../areas/registry.ts";
import { api, csrfToken, useApi } from "../lib/api.ts";
import * as access from "../../api/contracts/admin/access.ts";
import { ScreenRoutes } from "./ScreenRoutes.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { Toasts } from "../components/Toasts.tsx";
import "./AdminErrors.ts";
import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

const GROUPS: NavGroup[] = ["system", "players", "clansBattles", "content", "billing", "metrics"];
const GROUP_TITLES: Record<NavGroup, MessageDescriptor> = {
  system: msg`System`,
  players: msg`Players`,
  clansBattles: msg`Clans and battles`,
  content: msg`Game content`,
  billing: msg`Billing`,
  metrics: msg`Metrics`,
};

/** Signs out with a POST (CSRF header); without script the form posts with the token in its address. */
function signOut(e: FormEvent) {
  e.preventDefault();
  void api(access.logout)
    .catch(() => undefined)
    .then(() => location.assign("/admin/login"));
}

export default function AdminShell() {
  const [jump, setJump] = useState("");
  // On a phone the sidebar folds behind a menu button.
  const [menuOpen, setMenuOpen] = useState(false);
  // Who is signed in, for the top bar: the session's read, not the start page's figures (which cost
  // the server seconds of warehouse queries on every page under load).
  const me = useApi(access.logoutPage, location.pathname === "/admin/login" ? null : {});
  if (location.pathname === "/admin/login") {
    return (
      <main className="tk-login-page">
        <ScreenRoutes shell="admin" screens={screens} />
      </main>
    );
  }
  const nav = screens.filter((s) => s.shell === "admin" && s.group);
  return (
    <div className="tk-admin">
      <aside className="tk-sidebar">
        <div className="tk-sidebar-top">
          <a className="tk-brand" href="/admin/">
            {t`Back office`}
          </a>
          <button
            type="button"
            className="tk-btn tk-admin-menu-button"
            aria-expanded={menuOpen}
            aria-controls="tk-admin-nav"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span aria-hidden="true">☰</span> {t`Menu`}
          </button>
        </div>
        <form
          noValidate
          className="tk-jump"
          data-open={menuOpen}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (/^\d+$/.test(jump.trim())) location.assign(`/admin/player/${jump.trim()}`);
          }}
        >
          <label>
            <span className="tk-sr">{t`Player id`}</span>
            <input
              inputMode="numeric"
              pattern="[0-9]*"
              placeholder={t`Player id`}
              value={jump}
              onChange={(e) => setJump(e.target.value)}
            />
          </label>
          <button type="submit" className="tk-btn">
            {t`Open player`}
          </button>
        </form>
        <nav id="tk-admin-nav" aria-label={t`Back office`} data-open={menuOpen}>
          {GROUPS.map((g) => {
            const items = nav.filter((s) => s.group === g);
            if (items.length === 0) return null;
            return (
              <details key={g} open={items.some((s) => location.pathname.startsWith(s.href ?? s.path))}>
                <summary>{t(GROUP_TITLES[g])}</summary>
                <ul>
                  {items.map((s) => (
                    <li key={s.path}>
                      <a
                        href={s.href ?? s.path}
                        aria-current={location.pathname === (s.href ?? s.path) ? "page" : undefined}
                      >
                        {screenTitle(s)}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            );
          })}
        </nav>
      </aside>
      <div className="tk-admin-body">
        <header className="tk-topbar">
          <span>{me.data?.admin ? `${me.data.admin.username} · ${me.data.admin.role}` : ""}</span>
          <LanguageSwitch />
          {me.data?.admin && (
            <form
              noValidate
              method="post"
              action={`/admin/logout?_csrf=${encodeURIComponent(csrfToken())}`}
              onSubmit={signOut}
            >
              <button type="submit" className="tk-btn">
                {t`Sign out`}
              </button>
            </form>
          )}
        </header>
        <main className="tk-main">
          <ScreenRoutes shell="admin" screens={screens} />
        </main>
      </div>
      <Toasts />
    </div>
  );
}
