// File import with a real progress bar: fetch cannot report upload progress, so the file goes
// up through XMLHttpRequest (session cookie, CSRF token, JSON answer). The server's answer is
// handed to `summary`, which draws the result (added, changed, refused…) the area's route returns.
import { useId, useState, type ReactNode } from "react";
import { csrfToken } from "../lib/api.ts";
import { t, ph } from "@lingui/core/macro";

type Phase<R> =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "done"; result: R }
  | { kind: "failed"; detail: string };

export function FileImport<R>(props: {
  label: string;
  url: string;
  field?: string;
  accept?: string;
  summary: (result: R) => ReactNode;
  onDone?: (result: R) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase<R>>({ kind: "idle" });

  const upload = () => {
    if (!file) return;
    const body = new FormData();
    body.append(props.field ?? "file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", props.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("x-csrf-token", csrfToken());
    xhr.upload.onprogress = (e) =>
      e.lengthComputable && setPhase({ kind: "uploading", percent: Math.round((e.loaded / e.total) * 100) });
    xhr.onerror = () => setPhase({ kind: "failed", detail: xhr.statusText || String(xhr.status) });
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // a non-JSON answer is reported by its status below
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        setPhase({ kind: "done", result: data as R });
        props.onDone?.(data as R);
      } else {
        const err = (data as { error?: { message?: string } } | null)?.error;
        setPhase({ kind: "failed", detail: err?.message ?? `HTTP ${xhr.status}` });
      }
    };
    setPhase({ kind: "uploading", percent: 0 });
    xhr.send(body);
  };

  return (
    <div className="tk-import">
      <div className="tk-row">
        <label htmlFor={id}>{props.label}</label>
        <input id={id} type="file" accept={props.accept} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <button
          type="button"
          className="tk-btn tk-primary"
          disabled={!file || phase.kind === "uploading"}
          onClick={upload}
        >
          {t`Upload`}
        </button>
      </div>
      {phase.kind === "uploading" && (
        <progress
          max={100}
          value={phase.percent}
          aria-label={t`Uploading: ${ph({ percent: phase.percent })}%`}
          style={{ width: "100%" }}
        />
      )}
      <div aria-live="polite">
        {phase.kind === "done" && props.summary(phase.result)}
        {phase.kind === "failed" && <p className="tk-error">{t`Import failed: ${ph({ detail: phase.detail })}`}</p>}
      </div>
    </div>
  );
}
