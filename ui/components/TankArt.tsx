// A tank drawn by code: a side view whose shape follows the class (light, medium, heavy, tank
// destroyer, self-propelled gun) and whose paint and marking follow the nation. No image files:
// the shop's cards, the landing's hero and any screen about a tank draw the same picture from the
// tank's own fields, so a new tank has its picture the moment it is saved.
import { memo } from "react";

import {
  CLASS_NAMES,
  CLASSES,
  NATION_NAMES,
  NATIONS,
  romanTier,
  type Nation,
  type TankClass,
} from "../lib/tank-words.ts";

export { CLASS_NAMES, CLASSES, NATION_NAMES, NATIONS, romanTier, type Nation, type TankClass };

/** Paint (body, shade) and marking per nation. */
const PAINT: Record<
  Nation,
  { body: string; shade: string; mark: "star" | "cross" | "wstar" | "roundel" | "tricolor" | "sun" | "ystar" }
> = {
  ussr: { body: "#4f6234", shade: "#3a4826", mark: "star" },
  germany: { body: "#5d6266", shade: "#45494c", mark: "cross" },
  usa: { body: "#5e6540", shade: "#464b2f", mark: "wstar" },
  uk: { body: "#7b7050", shade: "#5d553c", mark: "roundel" },
  france: { body: "#5b6c78", shade: "#44525b", mark: "tricolor" },
  japan: { body: "#6e6b46", shade: "#524f33", mark: "sun" },
  china: { body: "#55613f", shade: "#3f482e", mark: "ystar" },
};

/** Proportions per class: hull length and height, turret size (0 = casemate), gun length and bore. */
const SHAPE: Record<
  TankClass,
  { hull: number; hullH: number; turret: number; turretH: number; gun: number; bore: number; wheels: number }
> = {
  light: { hull: 128, hullH: 20, turret: 40, turretH: 16, gun: 46, bore: 4, wheels: 4 },
  medium: { hull: 146, hullH: 24, turret: 52, turretH: 20, gun: 60, bore: 5, wheels: 5 },
  heavy: { hull: 162, hullH: 30, turret: 64, turretH: 26, gun: 70, bore: 7, wheels: 6 },
  td: { hull: 156, hullH: 26, turret: 0, turretH: 0, gun: 74, bore: 6, wheels: 5 },
  spg: { hull: 150, hullH: 24, turret: 0, turretH: 0, gun: 58, bore: 7, wheels: 5 },
};

function Mark({ kind, x, y }: { kind: (typeof PAINT)[Nation]["mark"]; x: number; y: number }) {
  const star = (fill: string) => (
    <polygon
      fill={fill}
      points={Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 ? 2.6 : 6.5;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
      }).join(" ")}
    />
  );
  switch (kind) {
    case "star":
      return star("#c8312a");
    case "ystar":
      return star("#e8c23a");
    case "wstar":
      return star("#eeeeea");
    case "cross":
      return (
        <g>
          <path d={`M${x - 6} ${y - 2}h12v4h-12z M${x - 2} ${y - 6}h4v12h-4z`} fill="#eeeeea" />
          <path d={`M${x - 4.5} ${y - 1}h9v2h-9z M${x - 1} ${y - 4.5}h2v9h-2z`} fill="#1b1b1b" />
        </g>
      );
    case "roundel":
      return (
        <g>
          <circle cx={x} cy={y} r={6.5} fill="#27408b" />
          <circle cx={x} cy={y} r={4.2} fill="#eeeeea" />
          <circle cx={x} cy={y} r={2.2} fill="#c8312a" />
        </g>
      );
    case "tricolor":
      return (
        <g>
          <circle cx={x} cy={y} r={6.5} fill="#c8312a" />
          <circle cx={x} cy={y} r={4.2} fill="#eeeeea" />
          <circle cx={x} cy={y} r={2.2} fill="#27408b" />
        </g>
      );
    case "sun":
      return (
        <g>
          <rect x={x - 8} y={y - 5.5} width={16} height={11} fill="#eeeeea" />
          <circle cx={x} cy={y} r={3.6} fill="#c8312a" />
        </g>
      );
  }
}

