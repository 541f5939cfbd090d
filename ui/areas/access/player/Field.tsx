// The account forms' pieces: a labelled input with the server's (or the form's) message for it
// (ui/lib/field-errors.ts: the input is marked invalid and described by its message), the email
// field, a new password typed twice, and the form's message with its submit button. A form is
// `useSubmit` (ui/lib/form.ts) around these: `<form onSubmit={submit(async () => …)}>`.
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { ph, t } from "@lingui/core/macro";
import { ApiError } from "../../../lib/api.ts";
import type { FieldErrorState } from "../../../lib/field-errors.ts";
import { FieldError, FormMessage } from "../../../components/Form.tsx";

/** The server's PASSWORD_MIN (the server checks it again). */
export const PASSWORD_MIN = 10;

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

/** The email field of the account forms ("Email", or `label`). */
export function EmailField({
  errors,
  value,
  onChange,
  label,
  autoComplete = "email",
}: {
  errors: FieldErrorState;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  autoComplete?: string;
}) {
  return (
    <Field
      label={label ?? t({ message: "Email", context: "player account" })}
      name="email"
      type="email"
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      errors={errors}
      required
    />
  );
}

/**
 * A new password typed twice: its two fields (`fields(errors)`; "New password" with `fresh`), the
 * check that they agree (`check()` inside the submit's work: the message goes under the second),
 * and `clear()` after a save.
 */
export function useNewPassword() {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const check = () => {
    if (password !== repeat) throw new ApiError(400, "validation", "", { repeat: t`The passwords differ.` });
  };
  const clear = () => (setPassword(""), setRepeat(""));
  const fields = (errors: FieldErrorState, { fresh = false }: { fresh?: boolean } = {}) => (
    <>
      <Field
        label={fresh ? t`New password` : t`Password`}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        hint={t`At least ${ph({ min: PASSWORD_MIN })} characters.`}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errors={errors}
        required
      />
      <Field
        label={fresh ? t`New password again` : t`Password again`}
        name="repeat"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        errors={errors}
        required
      />
    </>
  );
  return { password, check, clear, fields };
}

/** The end of an account form: its message (`children` after it), then the submit button, `busyLabel` while it runs. */
export function SubmitRow({
  errors,
  busy,
  label,
  busyLabel,
  primary = true,
  children,
}: {
  errors: FieldErrorState;
  busy: boolean;
  label: string;
  busyLabel: string;
  primary?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <FormMessage errors={errors}>{children}</FormMessage>
      <button type="submit" className={primary ? "tk-btn tk-primary" : "tk-btn"} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
