// Asks before a destructive action; a native <dialog> keeps focus and Escape handling right.
import { useEffect, useId, useRef } from "react";
import { t } from "@lingui/core/macro";

export function ConfirmDialog({
  open,
  text,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const textId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="tk-dialog" onCancel={onCancel} aria-modal="true" aria-labelledby={textId}>
      <p id={textId}>{text}</p>
      <div className="tk-row">
        <button type="button" className="tk-btn" onClick={onCancel}>
          {t`Cancel`}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: a dialog moves the focus into itself (WAI-ARIA dialog pattern) */}
        <button type="button" className="tk-btn tk-danger" onClick={onConfirm} autoFocus>
          {t`Confirm`}
        </button>
      </div>
    </dialog>
  );
}
