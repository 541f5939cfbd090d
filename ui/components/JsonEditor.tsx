// A JSON editor for options and settings: a monospace text area that checks the text as it is
// typed, says where it breaks, and hands the parent only values that parse (onChange gets the
// parsed value, or undefined while the text is not JSON), so a form cannot save broken JSON.
import { useId, useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { parseJson } from "../lib/json.ts";

export function JsonEditor(props: {
  label: string;
  value: unknown;
  onChange: (value: unknown | undefined) => void;
  rows?: number;
}) {
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
        <button
          type="button"
          className="tk-btn"
          disabled={!parsed.ok}
          onClick={() => parsed.ok && update(JSON.stringify(parsed.value, null, 2))}
        >
          {t`Format`}
        </button>
        {!parsed.ok && (
          <span id={`${id}-error`} className="tk-error" role="alert">
            {t`Not valid JSON: ${ph({ detail: parsed.detail })}`}
          </span>
        )}
      </div>
    </div>
  );
}
