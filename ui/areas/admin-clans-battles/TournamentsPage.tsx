// /admin/clansTournaments/ — the top clans of a period by the battles their members fought for
// them: by rating won, wins, battles or experience.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { Load } from "../../components/States.tsx";
import { Table } from "../../components/Table.tsx";

interface Top {
  rows: { place: number; clanId: number; name: string | null; tag: string | null; battles: number; wins: number; ratingDelta: number; experience: number }[];
}
const ORDERS = ["rating", "wins", "battles", "experience"] as const;

export default function TournamentsPage() {
  const [by, setBy] = useState<(typeof ORDERS)[number]>("rating");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [query, setQuery] = useState("by=rating");
  const top = useApi<Top>(`/admin/clansTournaments/loadTop?${query}`);
  const label = { rating: t`Rating won`, wins: t`Wins`, battles: t`Battles`, experience: t`Experience` };
  return (
    <section className="tk-tournaments">
      <h1>{t`Clan tournaments`}</h1>
      <form
        noValidate
        className="tk-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(new URLSearchParams({ by, ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString());
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
          <input value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t`To (DD.MM.YYYY)`}
          <input value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className="tk-btn">
          {t`Show`}
        </button>
      </form>
      <p>{t`Default period: the last 7 days.`}</p>
      <Load state={top} empty={(d) => d.rows.length === 0}>
        {(d) => (
          <Table
            rows={d.rows}
            rowKey={(r) => String(r.clanId)}
            columns={[
              { id: "place", label: t`Place`, value: (r) => r.place },
              { id: "clan", label: t`Clan`, value: (r) => r.name, cell: (r) => <a href={`/admin/clan/${r.clanId}`}>{r.tag ? `[${r.tag}] ${r.name}` : `#${r.clanId}`}</a> },
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
