// One option variant's JSON in the JSON editor: save (the server checks the name, the JSON, the
// key's shape and the variants' shares, and answers field errors), then invalidate the cache so
// every server reloads it; ?new=1 starts a variant that does not exist yet.
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { t, ph } from "@lingui/core/macro";
import { api, useApi, ApiError } from "../../lib/api.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { JsonEditor } from "../../components/JsonEditor.tsx";
import { QuestsEditor } from "./QuestsEditor.tsx";

interface Option { key: string; variant: string; value: unknown; share: number; version: number; updatedAt: number; shaped: boolean }

export default function OptionEditorPage({ params }: { params: Record<string, string | undefined> }) {
  const [path] = useLocation();
  const isNew = new URLSearchParams(useSearch()).get("new") === "1";
  const base = path.slice(0, path.indexOf("editor/"));
  const key = decodeURIComponent(params.key ?? "");
  const variant = decodeURIComponent(params.variant ?? "");
  const [version, setVersion] = useState(0);
  const loaded = useApi<Option>(isNew ? null : `${path}?v=${version}`);
  if (isNew) return <Editor base={base} option={{ key, variant, value: {}, share: 0, version: 0, updatedAt: 0, shaped: false }} onSaved={() => (location.href = path)} />;
  return <Load state={loaded}>{(o) => <Editor key={o.version} base={base} option={o} onSaved={() => setVersion((v) => v + 1)} />}</Load>;
}

function Editor({ base, option, onSaved }: { base: string; option: Option; onSaved: () => void }) {
  const [value, setValue] = useState<unknown>(option.value);
  const [share, setShare] = useState(String(option.share));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setErrors({}), [value, share]);
  // The `quests` server option has a typed form (its shape is known); other keys edit JSON.
  const typedQuests = option.key === "quests" && base.endsWith("/serverOptions/");
  const save = async (next: unknown = value) => {
    setBusy(true);
    try {
      await api(`${base}save`, { method: "POST", body: { key: option.key, variant: option.variant, value: next, share: option.variant === "default" ? 0 : share } });
      toast.ok(t`Saved`);
      onSaved();
    } catch (e) {
      const err = e as ApiError;
      setErrors(err.fields ?? {});
      toast.error(err.message);
    }
    setBusy(false);
  };
  const invalidate = async () => {
    try {
      await api(`${base}invalidateCache/${encodeURIComponent(option.key)}/${encodeURIComponent(option.variant)}`, { method: "POST" });
      toast.ok(t`Cache invalidated`);
      onSaved();
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  return (
    <section className="tk-panel">
      <h2>{typedQuests ? t`Quests: ${option.variant}` : `${option.key} / ${option.variant}`}</h2>
      {option.version > 0 && <p className="tk-hint">{t`Version ${ph({ version: fmtInt(option.version) })}, changed ${ph({ at: fmtDateTime(option.updatedAt) })}`}{option.shaped ? ` · ${t`the server checks this key's shape`}` : ""}</p>}
      {typedQuests ? (
        <QuestsEditor value={option.value} busy={busy} serverErrors={errors} onChange={() => setErrors({})} onSave={(next) => void save(next)} />
      ) : (
        <>
          <JsonEditor label={t`Value (JSON)`} value={option.value} onChange={setValue} rows={18} />
          {Object.entries(errors).map(([field, message]) => (
            <p key={field} className="tk-error" role="alert">{field}: {message}</p>
          ))}
        </>
      )}
      {typedQuests && Object.entries(errors).filter(([field]) => field !== "value" && !field.startsWith("value.")).map(([field, message]) => (
        <p key={field} className="tk-error" role="alert">{message}</p>
      ))}
      {option.variant !== "default" && (
        <label className="tk-row">
          {t`Share of players, %`} <input type="number" min={0} max={100} value={share} onChange={(e) => setShare(e.target.value)} />
        </label>
      )}
      <div className="tk-row">
        {!typedQuests && <button className="tk-btn tk-primary" disabled={value === undefined || busy} onClick={() => void save()}>{t`Save`}</button>}
        {option.version > 0 && <button className="tk-btn" onClick={invalidate}>{t`Invalidate cache`}</button>}
        <a className="tk-btn" href={base}>{t`Back to the list`}</a>
      </div>
    </section>
  );
}
