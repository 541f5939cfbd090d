// A JSON editor for options and settings: a monospace text area that checks the text as it is
// typed, says where it breaks, and hands the parent only values that parse (onChange gets the
// parsed value, or undefined while the text is not JSON), so a form cannot save broken JSON.
import { useId, useState } from "react";
import { t } from "../shell/t.ts";

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}

export function JsonEditor(props: { label: string; value: unknown; onChange: (value: unknown | undefined) => void; rows?: number }) {
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(props.value ?? null, null, 2));
  const parsed = parseJson(text);
  const update = (next: string) => {
    setText(next);
    const r = parseJson(next);
    props.onChange(r.ok ? r.value : undefined);
  };
  return (
    <div className="tk-json">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        rows={props.rows ?? 12}
        spellCheck={false}
        value={text}
        aria-invalid={!parsed.ok}
        aria-describedby={parsed.ok ? undefined : `${id}-error`}
        onChange={(e) => update(e.target.value)}
        style={{ fontFamily: "ui-monospace, monospace", width: "100%" }}
      />
      <div className="tk-row">
        <button type="button" className="tk-btn" disabled={!parsed.ok} onClick={() => parsed.ok && update(JSON.stringify(parsed.value, null, 2))}>
          {t("json.format")}
        </button>
        {!parsed.ok && (
          <span id={`${id}-error`} className="tk-error" role="alert">
            {t("json.invalid", { detail: parsed.detail })}
          </span>
        )}
      </div>
    </div>
  );
}
