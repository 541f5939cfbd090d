// A list's order, chosen from a select under a label: the rating's (rating, wins, experience) and
// the tournaments' tops (rating gained, wins, battles, experience). Each caller names its orders.
import type { MessageDescriptor } from "@lingui/core";
import { t } from "@lingui/core/macro";

export function OrderSelect<O extends string>({
  label,
  orders,
  value,
  onChange,
  className,
}: {
  label: string;
  /** The orders, in the select's order, each with its words. */
  orders: Record<O, MessageDescriptor>;
  value: O;
  onChange: (order: O) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      {label}{" "}
      <select value={value} onChange={(e) => onChange(e.target.value as O)}>
        {(Object.keys(orders) as O[]).map((k) => (
          <option key={k} value={k}>
            {t(orders[k])}
          </option>
        ))}
      </select>
    </label>
  );
}
