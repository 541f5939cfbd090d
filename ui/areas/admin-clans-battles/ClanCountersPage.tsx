// /admin/clanCounters/:clanId — a clan's figures today and per day over a period (battles and
// wins fought for it, rating and members at each day's end), and the clan log around a moment.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { sendRaw, useApi } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Chart } from "../../components/Chart.tsx";
import { Table } from "../../components/Table.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { logColumns, type LogRow } from "./ClanLogPage.tsx";
import * as clans from "../../../api/contracts/admin/clans.ts";

export default function ClanCountersPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.clanId ?? "";
  const data = useApi(clans.countersPage, { clanId: Number(id) });
  const graph = useApi(clans.graph, { clanId: Number(id) });
  const [at, setAt] = useState("");
  const [near, setNear] = useState<LogRow[] | null>(null);
  const nearErrors = useFieldErrors();
  async function loadNear(e: React.FormEvent) {
    e.preventDefault();
    await nearErrors.run(async () =>
      setNear(
        // The moment goes as typed: the server's message names a date it cannot read.
        (await sendRaw(clans.nearLogs, { clanId: id, at })).rows,
      ),
    );
  }
  const g = graph.data;
  return (
    <section className="tk-clan-counters">
      <Load state={data}>
        {(d) => (
          <>
            <h1>{t`Counters: [${ph({ tag: d.clan.tag })}] ${ph({ name: d.clan.name })}`}</h1>
            <p>
              <a href={`/admin/clan/${id}`}>{t`Back to the clan`}</a>
            </p>
            <dl className="tk-counters">
              <dt>{t`Members`}</dt>
              <dd>{fmtInt(d.counters.members)}</dd>
              <dt>{t`Rating`}</dt>
              <dd>{fmtInt(d.counters.rating)}</dd>
              <dt>{t`Battles fought for the clan`}</dt>
              <dd>{fmtInt(d.counters.battles)}</dd>
              <dt>{t`Battles in 30 days`}</dt>
              <dd>{t`${ph({ n: fmtInt(d.counters.battles30d) })} (wins ${ph({ rate: d.counters.winRate30d })} %)`}</dd>
            </dl>
          </>
        )}
      </Load>
      <Chart
        loading={graph.loading}
        spec={
          g
            ? {
                kind: "bar",
                title: t`Battles and wins per day`,
                x: g.days,
                series: [
                  { name: t`Battles`, data: g.battles },
                  { name: t`Wins`, data: g.wins },
                ],
              }
            : null
        }
      />
      <Chart
        loading={graph.loading}
        spec={
          g
            ? {
                kind: "line",
                title: t`Rating at the end of each day`,
                x: g.days,
                series: [{ name: t`Rating`, data: g.rating }],
              }
            : null
        }
      />
      <Chart
        loading={graph.loading}
        spec={
          g
            ? {
                kind: "line",
                title: t`Members at the end of each day`,
                x: g.days,
                series: [{ name: t`Members`, data: g.members }],
              }
            : null
        }
      />
      <h2>{t`Clan log around a moment`}</h2>
      <form noValidate className="tk-row" onSubmit={loadNear}>
        <span className="tk-field-stack">
          <input
            aria-label={t`Moment (DD.MM.YYYY HH:mm:ss)`}
            placeholder={t`DD.MM.YYYY HH:mm:ss`}
            value={at}
            onChange={(e) => (setAt(e.target.value), nearErrors.clear("at"))}
            required
            {...nearErrors.input("at")}
          />
          <FieldError errors={nearErrors} name="at" />
        </span>
        <button type="submit" className="tk-btn">
          {t`Show ±24 h`}
        </button>
      </form>
      {near && <Table rows={near} columns={logColumns()} rowKey={(r) => String(r.id)} />}
    </section>
  );
}