export const TankArt = memo(function TankArt({
  tankClass,
  nation,
  title,
  className,
  flip = false,
}: {
  tankClass: TankClass;
  nation: Nation;
  title?: string;
  className?: string;
  flip?: boolean;
}) {
  const s = SHAPE[tankClass] ?? SHAPE.medium;
  const p = PAINT[nation] ?? PAINT.ussr;
  const W = 240;
  const ground = 112;
  const trackH = 22;
  const x0 = (W - s.hull) / 2 - 8;
  const trackTop = ground - trackH;
  const hullTop = trackTop - s.hullH + 6;
  const front = x0 + s.hull;
  // The hull: a sloped front and a shorter rear.
  const hull = `M${x0 + 4} ${trackTop + 6} L${x0} ${hullTop + 8} L${x0 + 10} ${hullTop} L${front - 22} ${hullTop} L${front + 6} ${hullTop + s.hullH * 0.55} L${front - 2} ${trackTop + 6} Z`;
  const wheelR = (trackH - 6) / 2;
  const wheelGap = (s.hull - 24) / (s.wheels - 1);
  let top: React.ReactNode;
  let gunY: number;
  let gunX: number;
  let angle = 0;
  if (s.turret > 0) {
    const tx = x0 + s.hull * 0.3;
    const ty = hullTop - s.turretH;
    top = (
      <path
        d={`M${tx} ${hullTop} L${tx + 4} ${ty + 3} L${tx + 10} ${ty} L${tx + s.turret - 6} ${ty} L${tx + s.turret + 6} ${ty + s.turretH * 0.6} L${tx + s.turret} ${hullTop} Z`}
        fill={p.body}
        stroke={p.shade}
        strokeWidth={1.5}
      />
    );
    gunX = tx + s.turret + 2;
    gunY = ty + s.turretH * 0.42;
  } else if (tankClass === "td") {
    // A casemate in the hull's front with the gun low in it.
    const cx = x0 + s.hull * 0.28;
    const cy = hullTop - 14;
    top = (
      <path
        d={`M${cx} ${hullTop} L${cx + 6} ${cy} L${front - 30} ${cy} L${front - 6} ${hullTop} Z`}
        fill={p.body}
        stroke={p.shade}
        strokeWidth={1.5}
      />
    );
    gunX = front - 16;
    gunY = cy + 7;
  } else {
    // A tall open-topped fighting compartment at the rear, the gun raised.
    const cx = x0 + 10;
    const cy = hullTop - 22;
    top = (
      <path
        d={`M${cx} ${hullTop} L${cx} ${cy} L${cx + s.hull * 0.46} ${cy + 4} L${cx + s.hull * 0.56} ${hullTop} Z`}
        fill={p.body}
        stroke={p.shade}
        strokeWidth={1.5}
      />
    );
    gunX = cx + s.hull * 0.5;
    gunY = cy + 10;
    angle = -24;
  }
  return (
    <svg
      viewBox={`0 0 ${W} 120`}
      className={className}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      data-tank={`${nation}-${tankClass}`}
    >
      {title && <title>{title}</title>}
      <g transform={flip ? `translate(${W} 0) scale(-1 1)` : undefined}>
        <ellipse cx={W / 2 - 4} cy={ground + 3} rx={s.hull / 2 + 14} ry={4} fill="#000" opacity={0.35} />
        <g transform={`rotate(${angle} ${gunX} ${gunY})`}>
          <rect x={gunX - 4} y={gunY - s.bore / 2} width={s.gun} height={s.bore} rx={1} fill={p.shade} />
          <rect
            x={gunX + s.gun - 10}
            y={gunY - s.bore / 2 - 1.5}
            width={10}
            height={s.bore + 3}
            rx={1.5}
            fill={p.shade}
          />
        </g>
        <rect
          x={x0 - 4}
          y={trackTop}
          width={s.hull + 10}
          height={trackH}
          rx={trackH / 2}
          fill="#23282c"
          stroke="#15181a"
          strokeWidth={2}
        />
        {Array.from({ length: s.wheels }, (_, i) => (
          <circle
            key={i}
            cx={x0 + 12 + i * wheelGap}
            cy={trackTop + trackH / 2}
            r={wheelR}
            fill="#3b4247"
            stroke="#15181a"
            strokeWidth={1.5}
          />
        ))}
        <path d={hull} fill={p.body} stroke={p.shade} strokeWidth={1.5} />
        {top}
        <Mark kind={p.mark} x={x0 + s.hull * 0.5} y={hullTop + s.hullH * 0.45} />
      </g>
    </svg>
  );
});
