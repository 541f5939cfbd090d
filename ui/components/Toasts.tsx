// Short notices after an action ("Saved", an error); announced to screen readers. A success
// takes away the error notices still shown: after a save that worked, an old "refused" is stale.
import { useEffect, useState } from "react";
import { t } from "@lingui/core/macro";

type Toast = { id: number; text: string; kind: "ok" | "error" };
let push: (toast: Omit<Toast, "id">) => void = () => {};
let next = 1;

export const toast = {
  ok: (text: string) => push({ text, kind: "ok" }),
  error: (text: string) => push({ text, kind: "error" }),
};

export function Toasts() {
  const [items, setItems] = useState<Toast[]>([]);
  useEffect(() => {
    push = (item) => {
      const id = next++;
      setItems((xs) => [...(item.kind === "ok" ? xs.filter((x) => x.kind !== "error") : xs), { ...item, id }]);
      setTimeout(() => setItems((xs) => xs.filter((x) => x.id !== id)), 5000);
    };
  }, []);
  return (
    <div className="tk-toasts" aria-live="polite">
      {items.map((x) => (
        <div key={x.id} className={`tk-toast tk-toast-${x.kind}`} role={x.kind === "error" ? "alert" : "status"}>
          {x.text}
          <button type="button" aria-label={t`Dismiss`} onClick={() => setItems((xs) => xs.filter((y) => y.id !== x.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
