// A date-time field in the spec's DD.MM.YYYY HH:mm:ss, typed as text (a native datetime-local
// input shows the browser's own format, not the spec's). The parent gets epoch milliseconds, or
// null while the text is empty or not a real date-time; an invalid text is announced. A value the
// parent sets (a preset) shows as its text.
import { useEffect, useId, useState } from "react";
import { formatDateTime, parseDateTime } from "../lib/datetime.ts";
import { t } from "@lingui/core/macro";

/** `id` and `error` from a form's field errors (`id={errors.id("until")} error={errors.of("until")}`) put the server's message here and let the form focus it. */
export function DateTimePicker(props: {
  label: string;
  value: number | null;
  onChange: (ms: number | null) => void;
  required?: boolean;
  error?: string;
  id?: string;
}) {
  const own = useId();
  const id = props.id ?? own;
  const [text, setText] = useState(() => (props.value == null ? "" : formatDateTime(props.value)));
  // A value set from outside (a preset: "7 days") replaces the text; one the text already says does not.
  useEffect(() => {
    if (props.value != null && parseDateTime(text) !== props.value) setText(formatDateTime(props.value));
  }, [props.value]);
  const invalid = text.trim() !== "" && parseDateTime(text) === null;
  const message = invalid ? t`Enter a date as DD.MM.YYYY HH:mm:ss` : props.error;
  return (
    <div className="tk-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        inputMode="numeric"
        placeholder={t`DD.MM.YYYY HH:mm:ss`}
        value={text}
        required={props.required}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          props.onChange(parseDateTime(e.target.value));
        }}
      />
      {message && (
        <span id={`${id}-error`} className="tk-error" role="alert">
          {message}
        </span>
      )}
    </div>
  );
}
