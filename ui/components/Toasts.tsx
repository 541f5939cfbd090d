// Short notices after an action ("Saved", an error); announced to screen readers. A success
// takes away the error notices still shown: after a save that worked, an old "refused" is stale.
// The store is ui/lib/toast.ts (forms' shared error handling, ui/lib/field-errors.ts, uses it too).
import { useEffect, useState } from "react";
import { t } from "@lingui/core/macro";
import { dismiss, onToasts, toast, type ToastItem } from "../lib/toast.ts";

export { toast };

export function Toasts() {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(() => onToasts(setItems), []);
  return (
    <div className="tk-toasts" aria-live="polite">
      {items.map((x) => (
        <div key={x.id} className={`tk-toast tk-toast-${x.kind}`} role={x.kind === "error" ? "alert" : "status"}>
          {x.text}
          <button type="button" aria-label={t`Dismiss`} onClick={() => dismiss(x.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
