// /admin/battleOptions/: the battle options document in the JSON editor, saved as a new version
// (from the version shown, so a stale editor is refused), and the history of versions.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, useApi, ApiError } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { JsonEditor } from "../../components/JsonEditor.tsx";
import { Table, type Column } from "../../components/Table.tsx";

interface Version { version: number; adminUsername: string; summary: string; createdAt: number }
interface Page { current: { version: number; value: unknown }; history: Version[] }

export default function BattleOptionsPage() {
  const [n, setN] = useState(0);
  const page = useApi<Page>(`/admin/battleOptions/?v=${n}`);
  return <Load state={page}>{(d) => <Editor key={d.current.version} d={d} reload={() => setN((x) => x + 1)} />}</Load>;
}

function Editor({ d, reload }: { d: Page; reload: () => void }) {
  const [value, setValue] = useState<unknown>(d.current.value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      await api("/admin/battleOptions/save", { method: "POST", body: { value, baseVersion: d.current.version } });
      toast.ok(t`Saved`);
      reload();
    } catch (e) {
      setErrors((e as ApiError).fields ?? {});
      toast.error((e as ApiError).message);
    }
  };
  const columns: Column<Version>[] = [
    { id: "version", label: t`Version`, value: (r) => r.version, cell: (r) => fmtInt(r.version) },
    { id: "createdAt", label: t`Saved`, value: (r) => r.createdAt, cell: (r) => fmtDateTime(r.createdAt) },
    { id: "adminUsername", label: t`By`, value: (r) => r.adminUsername },
    { id: "summary", label: t`What changed`, value: (r) => r.summary },
  ];
  return (
    <section>
      <p className="tk-hint">{t`Version in force: ${ph({ version: fmtInt(d.current.version) })}`}</p>
      <JsonEditor label={t`Battle options (JSON)`} value={d.current.value} onChange={setValue} rows={16} />
      {Object.entries(errors).map(([field, message]) => (
        <p key={field} className="tk-error" role="alert">{field}: {message}</p>
      ))}
      <button className="tk-btn tk-primary" disabled={value === undefined} onClick={save}>{t`Save as a new version`}</button>
      <Table rows={d.history} columns={columns} rowKey={(r) => String(r.version)} caption={t`History`} />
    </section>
  );
}
