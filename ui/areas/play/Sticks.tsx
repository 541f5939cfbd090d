// The phone's twin sticks: the left one drives (the tank turns toward where it points and goes),
// the right one aims the turret and fires when pushed to its rim. Each follows its own finger
// (pointer capture), so both work at once; a released left stick stops, a released right stick
// keeps the turret on its last bearing without firing. They write into the battle's Controls.
import { useRef } from "react";
import { FIRE_AT, type Controls, type Stick } from "./driver.ts";

/** Pixels from the stick's centre to its rim. */
const RIM = 52;

function StickPad({
  className,
  label,
  onStick,
}: {
  className: string;
  label: string;
  onStick: (v: Stick | null) => void;
}) {
  const base = useRef<HTMLDivElement>(null);
  const knob = useRef<HTMLDivElement>(null);
  const finger = useRef<number | null>(null);
  const place = (e: React.PointerEvent) => {
    const r = base.current?.getBoundingClientRect();
    if (!r) return;
    let x = (e.clientX - (r.left + r.width / 2)) / RIM;
    let y = (e.clientY - (r.top + r.height / 2)) / RIM;
    const m = Math.hypot(x, y);
    if (m > 1) {
      x /= m;
      y /= m;
    }
    if (knob.current) knob.current.style.transform = `translate(${x * RIM}px, ${y * RIM}px)`;
    base.current?.classList.toggle("tk-stick-hot", Math.hypot(x, y) >= FIRE_AT);
    onStick({ x, y });
  };
  const release = (e: React.PointerEvent) => {
    if (finger.current !== e.pointerId) return;
    finger.current = null;
    if (knob.current) knob.current.style.transform = "";
    base.current?.classList.remove("tk-stick-hot");
    onStick(null);
  };
  return (
    <div
      ref={base}
      className={`tk-stick ${className}`}
      role="slider"
      aria-label={label}
      aria-valuenow={0}
      tabIndex={-1}
      onPointerDown={(e) => {
        e.preventDefault();
        finger.current = e.pointerId;
        try {
          e.currentTarget.setPointerCapture(e.pointerId);
        } catch {
          /* a pointer the browser no longer tracks: the stick still follows its moves */
        }
        place(e);
      }}
      onPointerMove={(e) => finger.current === e.pointerId && place(e)}
      onPointerUp={release}
      onPointerCancel={release}
      onContextMenu={(e) => e.preventDefault()}
    >
      <div ref={knob} className="tk-stick-knob" />
    </div>
  );
}

export function Sticks({
  controls,
  labels,
  onTouch,
}: {
  controls: { current: Controls };
  labels: { drive: string; aim: string };
  /** A finger came down on a stick (the sound starts on it). */
  onTouch?: () => void;
}) {
  return (
    <>
      <StickPad
        className="tk-stick-drive"
        label={labels.drive}
        onStick={(v) => {
          if (v) onTouch?.();
          controls.current.move = v;
        }}
      />
      <StickPad
        className="tk-stick-aim"
        label={labels.aim}
        onStick={(v) => {
          if (v) onTouch?.();
          const c = controls.current;
          // Let go: keep the bearing (half-way out: aimed, not firing).
          if (!v && c.look) {
            const m = Math.hypot(c.look.x, c.look.y) || 1;
            c.look = { x: (c.look.x / m) * 0.5, y: (c.look.y / m) * 0.5 };
          } else c.look = v;
        }}
      />
    </>
  );
}
