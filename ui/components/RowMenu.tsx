// A row's actions, one piece for every table: its buttons and links in a row (a dangerous one
// marked), and the column that holds them — no sorting, no CSV, an action-less row left blank.
import type { ReactNode } from "react";
import { t } from "@lingui/core/macro";
import type { Column } from "./Table.tsx";

export interface RowAction {
  label: string;
  /** What the action does; or `href`, a page (or a file, with `download`) to open. */
  onClick?: () => void;
  href?: string;
  download?: boolean;
  /** Takes something away (remove, stop, restore over the current data): drawn as dangerous. */
  danger?: boolean;
  /** The row's expected answer (Accept beside Decline): drawn as the primary button. */
  primary?: boolean;
  disabled?: boolean;
  /** What a screen reader says when the label alone does not name the row ("Edit #5"). */
  name?: string;
}

/** An action, or a falsy value for one the row has not (`r.running && { … }`). */
export type MaybeAction = RowAction | false | "" | null | undefined;

/** A row's actions; `note` comes first (a state the row is in instead of an action, "Current"). */
export function RowMenu({ actions, note }: { actions: MaybeAction[]; note?: ReactNode }) {
  const shown = actions.filter((a): a is RowAction => Boolean(a));
  if (shown.length === 0 && !note) return null;
  return (
    <div className="tk-row">
      {note}
      {shown.map((a) => {
        const className = a.danger ? "tk-btn tk-danger" : a.primary ? "tk-btn tk-primary" : "tk-btn";
        return a.href ? (
          <a key={a.label} className={className} href={a.href} download={a.download} aria-label={a.name}>
            {a.label}
          </a>
        ) : (
          <button
            key={a.label}
            type="button"
            className={className}
            disabled={a.disabled}
            onClick={a.onClick}
            aria-label={a.name}
          >
            {a.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The actions column of a table: `actions(row)` for each row (`note(row)` before them). Its header
 * reads "Actions" unless `label` says otherwise ("" for a table whose actions need no header).
 */
export function actionsColumn<R>(
  actions: (r: R) => MaybeAction[],
  o: { label?: string; note?: (r: R) => ReactNode; id?: string } = {},
): Column<R> {
  return {
    id: o.id ?? "actions",
    label: o.label ?? t`Actions`,
    value: () => "",
    sortable: false,
    csv: false,
    cell: (r) => <RowMenu actions={actions(r)} note={o.note?.(r)} />,
  };
}
