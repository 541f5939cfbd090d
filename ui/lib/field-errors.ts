// One way for every form to show a server's refusal (no macros, so `bun test` imports it): a 400's
// field messages (ApiError.fields) sit under their inputs — the input gets aria-invalid and
// aria-describedby naming its message, the first one in the page gets the focus — and what no
// input shows (a message without fields, a field the form has no input for) comes back as text
// that names the field in words (the form's labels, or the shell's field words), never as a raw
// path like prices.0.amount. `useForm` (ui/lib/form.ts, under SchemaForm and <Form>) keeps its
// server errors here; hand-written forms use it directly:
//
//   const errors = useFieldErrors({ label: (f) => ({ amount: t`Amount` })[f] });
//   <input value={amount} onChange={…} {...errors.input("amount")} />
//   <FieldError errors={errors} name="amount" />          // ui/components/Form.tsx
//   onSubmit={(e) => (e.preventDefault(), errors.run(async () => { await api(…); toast.ok(t`Saved`); }))}
//
// `run` clears the old messages, runs the save; on success it takes away stale error notices, on
// a refusal the fields get their messages and the rest is an error notice (or the form's own
// line, <FormMessage>, with `{ notice: false }`).
import { useRef, useState } from "react";
import { ApiError, fieldName } from "./api.ts";
import { toast } from "./toast.ts";
import { pathLabel } from "./path-label.ts";

export type FieldErrors = Record<string, string>;

export interface InputProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/** The text of a refusal's field messages that no input shows: "Prices · row 1 · Amount: Please enter a number." */
export function strayText(fields: FieldErrors, name: (path: string) => string | null): string | null {
  const parts: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const words = name(path);
    if (!words) return null;
    parts.push(`${words}: ${message}`);
  }
  return parts.join(" ");
}

/**
 * Where a refusal's field messages go: under the input of their own path when the form shows it;
 * else under the nearest input of a path above it ("words.3" under "words", said as "row 4: …",
 * "availability.countries.0" under "availability.countries"); else nowhere on the form (stray).
 */
export function placeErrors(
  fields: FieldErrors,
  shown: (path: string) => boolean,
  words: (path: string) => string | null,
  row: (n: number) => string,
): { under: FieldErrors; stray: FieldErrors } {
  const under: FieldErrors = {};
  const stray: FieldErrors = {};
  for (const [k, m] of Object.entries(fields)) {
    if (shown(k)) {
      under[k] = [under[k], m].filter(Boolean).join(" ");
      continue;
    }
    const parts = k.split(".");
    let at = parts.length - 1;
    while (at > 0 && !shown(parts.slice(0, at).join("."))) at--;
    if (at === 0) {
      stray[k] = m;
      continue;
    }
    const owner = parts.slice(0, at).join(".");
    const tail = parts.slice(at).join(".");
    const rest = /^\d+$/.test(tail) ? row(Number(tail) + 1) : words(tail);
    under[owner] = [under[owner], rest ? `${rest}: ${m}` : m].filter(Boolean).join(" ");
  }
  return { under, stray };
}

/** The first of the elements (in the page's order), or undefined. */
function firstInPage(elements: HTMLElement[]): HTMLElement | undefined {
  return [...elements].sort((a, b) => (a.compareDocumentPosition(b) & 4 /* b follows a */ ? -1 : 1))[0];
}

/**
 * `label` names a field in words for a message no input shows (default: the shell's field words);
 * `row` says a list's row ("row 4"; default "#4") where a message about one row of a list sits
 * under the list's one input (a word list typed one a line: "words.3" under "words").
 */
export function useFieldErrors(
  opts: { label?: (path: string) => string | undefined; row?: (n: number) => string } = {},
) {
  const [state, setState] = useState<{ fields: FieldErrors; message: string }>({ fields: {}, message: "" });
  const prefix = useRef(`f${Math.random().toString(36).slice(2, 8)}`).current;
  const id = (name: string) => `${prefix}-${name}`;
  const errorId = (name: string) => `${prefix}-${name}-error`;
  const shown = (name: string) => (typeof document === "undefined" ? null : document.getElementById(id(name)));
  const row = opts.row ?? ((n: number) => `#${n}`);
  /** A path in words: the form's labels part by part, else the shell's field words (null: no words known). */
  const words = (path: string): string | null =>
    opts.label ? pathLabel(path, (f) => opts.label!(f) ?? fieldName(f) ?? f, row) : fieldName(path);

  /** A field's message, if any. */
  const of = (name: string): string | undefined => state.fields[name];

  /** The input's id and its aria state (`describedBy`: ids of its own hints, kept). */
  const input = (name: string, describedBy?: string): InputProps => ({
    id: id(name),
    "aria-invalid": !!state.fields[name],
    "aria-describedby":
      [state.fields[name] ? errorId(name) : "", describedBy ?? ""].filter(Boolean).join(" ") || undefined,
  });

  /** Forgets one field's message (it was edited), or every message. */
  const clear = (name?: string) =>
    setState((s) => {
      if (name === undefined) return s.message || Object.keys(s.fields).length ? { fields: {}, message: "" } : s;
      if (!(name in s.fields)) return s;
      const fields = { ...s.fields };
      delete fields[name];
      return { ...s, fields };
    });

  /**
   * A failure. With `all`, every field message is kept (the form shows the ones without an input
   * itself, as SchemaForm's StrayErrors does); otherwise the ones with an input on the page go
   * under it and the rest joins the message. Focuses the first invalid input; answers the
   * message no input shows ("" when every message sits under its field).
   */
  const take = (err: unknown, { all = false }: { all?: boolean } = {}): string => {
    const apiError = err instanceof ApiError ? err : new ApiError(0, "network", String((err as Error)?.message ?? err));
    const fields = apiError.fields ?? {};
    const { under, stray } = all ? { under: fields, stray: {} } : placeErrors(fields, (k) => !!shown(k), words, row);
    let message = "";
    if (!Object.keys(fields).length) message = apiError.message;
    else if (Object.keys(stray).length) message = strayText(stray, words) ?? apiError.message;
    setState({ fields: under, message });
    const first = firstInPage(Object.keys(under).flatMap((k) => shown(k) ?? []));
    first?.focus();
    return message;
  };

  /**
   * Runs a save: old messages go; on success the error notices still shown go too (answers true);
   * on a refusal the fields get their messages and the rest is an error notice — or, with
   * `{ notice: false }`, only `message` (the form shows it: <FormMessage>); answers false.
   * `all` as for `take`.
   */
  const run = async (
    work: () => Promise<unknown>,
    { notice = true, all = false }: { notice?: boolean; all?: boolean } = {},
  ): Promise<boolean> => {
    clear();
    try {
      await work();
    } catch (err) {
      const message = take(err, { all });
      if (message && notice) toast.error(message);
      return false;
    }
    toast.dismissErrors();
    return true;
  };

  return { fields: state.fields, message: state.message, of, id, errorId, input, clear, take, run };
}

export type FieldErrorState = ReturnType<typeof useFieldErrors>;
