// The operator's start page: today's figures at a glance (players online, registrations,
// payments and revenue, payments awaiting verification, open tickets, running battles), each a
// tile with its last 14 days as a small chart and a link to its screen; then what else needs
// attention, and the analytics warehouse's state.
import { useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as access from "../../../api/contracts/admin/access.ts";
import { locale, fmtInt, fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Sparkline } from "../../components/Sparkline.tsx";
import { msg, ph, plural, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import type { ReactNode } from "react";

type Start = OutputOf<typeof access.startIndex>;

/** What each queue of "needs attention" is called (the server sends its key, count and screen). */
const ATTENTION: Record<string, MessageDescriptor> = {
  paymentsAwaitingVerification: msg`Payments awaiting verification`,
  stuckBattles: msg`Stuck battles`,
  ticketsAwaitingOperator: msg`Tickets awaiting an operator`,
  avatarsToModerate: msg`Avatars to moderate`,
};

function WarehouseState({ w }: { w: NonNullable<Start["warehouse"]> }) {
  const since = fmtDateTime(w.since);
  const backlog = fmtInt(w.backlog);
  return (
    <>
      <h2>{t`Analytics warehouse`}</h2>
      <p
        className={w.state === "unavailable" ? "tk-error" : undefined}
        role={w.state === "unavailable" ? "alert" : undefined}
      >
        {w.state === "ready"
          ? t`Ready since ${since}.`
          : w.state === "starting"
            ? t`Starting since ${since}.`
            : t`Unavailable since ${since}: the dashboards wait, the site works, events are kept.`}
        {w.error && w.state !== "ready" ? ` (${w.error})` : ""}
      </p>
      <p>{t`Events waiting to be shipped: ${backlog}`}</p>
    </>
  );
}

const money = (minor: number, currency: string) => {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 100);
  } catch {
    return `${fmtInt(minor / 100)} ${currency}`;
  }
};

function Tile({
  href,
  label,
  value,
  hint,
  chart,
  tone,
}: {
  href: string;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  chart?: ReactNode;
  tone?: "warn";
}) {
  return (
    <li>
      <a className={`tk-tile${tone ? ` tk-tile-${tone}` : ""}`} href={href}>
        <span className="tk-tile-label">{label}</span>
        <strong className="tk-tile-value">{value}</strong>
        {hint && <span className="tk-hint">{hint}</span>}
        {chart}
      </a>
    </li>
  );
}

export default function HomePage() {
  const state = useApi(access.startIndex, {});
  return (
    <section>
      <h1>{t`Start page`}</h1>
      <Load state={state}>
        {(d) => {
          const byKey = Object.fromEntries(d.attention.map((a) => [a.key, a]));
          const awaiting = byKey.paymentsAwaitingVerification;
          const tickets = byKey.ticketsAwaitingOperator;
          const rest = d.attention.filter(
            (a) => a.key !== "paymentsAwaitingVerification" && a.key !== "ticketsAwaitingOperator",
          );
          const days = t`last 14 days`;
          const pay = d.today.payments;
          return (
            <>
              <p className="tk-hint">{t`Signed in as ${ph({ username: d.admin.username })}. Today: since ${ph({ since: fmtDateTime(d.today.since) })}.`}</p>
              <ul className="tk-tiles" aria-label={t`Today at a glance`}>
                <Tile
                  href="/admin/player/"
                  label={t`Players online`}
                  value={fmtInt(d.today.online)}
                  hint={t`players with a session on the site (or its game) seen in the last 15 minutes`}
                />
                <Tile
                  href="/admin/metrics/dau/"
                  label={t`Active players today (DAU)`}
                  value={d.today.dau ? fmtInt(d.today.dau.today) : "—"}
                  hint={
                    d.today.dau
                      ? t`signed in, played a battle, bought or gifted since 00:00 UTC`
                      : t`waiting for the analytics warehouse`
                  }
                  chart={d.today.dau && <Sparkline values={d.today.dau.days} label={t`Active players, ${days}`} />}
                />
                <Tile
                  href="/admin/metrics/registrations/"
                  label={t`Registrations today`}
                  value={fmtInt(d.today.registrations.today)}
                  chart={<Sparkline values={d.today.registrations.days} label={t`Registrations, ${days}`} />}
                />
                <Tile
                  href="/admin/metrics/payments/"
                  label={t`Revenue today`}
                  value={pay ? money(pay.revenueUsdCents, "USD") : "—"}
                  hint={
                    pay
                      ? plural(pay.today, {
                          one: "# paid order; revenue is net of refunds, compensations are not revenue",
                          other: "# paid orders; revenue is net of refunds, compensations are not revenue",
                        })
                      : t`waiting for the analytics warehouse`
                  }
                  chart={pay && <Sparkline values={pay.revenueDays} label={t`Net revenue, USD, ${days}`} />}
                />
                {awaiting && (
                  <Tile
                    href={awaiting.href}
                    label={t`Payments awaiting verification`}
                    value={fmtInt(awaiting.count)}
                    hint={t`pending for over 30 minutes`}
                    tone={awaiting.count > 0 ? "warn" : undefined}
                  />
                )}
                {tickets && (
                  <Tile
                    href={tickets.href}
                    label={t`Open tickets`}
                    value={fmtInt(tickets.count)}
                    hint={t`waiting for an operator's answer`}
                    tone={tickets.count > 0 ? "warn" : undefined}
                  />
                )}
                <Tile
                  href="/admin/battles/"
                  label={t`Running battles`}
                  value={fmtInt(d.today.battles.running)}
                  hint={t`battles started, ${days}`}
                  chart={<Sparkline values={d.today.battles.days} label={t`Battles started, ${days}`} />}
                />
              </ul>
              <h2>{t`Needs attention`}</h2>
              {rest.every((a) => a.count === 0) ? (
                <p>{t`Nothing else needs attention right now.`}</p>
              ) : (
                <ul className="tk-attention">
                  {rest.map((a) => (
                    <li key={a.key}>
                      <a href={a.href}>
                        {ATTENTION[a.key] ? i18n._(ATTENTION[a.key]) : a.key}: <strong>{fmtInt(a.count)}</strong>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {d.warehouse && <WarehouseState w={d.warehouse} />}
            </>
          );
        }}
      </Load>
    </section>
  );
}
