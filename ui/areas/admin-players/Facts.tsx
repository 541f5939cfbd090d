// A player's facts as a two-column list (label, value) that screen readers read as terms.
import type { ReactNode } from "react";

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", margin: "12px 0" }}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt style={{ color: "var(--muted)" }}>{label}</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
