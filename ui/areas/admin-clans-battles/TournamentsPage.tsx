// /admin/clansTournaments/ — the top clans of a period by the battles their members fought for
// them: by rating won, wins, battles or experience. A whole week is the board of the weekly clans'
// tournament, an event of the operators' calendar (/admin/liveops/); another range, the battles' sums.
import { useEffect, useState } from "react";
import { t } from "@lingui/core/macro";
import { useApiRaw } from "../../lib/api.ts";
import { Load } from "../../components/States.tsx";
import { Table } from "../../components/Table.tsx";
import { FieldError, FormMessage } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import * as clans from "../../../api/contracts/admin/clans.ts";

const ORDERS = ["rating", "wins", "battles", "experience"] as const;

export default function TournamentsPage() {
  const [by, setBy] = useState<(typeof ORDERS)[number]>("rating");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  // The period goes as typed: the server's message names a date it cannot read.
  const [query, setQuery] = useState<Record<string, string>>({ by: "rating" });
  const top = useApiRaw(clans.top, query);
  // A period the server refuses: its message under the date it is about (the list keeps the last period shown).
  const errors = useFieldErrors();
  useEffect(() => {
    if (top.error && Object.keys(top.error.fields).length) errors.take(top.error);
    else if (!top.loading) errors.clear();
  }, [top.error, top.loading]);
  const label = { rating: t`Rating won`, wins: t`Wins`, battles: t`Battles`, experience: t`Experience` };
  return (
    <section className="tk-tournaments">
      <h1>{t`Clan tournaments`}</h1>
      <form
        noValidate
        className="tk-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ by, ...(from ? { from } : {}), ...(to ? { to } : {}) });
        }}
      >
        <label>
          {t`Order by`}
          <select value={by} onChange={(e) => setBy(e.target.value as (typeof ORDERS)[number])}>
            {ORDERS.map((o) => (
              <option key={o} value={o}>
                {label[o]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t`From (DD.MM.YYYY)`}
          <span className="tk-field-stack">
            <input
              value={from}
              onChange={(e) => (setFrom(e.target.value), errors.clear("from"))}
              {...errors.input("from")}
            />
            <FieldError errors={errors} name="from" />
          </span>
        </label>
        <label>
          {t`To (DD.MM.YYYY)`}
          <span className="tk-field-stack">
            <input value={to} onChange={(e) => (setTo(e.target.value), errors.clear("to"))} {...errors.input("to")} />
            <FieldError errors={errors} name="to" />
          </span>
        </label>
        <button type="submit" className="tk-btn">
          {t`Show`}
        </button>
      </form>
      <FormMessage errors={errors} />
      <p>{t`Default period: this week so far. A whole week (from a Monday, with no end or a week later) is the weekly clans' tournament of the calendar; another range sums the battles in it.`}</p>
      {top.data && (
        <p className="tk-muted">
          {top.data.eventId === null ? (
            t`The battles fought for clans in the range.`
          ) : (
            <a href="/admin/liveops/">{t`The weekly clans' tournament on the calendar`}</a>
          )}
        </p>
      )}
      <Load state={top} empty={(d) => d.rows.length === 0}>
        {(d) => (
          <Table
            rows={d.rows}
            rowKey={(r) => String(r.clanId)}
            columns={[
              { id: "place", label: t`Place`, value: (r) => r.place },
              {
                id: "clan",
                label: t`Clan`,
                value: (r) => r.name,
                cell: (r) => <a href={`/admin/clan/${r.clanId}`}>{r.tag ? `[${r.tag}] ${r.name}` : `#${r.clanId}`}</a>,
              },
              { id: "ratingDelta", label: label.rating, value: (r) => r.ratingDelta },
              { id: "wins", label: label.wins, value: (r) => r.wins },
              { id: "battles", label: label.battles, value: (r) => r.battles },
              { id: "experience", label: label.experience, value: (r) => r.experience },
            ]}
          />
        )}
      </Load>
    </section>
  );
}
