// Import with a preview: the chosen file goes to the import route without `apply` first, which
// answers what it would change (nothing is written); the operator then applies it — all of it or
// none. A refused file shows the server's message (which row and field) and changes nothing.
// The screen says how the file goes (`send`: its import route's call, typed by the contract).
import { useId, useState, type ReactNode } from "react";
import { t } from "@lingui/core/macro";
import type { ApiError } from "../../lib/api.ts";
import { toast } from "../../components/Toasts.tsx";

export function ImportPreview<R>({
  send: importFile,
  label,
  summary,
  onApplied,
}: {
  send: (body: { file: string; apply: boolean }) => Promise<R>;
  label: string;
  summary: (r: R) => ReactNode;
  onApplied: () => void;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<R | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const send = async (apply: boolean) => {
    if (text === null) return;
    setBusy(true);
    setError("");
    try {
      const r = await importFile({ file: text, apply });
      if (apply) {
        toast.ok(t`Imported`);
        setPreview(null);
        setText(null);
        onApplied();
      } else setPreview(r);
    } catch (e) {
      setPreview(null);
      setError((e as ApiError).message);
    }
    setBusy(false);
  };
  return (
    <section className="tk-panel tk-import">
      <div className="tk-row">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="file"
          accept=".json,application/json"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            setPreview(null);
            setError("");
            setText(file ? await file.text() : null);
          }}
        />
        <button type="button" className="tk-btn" disabled={text === null || busy} onClick={() => send(false)}>
          {t`Check the file`}
        </button>
      </div>
      {busy && <progress aria-label={t`Working…`} />}
      {error && (
        <p className="tk-error" role="alert">
          {error}
        </p>
      )}
      {preview && (
        <div aria-live="polite">
          <h2>{t`What the import changes`}</h2>
          {summary(preview)}
          <div className="tk-row">
            <button type="button" className="tk-btn tk-primary" disabled={busy} onClick={() => send(true)}>
              {t`Apply the import`}
            </button>
            <button type="button" className="tk-btn" onClick={() => setPreview(null)}>
              {t`Cancel`}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
