// A content area edited as a whole list (consumables, equipment, kits; api/admin/resources/
// collection.ts): the current list as a table, a draft of the whole list edited as JSON, the
// server's preview of what the draft changes (added, changed with what, removed, or the fields it
// refuses), then one all-or-nothing apply after a confirmation.
import { useState } from "react";
import { useLocation } from "wouter";
import { ph, t } from "@lingui/core/macro";
import { api, useApi, type ApiError } from "../../lib/api.ts";
import { Load } from "../../components/States.tsx";
import { JsonEditor } from "../../components/JsonEditor.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toast } from "../../components/Toasts.tsx";
import { fieldText, fieldValueText, shownValue } from "../../shell/AdminLabels.ts";

type Item = Record<string, unknown> & { id: number };
interface Collection {
  name: string;
  columns: string[];
  items: Item[];
}
interface Changes {
  added: Item[];
  changed: { id: number; summary: string }[];
  removed: number[];
}


export default function CollectionPage() {
  const [path] = useLocation();
  const state = useApi<Collection>(path);
  return <Load state={state}>{(d) => <CollectionEditor key={JSON.stringify(d.items)} path={path} data={d} reload={state.reload} />}</Load>;
}

function CollectionEditor({ path, data, reload }: { path: string; data: Collection; reload: () => void }) {
  const [draft, setDraft] = useState<unknown | undefined>(data.items);
  const [preview, setPreview] = useState<Changes | null>(null);
  const [refused, setRefused] = useState<[string, string][]>([]);
  const [confirming, setConfirming] = useState(false);
  const save = (previewOnly: boolean) => api<Changes>(`${path}save`, { method: "POST", body: { items: draft, preview: previewOnly } });

  const check = async () => {
    setPreview(null);
    setRefused([]);
    try {
      setPreview(await save(true));
    } catch (e) {
      const err = e as ApiError;
      if (Object.keys(err.fields).length) setRefused(Object.entries(err.fields));
      else toast.error(err.message);
    }
  };
  const apply = async () => {
    setConfirming(false);
    try {
      await save(false);
      toast.ok(t`Saved`);
      reload();
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  const nothing = preview && !preview.added.length && !preview.changed.length && !preview.removed.length;

  return (
    <section>
      <table aria-label={t`Current list`}>
        <thead>
          <tr>
            {data.columns.map((c) => (
              <th key={c} scope="col">
                {fieldText(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.items.map((it) => (
            <tr key={it.id}>
              {data.columns.map((c) => (
                <td key={c}>{c === "kind" ? shownValue(it[c]) : fieldValueText(c, it[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <section className="tk-panel" aria-labelledby="draft-title">
        <h2 id="draft-title">{t`Edit the list`}</h2>
        <p className="tk-hint">{t`The whole list is saved at once: items left out are removed, new ids are added. Check the changes before applying them.`}</p>
        <JsonEditor label={t`The list as JSON`} value={data.items} rows={18} onChange={(v) => { setDraft(v); setPreview(null); setRefused([]); }} />
        <div className="tk-row">
          <button type="button" className="tk-btn" disabled={draft === undefined} onClick={check}>
            {t`Check the changes`}
          </button>
          <button type="button" className="tk-btn tk-primary" disabled={!preview || !!nothing} onClick={() => setConfirming(true)}>
            {t`Apply`}
          </button>
        </div>
        {refused.length > 0 && (
          <ul className="tk-error" role="alert" aria-label={t`Refused`}>
            {refused.map(([field, message]) => (
              <li key={field}>
                <code>{field}</code>: {message}
              </li>
            ))}
          </ul>
        )}
        {preview && (
          <div role="status" aria-label={t`Changes`}>
            {nothing ? (
              <p>{t`The draft changes nothing.`}</p>
            ) : (
              <ul>
                {preview.added.map((a) => (
                  <li key={`a${a.id}`}>{t`Added: #${ph({ id: a.id })}`}</li>
                ))}
                {preview.changed.map((c) => (
                  <li key={`c${c.id}`}>{t`Changed #${ph({ id: c.id })}: ${ph({ summary: c.summary })}`}</li>
                ))}
                {preview.removed.map((id) => (
                  <li key={`r${id}`}>{t`Removed: #${ph({ id })}`}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      <ConfirmDialog open={confirming} text={t`Apply these changes to the live list?`} onConfirm={apply} onCancel={() => setConfirming(false)} />
    </section>
  );
}
