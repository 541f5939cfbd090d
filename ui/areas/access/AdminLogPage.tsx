// The admin log: who changed what and when, filtered by admin, action, target and period, paged.
// Read-only: no route changes a log row.
import { useState, type FormEvent } from "react";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { t } from "./t.ts";

interface Row {
  id: number;
  adminUsername: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  address: string | null;
  createdAt: number;
}
interface Filters {
  admin: string;
  action: string;
  target: string;
  from: number | null;
  to: number | null;
}
const PAGE_SIZE = 50;
const none: Filters = { admin: "", action: "", target: "", from: null, to: null };

function query(f: Filters, page: number): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  for (const k of ["admin", "action", "target"] as const) if (f[k].trim()) q.set(k, f[k].trim());
  // The picker gives the viewer's local time as an instant; ISO keeps it exact on the server.
  if (f.from !== null) q.set("from", new Date(f.from).toISOString());
  if (f.to !== null) q.set("to", new Date(f.to).toISOString());
  return `/admin/adminLog/get/logs?${q}`;
}

export default function AdminLogPage() {
  const [draft, setDraft] = useState<Filters>(none);
  const [applied, setApplied] = useState<Filters>(none);
  const [page, setPage] = useState(1);
  // A new picker resets its text when the filters are cleared.
  const [generation, setGeneration] = useState(0);
  const state = useApi<{ rows: Row[]; total: number; page: number; pageSize: number }>(query(applied, page));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const text = (k: "admin" | "action" | "target") => (
    <label>
      {t(`log.${k}`)} <input name={k} value={draft[k]} onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))} />
    </label>
  );
  const fields = state.error?.fields ?? {};
  return (
    <section>
      <h1>{t("log.title")}</h1>
      <form className="tk-row tk-filters" onSubmit={apply} aria-label={t("log.title")}>
        {text("admin")}
        {text("action")}
        {text("target")}
        <DateTimePicker key={`from${generation}`} label={t("log.from")} value={draft.from} onChange={(from) => setDraft((d) => ({ ...d, from }))} error={fields.from} />
        <DateTimePicker key={`to${generation}`} label={t("log.to")} value={draft.to} onChange={(to) => setDraft((d) => ({ ...d, to }))} error={fields.to} />
        <button type="submit" className="tk-btn tk-primary">
          {t("log.apply")}
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
          {t("log.reset")}
        </button>
      </form>
      <Load state={state}>
        {(d) => {
          if (d.rows.length === 0) return <Empty>{t("log.empty")}</Empty>;
          const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
          return (
            <>
              <p>{t("log.total", { total: fmtInt(d.total) })}</p>
              <table>
                <thead>
                  <tr>
                    <th>{t("log.time")}</th>
                    <th>{t("log.admin")}</th>
                    <th>{t("log.action")}</th>
                    <th>{t("log.target")}</th>
                    <th>{t("log.summary")}</th>
                    <th>{t("log.address")}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.rows.map((r) => (
                    <tr key={r.id}>
                      <td>{fmtDateTime(r.createdAt)}</td>
                      <td>{r.adminUsername}</td>
                      <td>{r.action}</td>
                      <td>{r.targetType ? `${r.targetType}:${r.targetId ?? ""}` : ""}</td>
                      <td>{r.summary}</td>
                      <td>{r.address ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <nav className="tk-row" aria-label={t("log.page", { page: d.page, pages })}>
                <button type="button" className="tk-btn" disabled={d.page <= 1} onClick={() => setPage(d.page - 1)}>
                  {t("log.prev")}
                </button>
                <span>{t("log.page", { page: d.page, pages })}</span>
                <button type="button" className="tk-btn" disabled={d.page >= pages} onClick={() => setPage(d.page + 1)}>
                  {t("log.next")}
                </button>
              </nav>
            </>
          );
        }}
      </Load>
    </section>
  );
}
