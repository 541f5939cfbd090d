import { locale } from "../lib/i18n.ts";
import { t } from "@lingui/core/macro";

export function NotFound() {
  const home = location.pathname.startsWith("/admin") ? "/admin/" : `/${locale}/public`;
  return (
    <section className="tk-notfound">
      <h1>{t`Page not found`}</h1>
      <p>{t`There is no page at this address.`}</p>
      <a className="tk-btn" href={home}>
        {t`Go to the main page`}
      </a>
    </section>
  );
}
