// A button's action outside a form — a table row's Remove, a card's Stop, a panel's Accept: the
// call, then a success notice and what follows (a reload), or the refusal's message as an error
// notice. One piece for every such button (a row's buttons are drawn by ui/components/RowMenu.tsx):
//
//   actionsColumn((r) => [{ label: t`Remove`, danger: true, onClick: () => act(() => api(c.remove, { id: r.id }), t`Removed`, reload) }])
//
// A form's submit is not an action: it has fields for a refusal's messages (useSubmit, ui/lib/form.ts).
// No macros here, so `bun test` imports it.
import { ApiError } from "./api.ts";
import { toast } from "./toast.ts";

/** What a failed call says to the user: the server's message, or the network's. */
export function failureText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return String((err as Error)?.message ?? err);
}

/**
 * Runs `work`; when it is done, says `done` (a text, or one made from the answer; nothing when
 * null) and runs `then` with the answer (awaited when it answers a promise: a reload); when it
 * fails, says why as an error notice. Answers whether the work was done — it never throws.
 */
export async function act<T>(
  work: () => Promise<T>,
  done: string | ((answer: T) => string) | null,
  then?: (answer: T) => unknown,
): Promise<boolean> {
  let answer: T;
  try {
    answer = await work();
  } catch (err) {
    toast.error(failureText(err));
    return false;
  }
  const text = typeof done === "function" ? done(answer) : done;
  // A success takes away the error notices still shown (toast.ok does too): an old refusal is stale.
  if (text) toast.ok(text);
  else toast.dismissErrors();
  await then?.(answer);
  return true;
}
