// The operator's start page: who is signed in and what needs attention, with links.
import { useApi } from "../../lib/api.ts";
import { locale, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { t } from "./t.ts";

interface Start {
  admin: { username: string; role: string };
  attention: { key: string; href: string; title: { en: string; ru: string }; count: number }[];
}

export default function HomePage() {
  const state = useApi<Start>("/admin/index");
  return (
    <section>
      <h1>{t("home.title")}</h1>
      <Load state={state}>
        {(d) => (
          <>
            <p>{t("home.welcome", { username: d.admin.username, role: d.admin.role })}</p>
            <h2>{t("home.attention")}</h2>
            {d.attention.every((a) => a.count === 0) ? (
              <p>{t("home.nothing")}</p>
            ) : (
              <ul className="tk-attention">
                {d.attention.map((a) => (
                  <li key={a.key}>
                    <a href={a.href}>
                      {a.title[locale]}: <strong>{fmtInt(a.count)}</strong>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Load>
    </section>
  );
}
