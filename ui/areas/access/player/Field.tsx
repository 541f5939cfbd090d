// A labelled input of the account forms, with the server's (or the form's) message for it.
import { useId, type InputHTMLAttributes } from "react";

export function Field({ label, error, hint, ...input }: { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="tk-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={Boolean(error)} aria-describedby={note ? `${id}-note` : undefined} {...input} />
      {note && (
        <span id={`${id}-note`} className={error ? "tk-field-error" : "tk-hint"} role={error ? "alert" : undefined}>
          {note}
        </span>
      )}
    </div>
  );
}

/** Where a signed-in player goes next: a player-site address from `?next=`, else the profile. */
export function nextAddress(): string {
  const next = new URLSearchParams(location.search).get("next");
  return next && /^\/(?:(?:(?:ru|en)\/)?public(?:\/|$)|(?:ru|en)\/play\/$)/.test(next) ? next : "/public/profile/";
}
