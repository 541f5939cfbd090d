// A labelled input of the account forms, with the server's (or the form's) message for it
// (ui/lib/field-errors.ts: the input is marked invalid and described by its message).
import type { InputHTMLAttributes } from "react";
import type { FieldErrorState } from "../../../lib/field-errors.ts";
import { FieldError } from "../../../components/Form.tsx";

export function Field({
  label,
  errors,
  name,
  hint,
  onChange,
  ...input
}: { label: string; errors: FieldErrorState; name: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const props = errors.input(name, hint ? `${errors.id(name)}-hint` : undefined);
  return (
    <div className="tk-field">
      <label htmlFor={props.id}>{label}</label>
      <input name={name} {...props} {...input} onChange={(e) => (errors.clear(name), onChange?.(e))} />
      {hint && (
        <span id={`${props.id}-hint`} className="tk-hint">
          {hint}
        </span>
      )}
      <FieldError errors={errors} name={name} />
    </div>
  );
}

/** Where a signed-in player goes next: a player-site address from `?next=`, else `fallback` (the profile). */
export function nextAddress(fallback = "/public/profile/"): string {
  const next = new URLSearchParams(location.search).get("next");
  return next && /^\/(?:(?:(?:ru|en)\/)?public(?:\/|$)|(?:ru|en)\/play\/$)/.test(next) ? next : fallback;
}
