// The notices' store (no macros, so ui/lib can use it): `toast.ok` / `toast.error` push a notice
// to the one <Toasts> the shell draws (ui/components/Toasts.tsx); `toast.dismissErrors()` takes
// away the error notices still shown — after a save that worked, an old "refused" is stale.
export type ToastKind = "ok" | "error";
export interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
}

type Listener = (items: ToastItem[]) => void;
let items: ToastItem[] = [];
let listener: Listener = () => {};
let next = 1;

function set(xs: ToastItem[]) {
  items = xs;
  listener(items);
}

function push(text: string, kind: ToastKind) {
  const id = next++;
  set([...(kind === "ok" ? items.filter((x) => x.kind !== "error") : items), { id, text, kind }]);
  setTimeout(() => dismiss(id), 5000);
}

export function dismiss(id: number) {
  if (items.some((x) => x.id === id)) set(items.filter((x) => x.id !== id));
}

/** The notices as they change (the <Toasts> component listens). */
export function onToasts(fn: Listener): () => void {
  listener = fn;
  fn(items);
  return () => {
    if (listener === fn) listener = () => {};
  };
}

export const toast = {
  ok: (text: string) => push(text, "ok"),
  error: (text: string) => push(text, "error"),
  dismissErrors: () => {
    if (items.some((x) => x.kind === "error")) set(items.filter((x) => x.kind !== "error"));
  },
};
