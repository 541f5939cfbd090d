import { locale } from "../lib/i18n.ts";
import { t } from "./t.ts";

export function NotFound() {
  const home = location.pathname.startsWith("/admin") ? "/admin/" : `/${locale}/public`;
  return (
    <section className="tk-notfound">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <a className="tk-btn" href={home}>
        {t("notFound.home")}
      </a>
    </section>
  );
}
