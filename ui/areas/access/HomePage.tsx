// The operator's start page: who is signed in and what needs attention, with links.
import { useApi } from "../../lib/api.ts";
import { locale, fmtInt, fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { ph, t } from "@lingui/core/macro";

interface Start {
  admin: { username: string; role: string };
  attention: { key: string; href: string; title: { en: string; ru: string }; count: number }[];
  warehouse: { state: "starting" | "ready" | "unavailable"; kind: string; since: number; error?: string; backlog: number } | null;
}

function WarehouseState({ w }: { w: NonNullable<Start["warehouse"]> }) {
  const since = fmtDateTime(w.since);
  const backlog = fmtInt(w.backlog);
  return (
    <>
      <h2>{t`Analytics warehouse`}</h2>
      <p className={w.state === "unavailable" ? "tk-error" : undefined} role={w.state === "unavailable" ? "alert" : undefined}>
        {w.state === "ready" ? t`Ready since ${since}.` : w.state === "starting" ? t`Starting since ${since}.` : t`Unavailable since ${since}: the dashboards wait, the site works, events are kept.`}
        {w.error && w.state !== "ready" ? ` (${w.error})` : ""}
      </p>
      <p>{t`Events waiting to be shipped: ${backlog}`}</p>
    </>
  );
}

export default function HomePage() {
  const state = useApi<Start>("/admin/index");
  return (
    <section>
      <h1>{t`Start page`}</h1>
      <Load state={state}>
        {(d) => (
          <>
            <p>{t`Signed in as ${ph({ username: d.admin.username })} (${ph({ role: d.admin.role })}).`}</p>
            <h2>{t`Needs attention`}</h2>
            {d.attention.every((a) => a.count === 0) ? (
              <p>{t`Nothing needs attention right now.`}</p>
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
            {d.warehouse && <WarehouseState w={d.warehouse} />}
          </>
        )}
      </Load>
    </section>
  );
}
