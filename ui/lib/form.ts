// The form layer: a form is validated in the browser by the SAME zod schema its API route uses
// (imported from api/), and its messages are the server's own — the spec's default validation
// texts from api/i18n/catalog.ts, chosen by the server's issue mapping (api/http/validate.ts) —
// so a field says the same thing before and after a round trip. The server's field errors
// (ApiError.fields) land under their fields; a message without fields is the form's.
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { serverCatalog } from "../../api/i18n/catalog.ts";
import { issueMessage } from "../../api/domain/validation.ts";
import type { FieldMessage } from "../../api/domain/errors.ts";
import { useFieldErrors, type FieldErrors } from "./field-errors.ts";
import { ApiError } from "./api.ts";
import { locale as pageLocale, type Locale } from "./i18n.ts";

export type { FieldErrors } from "./field-errors.ts";

/** A server message id with its values, in the locale ({0}, {1}… filled as the server does). */
export function messageText(locale: Locale, m: FieldMessage): string {
  const text = (serverCatalog[locale] as Record<string, string>)[m.id] ?? serverCatalog[locale]["validation.pattern"];
  return text.replace(/\{(\d+)\}/g, (_, i: string) => String(m.values?.[Number(i)] ?? ""));
}

/** Validates values with an API schema: the parsed data, or one message per field (the first). */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  locale: Locale = pageLocale,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path.length ? issue.path.map(String).join(".") : "_";
    errors[name] ??= messageText(locale, issueMessage(issue, values));
  }
  return { ok: false, errors };
}

export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: (e?: { relatedTarget?: EventTarget | null }) => void;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/**
 * The one submit of a form, hand-written or on a schema (useForm is built on it): busy while its
 * work runs; a refusal's field messages under their inputs (ui/lib/field-errors.ts: marked
 * invalid, described by the message, the first focused), the rest in an error notice — or, with
 * `notice: false`, in `errors.message` for the form's <FormMessage> — and the refusal's code (a
 * wrong password, a throttle, a ban…) for the form to word. `run` answers whether the work was done;
 * `submit(work)` is the form's onSubmit (the page stays, then `run(work)`). A check of the form's own
 * (two passwords that differ) throws an ApiError naming its field inside `work`: it is shown as the
 * server's refusal would be.
 */
export function useSubmit(opts: Parameters<typeof useFieldErrors>[0] & { notice?: boolean; all?: boolean } = {}) {
  const errors = useFieldErrors(opts);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setCode(null);
    const done = await errors.run(
      async () => {
        try {
          await work();
        } catch (err) {
          setCode(err instanceof ApiError ? err.code : "network");
          throw err;
        }
      },
      { notice: opts.notice ?? true, all: opts.all ?? false },
    );
    setBusy(false);
    return done;
  };
  const submit = (work: () => Promise<unknown>) => (e?: FormEvent) => {
    e?.preventDefault();
    void run(work);
  };
  return { busy, errors, code, run, submit };
}

/**
 * Form state over an API schema. Fields show their error once left or after a submit; a
 * server's field error stays until that field changes. `submit(work)` validates, then runs
 * `work(input, data)` — input as the route reads it (the typed text, or `toInput` of it when the
 * schema wants numbers and booleans rather than form text), data as the schema parsed it.
 */
export function useForm<S extends z.ZodType>(
  schema: S,
  initial: Record<string, string>,
  opts: { toInput?: (values: Record<string, string>) => Record<string, unknown> } = {},
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  // The server's field errors and the busy state: the same submit hand-written forms use. Every
  // field message is kept: a form shows the ones without an input itself (StrayErrors).
  const { busy, errors: server, run } = useSubmit({ notice: false, all: true });

  const input = opts.toInput ? opts.toInput(values) : values;
  const check = validate(schema, input);
  const clientErrors = check.ok ? {} : check.errors;
  const errors: FieldErrors = {};
  for (const name of new Set([...Object.keys(clientErrors), ...Object.keys(server.fields)])) {
    const shown = server.fields[name] ?? ((submitted || touched[name]) && clientErrors[name]);
    if (shown) errors[name] = shown;
  }

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    server.clear(name);
  };
  const field = (name: string): FieldProps => ({
    id: server.id(name),
    name,
    value: values[name] ?? "",
    onChange: (e) => set(name, e.target.value),
    // Leaving a field for the submit button does not show its message yet: the message would push
    // the button down between press and release, and the click (the submit) would be lost.
    onBlur: (e?: { relatedTarget?: EventTarget | null }) => {
      const next = e?.relatedTarget as { type?: string; tagName?: string } | null | undefined;
      if (next?.tagName === "BUTTON" && next.type === "submit") return;
      setTouched((t) => ({ ...t, [name]: true }));
    },
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? server.errorId(name) : undefined,
  });

  const submit =
    (work: (input: Record<string, unknown>, data: z.output<S>) => Promise<unknown>) => async (e?: FormEvent) => {
      e?.preventDefault();
      setSubmitted(true);
      server.clear();
      if (!check.ok) {
        document.getElementById(server.id(Object.keys(check.errors)[0]))?.focus();
        return;
      }
      await run(() => work(input, check.data));
    };

  /** Several values at once (a list's rows moving up after a removal): `fn` gets the values, answers the new ones. */
  const update = (fn: (values: Record<string, string>) => Record<string, string>) => setValues(fn);

  /** A refusal of another request about this form's values (a second button's): shown as a submit's would be. */
  const refuse = (err: unknown) => void server.take(err, { all: true });

  return {
    values,
    set,
    update,
    errors,
    formError: server.message,
    busy,
    field,
    submit,
    refuse,
    errorId: server.errorId,
    reset: () => (setValues(initial), setTouched({}), setSubmitted(false)),
  };
}

export type Form = ReturnType<typeof useForm>;
