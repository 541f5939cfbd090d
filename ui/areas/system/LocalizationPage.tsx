// /admin/serverLocalization/: server text keys with a column per language, searched by key or
// text, the enabled languages a key still lacks flagged; a form with a field per language for
// add and update; export as JSON or CSV; import that first shows what would change, then applies.
import { useMemo, useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, at, href, useApiRaw } from "../../lib/api.ts";
import { anyAreaSave } from "../../../api/contracts/admin/resources.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as transfer from "../../../api/contracts/admin/serverLocalization.ts";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { FieldError } from "../../components/Form.tsx";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { FileImport } from "../../components/FileImport.tsx";
import { actionsColumn } from "../../components/RowMenu.tsx";

const BASE = "/admin/serverLocalization/";
interface Language {
  code: string;
  name: string;
  enabled: boolean;
  isDefault: boolean;
}
type Text = OutputOf<typeof transfer.page>["rows"][number];
type ImportResult = OutputOf<typeof transfer.importAll>;

export default function LocalizationPage() {
  const page = useApiRaw(transfer.page, { size: 1 });
  return <Load state={page}>{(d) => <Texts languages={d.languages} />}</Load>;
}

function Texts({ languages }: { languages: Language[] }) {
  const [editing, setEditing] = useState<{ id?: number; key: string; texts: Record<string, string> } | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const columns = useMemo<Column<Text>[]>(
    () => [
      { id: "key", label: t`Key`, value: (r) => r.key, cell: (r) => <code>{r.key}</code> },
      ...languages.map((l) => ({
        id: `text-${l.code}`,
        label: l.name,
        sortable: false,
        value: (r: Text) => r.texts[l.code] ?? "",
      })),
      {
        id: "missing",
        label: t`Missing`,
        sortable: false,
        value: (r) => r.missing.join(" "),
        cell: (r) =>
          r.missing.length ? (
            <span className="tk-error">{t`No text: ${ph({ codes: r.missing.join(", ") })}`}</span>
          ) : (
            ""
          ),
      },
      actionsColumn(
        (r) => [{ label: t`Edit`, onClick: () => setEditing({ id: r.id, key: r.key, texts: { ...r.texts } }) }],
        { label: "" },
      ),
    ],
    [languages],
  );
  // Messages under their fields ("texts.de" under the German text); one no input shows is said as "Text · de: …".
  const errors = useFieldErrors({
    label: (f) => (f === "key" ? t`Key` : f === "texts" ? t`Text` : f),
    row: (n) => String(n),
  });
  const save = async () => {
    if (!editing) return;
    await errors.run(async () => {
      await api(at(anyAreaSave, editing.id ? `${BASE}update` : `${BASE}add`), editing);
      toast.ok(t`Saved`);
      setEditing(null);
      reload();
    });
  };
  const summary = (r: ImportResult) => (
    <div>
      <p>
        {r.applied
          ? t`Imported: ${ph({ added: r.added.length })} added, ${ph({ changed: r.changed.length })} changed, ${ph({ same: r.unchanged })} unchanged.`
          : t`The file would add ${ph({ added: r.added.length })}, change ${ph({ changed: r.changed.length })}, leave ${ph({ same: r.unchanged })} unchanged. Nothing is changed yet.`}
      </p>
      <ul>
        {r.added.map((k) => (
          <li key={k}>+ {k}</li>
        ))}
        {r.changed.map((c) => (
          <li key={c.key}>
            ~ {c.key}: {c.summary}
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <section>
      <div className="tk-row">
        <button
          type="button"
          className="tk-btn tk-primary"
          onClick={() => setEditing({ key: "", texts: {} })}
        >{t`New key`}</button>
        <a className="tk-btn" href={href(transfer.exportAll, { format: "json" })} download>{t`Export JSON`}</a>
        <a className="tk-btn" href={href(transfer.exportAll, { format: "csv" })} download>{t`Export CSV`}</a>
      </div>
      {editing && (
        <form
          noValidate
          className="tk-panel tk-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label>
            {t`Key`}{" "}
            <input
              name="key"
              value={editing.key}
              readOnly={!!editing.id}
              onChange={(e) => (setEditing({ ...editing, key: e.target.value }), errors.clear("key"))}
              {...errors.input("key")}
            />
            <FieldError errors={errors} name="key" />
          </label>
          {languages.map((l) => (
            <label key={l.code}>
              {l.name} ({l.code}){!l.enabled ? ` · ${t`disabled`}` : ""}
              <textarea
                name={`text-${l.code}`}
                rows={2}
                value={editing.texts[l.code] ?? ""}
                onChange={(e) => (
                  setEditing({ ...editing, texts: { ...editing.texts, [l.code]: e.target.value } }),
                  errors.clear(`texts.${l.code}`)
                )}
                {...errors.input(`texts.${l.code}`)}
              />
              <FieldError errors={errors} name={`texts.${l.code}`} />
            </label>
          ))}
          <div className="tk-row">
            <button className="tk-btn tk-primary" type="submit">{t`Save`}</button>
            <button
              className="tk-btn"
              type="button"
              onClick={() => (setEditing(null), errors.clear())}
            >{t`Cancel`}</button>
          </div>
        </form>
      )}
      <DataTable
        list={transfer.page}
        columns={columns}
        rowKey={(r) => String(r.id)}
        search={t`Search by key or text`}
        defaultSort={{ id: "key", desc: false }}
        version={version}
      />
      <div className="tk-panel">
        <h3>{t`Import (JSON or CSV)`}</h3>
        <FileImport<ImportResult>
          label={t`Check a file`}
          url={transfer.importAll.path}
          accept=".json,.csv"
          summary={summary}
        />
        <FileImport<ImportResult>
          label={t`Apply a file`}
          url={`${transfer.importAll.path}?apply=1`}
          accept=".json,.csv"
          summary={summary}
          onDone={reload}
        />
      </div>
    </section>
  );
}
