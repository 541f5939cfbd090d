// /admin/player/:playerId/analysis/ — the player's history from the warehouse, streamed: each
// series (battles, payments, currency, sessions) appears in the chart as it is read, then the
// latest events.
import { useEffect, useState } from "react";
import { t, ph, msg } from "@lingui/core/macro";
import { href, useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { amountText, valueText } from "../../shell/AdminLabels.ts";
import { money, statusText } from "../billing/t.ts";
import { Chart } from "../../components/Chart.tsx";
import { Empty, ErrorState, Load, Loading } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { PlayerNav } from "../admin-players/PlayerNav.tsx";
import { linesOf } from "../../../api/http/lines.ts";
import * as analysis from "../../../api/contracts/admin/player/analysis.ts";

type Row = Record<string, number | string> & { day: string };
interface Event {
  at: number;
  kind: string;
  summary: string;
  /** The event's fields (all text, as the warehouse's map gives them). */
  detail?: Record<string, string>;
}

/** The event in the page's locale, from its fields (the English summary only for an event without them). */
function eventText(e: Event): string {
  const d = e.detail;
  if (!d) return e.summary;
  const n = (v: string | undefined) => fmtInt(Number(v ?? 0));
  if (e.kind === "battle") {
    const result = valueText("result", d.result);
    const xp = n(d.experience);
    const kills = n(d.kills);
    return t`${result}: ${xp} XP, ${kills} destroyed`;
  }
  if (e.kind === "payment") {
    const status = statusText(d.status ?? "");
    const provider = valueText("provider", d.provider);
    const usd = money(Number(d.usdCents ?? 0), "USD");
    const item = d.item ?? "";
    return t`${status} · ${provider} · ${item} · ${usd}`;
  }
  if (e.kind === "currency")
    return `${amountText(Number(d.delta ?? 0), d.currency ?? "")} · ${valueText("reason", d.reason)}`;
  if (e.kind === "session") return valueText("activity", d.kind);
  return e.summary;
}
const KINDS = { battle: msg`battle`, payment: msg`payment`, currency: msg`currency`, session: msg`session` };
const PARTS = ["battles", "payments", "currency", "sessions"] as const;

export default function PlayerAnalysisPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const head = useApi(analysis.page, { playerId: Number(id) });
  const [days, setDays] = useState(90);
  const [parts, setParts] = useState<Record<string, Row[]>>({});
  const [events, setEvents] = useState<Event[]>([]);
  const [state, setState] = useState<"loading" | "done" | string>("loading");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ac = new AbortController();
    setParts({});
    setEvents([]);
    setState("loading");
    (async () => {
      const res = await fetch(href(analysis.loadStreamed, { playerId: Number(id), days, events: 200 }), {
        signal: ac.signal,
        headers: { accept: "application/x-ndjson" },
      });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const batch: Event[] = [];
      for await (const lines of linesOf(res.body)) {
        for (const text of lines) {
          const line = JSON.parse(text) as { part: string; rows?: Row[]; message?: string } & Event;
          if (line.part === "event")
            batch.push({ at: Number(line.at), kind: line.kind, summary: line.summary, detail: line.detail });
          else if (line.part === "error") setState(line.message ?? "error");
          else if (line.part === "done") setState("done");
          else if (line.rows) setParts((p) => ({ ...p, [line.part]: line.rows! }));
        }
        if (batch.length) setEvents((e) => [...e, ...batch.splice(0)]);
      }
    })().catch((e: Error) => !ac.signal.aborted && setState(e.message));
    return () => ac.abort();
  }, [id, days, attempt]);

  const allDays = [...new Set(PARTS.flatMap((p) => (parts[p] ?? []).map((r) => r.day)))].sort();
  const series = (part: string, key: string, name: string) => ({
    name,
    data: allDays.map((d) => Number((parts[part] ?? []).find((r) => r.day === d)?.[key] ?? 0)),
  });
  const columns: Column<Event>[] = [
    { id: "at", label: t`When`, value: (e) => e.at, cell: (e) => fmtDateTime(e.at) },
    { id: "kind", label: t`What`, value: (e) => (e.kind in KINDS ? t(KINDS[e.kind as keyof typeof KINDS]) : e.kind) },
    { id: "summary", label: t`Details`, value: (e) => eventText(e), sortable: false },
  ];
  const failed = state !== "loading" && state !== "done";
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={head}>
        {(d) => <h1>{t`Analysis of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>}
      </Load>
      <label className="tk-row">
        {t`Period`}
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[30, 90, 365].map((n) => (
            <option key={n} value={n}>
              {t`last ${ph({ n })} days`}
            </option>
          ))}
        </select>
      </label>
      {failed && <ErrorState message={state} retry={() => setAttempt((n) => n + 1)} />}
      {state === "loading" && (
        <p role="status">{t`Reading from the warehouse: ${ph({ done: Object.keys(parts).length })} of ${ph({ all: PARTS.length })} series, ${ph({ n: events.length })} events…`}</p>
      )}
      <Chart
        loading={state === "loading" && allDays.length === 0}
        spec={{
          kind: "bar",
          title: t`Activity per day`,
          x: allDays,
          series: [
            series("battles", "battles", t`Battles`),
            series("battles", "wins", t`Wins`),
            series("sessions", "sessions", t`Sessions`),
            { ...series("payments", "payments", t`Payments`), as: "line" },
          ],
        }}
      />
      <Chart
        loading={state === "loading" && allDays.length === 0}
        spec={{
          kind: "line",
          title: t`Currency per day`,
          x: allDays,
          series: [
            series("currency", "goldIn", t`Gold in`),
            series("currency", "goldOut", t`Gold out`),
            series("currency", "silverIn", t`Silver in`),
            series("currency", "silverOut", t`Silver out`),
          ],
        }}
      />
      <h2>{t`Latest events`}</h2>
      {events.length === 0 ? (
        state === "loading" ? (
          <Loading />
        ) : (
          <Empty>{t`No events in this period.`}</Empty>
        )
      ) : (
        <Table rows={events} columns={columns} />
      )}
    </section>
  );
}
