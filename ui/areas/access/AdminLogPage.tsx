// The admin log: who changed what and when, filtered by admin, action, target and period, paged.
// Read-only: no route changes a log row.
import { useState, type FormEvent } from "react";
import { useApiRaw } from "../../lib/api.ts";
import * as access from "../../../api/contracts/admin/access.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { msg, ph, t } from "@lingui/core/macro";
import { actionWords, detailsWords, targetWords } from "./logWords.ts";

interface Filters {
  admin: string;
  action: string;
  target: string;
  from: number | null;
  to: number | null;
}
const PAGE_SIZE = 50;
const none: Filters = { admin: "", action: "", target: "", from: null, to: null };

/** The log's query as typed: the server reads the texts and the period (its messages name a bad one). */
function query(f: Filters, page: number): Record<string, string> {
  const q: Record<string, string> = { page: String(page), pageSize: String(PAGE_SIZE) };
  for (const k of ["admin", "action", "target"] as const) if (f[k].trim()) q[k] = f[k].trim();
  // The picker gives the viewer's local time as an instant; ISO keeps it exact on the server.
  if (f.from !== null) q.from = new Date(f.from).toISOString();
  if (f.to !== null) q.to = new Date(f.to).toISOString();
  return q;
}

const FILTER_NAMES = { admin: msg`Admin`, action: msg`Action`, target: msg`Target` };

export default function AdminLogPage() {
  const [draft, setDraft] = useState<Filters>(none);
  const [applied, setApplied] = useState<Filters>(none);
  const [page, setPage] = useState(1);
  // A new picker resets its text when the filters are cleared.
  const [generation, setGeneration] = useState(0);
  const state = useApiRaw(access.logs, query(applied, page));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const text = (k: keyof typeof FILTER_NAMES) => (
    <label>
      {t(FILTER_NAMES[k])}{" "}
      <input name={k} value={draft[k]} onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))} />
    </label>
  );
  const fields = state.error?.fields ?? {};
  return (
    <section>
      <h1>{t`Admin log`}</h1>
      <form noValidate className="tk-row tk-filters" onSubmit={apply} aria-label={t`Admin log`}>
        {text("admin")}
        {text("action")}
        {text("target")}
        <DateTimePicker
          key={`from${generation}`}
          label={t({ message: "From", context: "admin log" })}
          value={draft.from}
          onChange={(from) => setDraft((d) => ({ ...d, from }))}
          error={fields.from}
        />
        <DateTimePicker
          key={`to${generation}`}
          label={t({ message: "To", context: "admin log" })}
          value={draft.to}
          onChange={(to) => setDraft((d) => ({ ...d, to }))}
          error={fields.to}
        />
        <button type="submit" className="tk-btn tk-primary">
          {t`Show`}
        </button>
        <button
          type="button"
          className="tk-btn"
          onClick={() => {
            setDraft(none);
            setApplied(none);
            setPage(1);
            setGeneration((g) => g + 1);
          }}
        >
          {t`Clear filters`}
        </button>
      </form>
      <Load state={state}>
        {(d) => {
          if (d.rows.length === 0) return <Empty>{t`No log rows match these filters.`}</Empty>;
          const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
          return (
            <>
              <p>{t`${ph({ total: fmtInt(d.total) })} rows`}</p>
              <table>
                <thead>
                  <tr>
                    <th>{t`Time`}</th>
                    <th>{t`Admin`}</th>
                    <th>{t`Action`}</th>
                    <th>{t`Target`}</th>
                    <th>{t({ message: "What changed", context: "admin log" })}</th>
                    <th>{t`Address`}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.rows.map((r) => (
                    <tr key={r.id}>
                      <td>{fmtDateTime(r.createdAt)}</td>
                      <td>{r.adminUsername}</td>
                      <td title={r.action}>{actionWords(r.action)}</td>
                      <td>{targetWords(r.targetType, r.targetId)}</td>
                      <td title={r.summary}>{detailsWords(r.details, r.summary)}</td>
                      <td>{r.address ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <nav className="tk-row" aria-label={t`Page ${ph({ page: d.page })} of ${pages}`}>
                <button type="button" className="tk-btn" disabled={d.page <= 1} onClick={() => setPage(d.page - 1)}>
                  {t`Previous`}
                </button>
                <span>{t`Page ${ph({ page: d.page })} of ${pages}`}</span>
                <button type="button" className="tk-btn" disabled={d.page >= pages} onClick={() => setPage(d.page + 1)}>
                  {t`Next`}
                </button>
              </nav>
            </>
          );
        }}
      </Load>
    </section>
  );
}
