// Form pieces over ui/lib/form.ts: a <form> that reports its own error (a server message that
// names no field, or a rule on the whole form), and labelled fields whose message sits under
// them, tied to the input with aria-describedby so screen readers read it with the field.
import { cloneElement, type ReactElement, type ReactNode } from "react";
import { t } from "@lingui/core/macro";
import type { Form as FormState } from "../lib/form.ts";
import type { FieldErrorState } from "../lib/field-errors.ts";

/**
 * A server's message for one field of a hand-written form (ui/lib/field-errors.ts), under its
 * input: the input names it with `{...errors.input(name)}` (aria-describedby). Nothing when none.
 */
export function FieldError({ errors, name }: { errors: FieldErrorState; name: string }) {
  const text = errors.of(name);
  return text ? (
    <small id={errors.errorId(name)} className="tk-field-error">
      {text}
    </small>
  ) : null;
}

/**
 * A labelled input of a hand-written form with its server message under it: the one child (an
 * input, select or textarea) gets the field's id and aria state, and editing it takes its message away.
 */
export function ErrorField({
  errors,
  name,
  label,
  children,
  className,
}: {
  errors: FieldErrorState;
  name: string;
  label: ReactNode;
  children: ReactElement<{ "aria-describedby"?: string; onChange?: (e: never) => void }>;
  className?: string;
}) {
  const own = children.props;
  const input = cloneElement(children, {
    ...errors.input(name, own["aria-describedby"]),
    onChange: (e: never) => (errors.clear(name), own.onChange?.(e)),
  });
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: `input` is the field's control built above
    <label className={className}>
      {label} {input}
      <FieldError errors={errors} name={name} />
    </label>
  );
}

/** A hand-written form's message that sits under no field (a refusal naming no field, or naming fields the form has no input for, in words). */
export function FormMessage({ errors, children }: { errors: FieldErrorState; children?: ReactNode }) {
  if (!errors.message) return null;
  return (
    <p className="tk-error" role="alert">
      {errors.message} {children}
    </p>
  );
}

/** A form over useForm's state; `onCancel` draws a Cancel button beside the submit, `actions` other buttons. */
export function Form({
  form,
  onSubmit,
  submitLabel,
  children,
  actions,
  onCancel,
  className = "tk-form",
}: {
  form: FormState;
  onSubmit: (e?: React.FormEvent) => void;
  submitLabel: string;
  children: ReactNode;
  actions?: ReactNode;
  onCancel?: () => void;
  className?: string;
}) {
  const message = form.formError || form.errors._;
  return (
    <form className={className} noValidate onSubmit={onSubmit} aria-busy={form.busy}>
      {children}
      {message && (
        <p className="tk-error" role="alert">
          {message}
        </p>
      )}
      <div className="tk-row">
        <button type="submit" className="tk-btn tk-primary" disabled={form.busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="tk-btn" onClick={onCancel}>
            {t`Cancel`}
          </button>
        )}
        {actions}
      </div>
    </form>
  );
}

type Kind =
  | { type?: "text" | "number" | "email" | "password" | "tel" | "date" | "checkbox" }
  | { type: "select"; options: [string, string][] }
  | { type: "textarea"; rows?: number };

/** One labelled field of a form; its error (client or server) is shown under it. */
export function FormField(
  props: { form: FormState; name: string; label: string; hint?: string; autoComplete?: string } & Kind,
) {
  const { form, name, label, hint } = props;
  const f = form.field(name);
  const error = form.errors[name];
  const describedBy =
    [error ? form.errorId(name) : "", hint ? `${f.id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id: f.id,
    name,
    onBlur: f.onBlur,
    "aria-invalid": f["aria-invalid"],
    "aria-describedby": describedBy,
  };
  let control: ReactNode;
  if (props.type === "select")
    control = (
      <select {...common} value={f.value} onChange={(e) => f.onChange(e)}>
        {props.options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    );
  else if (props.type === "textarea")
    control = <textarea {...common} rows={props.rows ?? 4} value={f.value} onChange={(e) => f.onChange(e)} />;
  else if (props.type === "checkbox")
    control = (
      <input
        {...common}
        type="checkbox"
        checked={f.value === "true"}
        onChange={(e) => form.set(name, e.target.checked ? "true" : "false")}
      />
    );
  else
    control = (
      <input
        {...common}
        type={props.type === "number" ? "text" : (props.type ?? "text")}
        inputMode={props.type === "number" ? "decimal" : undefined}
        autoComplete={props.autoComplete}
        value={f.value}
        onChange={(e) => f.onChange(e)}
      />
    );
  return (
    <div className="tk-field">
      <label htmlFor={f.id}>{label}</label>
      {control}
      {hint && (
        <small id={`${f.id}-hint`} className="tk-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={form.errorId(name)} className="tk-field-error">
          {error}
        </small>
      )}
    </div>
  );
}
