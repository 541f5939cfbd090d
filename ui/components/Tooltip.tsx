// A hint on hover or focus, shown after 150 ms and hidden 100 ms after leaving (spec constants).
import { useId, useRef, useState, type ReactNode } from "react";

export const TOOLTIP_SHOW_MS = 150;
export const TOOLTIP_HIDE_MS = 100;

export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  const later = (value: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(value), ms);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the host shows its control's tooltip on hover and focus; the control inside takes the input
    <span
      className="tk-tooltip-host"
      aria-describedby={open ? id : undefined}
      onMouseEnter={() => later(true, TOOLTIP_SHOW_MS)}
      onMouseLeave={() => later(false, TOOLTIP_HIDE_MS)}
      onFocus={() => later(true, TOOLTIP_SHOW_MS)}
      onBlur={() => later(false, TOOLTIP_HIDE_MS)}
    >
      {children}
      {open && (
        <span role="tooltip" id={id} className="tk-tooltip">
          {text}
        </span>
      )}
    </span>
  );
}
