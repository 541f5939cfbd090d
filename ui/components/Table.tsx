// The one table of the UI, on @tanstack/react-table: columns described once (label, value, cell),
// headers that sort by click or keyboard (a button in each sortable header, aria-sort on the
// header cell). Sorting is the table's own over the rows it has, or — with `sort` and `onSort` —
// the server's (the table then only shows which column is sorted and asks for another).
import { useMemo, useState, type ReactNode } from "react";
import "./Table.css";
import {
  useTable,
  tableFeatures,
  rowSortingFeature,
  createSortedRowModel,
  sortFn_basic,
  sortFn_alphanumeric,
  type SortingState,
} from "@tanstack/react-table";

export interface Column<R> {
  /** Stable id; in a server-sorted table, the `sort` value the list route accepts. */
  id: string;
  label: string;
  /** The raw value: sorted on, exported to CSV, shown when there is no `cell`. */
  value: (r: R) => unknown;
  cell?: (r: R) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Default true; false leaves the column (e.g. buttons) out of CSV exports. */
  csv?: boolean;
}

export interface Sort {
  id: string;
  desc: boolean;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, alphanumeric: sortFn_alphanumeric },
});
const show = (v: unknown) => (v === null || v === undefined ? "" : String(v));

export function Table<R>(props: {
  rows: R[];
  columns: Column<R>[];
  rowKey?: (r: R, index: number) => string;
  sort?: Sort;
  onSort?: (s: Sort) => void;
  footer?: ReactNode;
  caption?: string;
  className?: string;
  /**
   * On a phone (≤720 px) each row becomes a card of "label: value" lines, so the amount, the
   * status and the row's buttons are reached without scrolling sideways (on call from a phone).
   */
  cards?: boolean;
}) {
  const { rows, columns, rowKey, onSort } = props;
  const [local, setLocal] = useState<SortingState>([]);
  const sorting: SortingState = onSort ? (props.sort ? [props.sort] : []) : local;
  const defs = useMemo(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (r: R) => c.value(r) as never,
        header: c.label,
        enableSorting: c.sortable !== false,
        sortFn: "basic" as const,
        cell: (info: { row: { original: R } }) =>
          c.cell ? c.cell(info.row.original) : show(c.value(info.row.original)),
      })),
    [columns],
  );
  const labels = useMemo(() => new Map(columns.map((c) => [c.id, c.label])), [columns]);
  const table = useTable({
    features,
    columns: defs as never,
    data: rows as never[],
    getRowId: rowKey ? (r: unknown, i: number) => rowKey(r as R, i) : undefined,
    state: { sorting },
    manualSorting: !!onSort,
    onSortingChange: (updater: SortingState | ((old: SortingState) => SortingState)) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      if (!onSort) setLocal(next);
      // The server always sorts by something: a third click turns the order around again.
      else onSort(next[0] ?? { id: sorting[0]?.id ?? columns[0].id, desc: !sorting[0]?.desc });
    },
  } as never);
  return (
    // A table wider than the screen scrolls inside its own box, never the page.
    <div className="tk-table-scroll">
      <table className={["tk-table", props.cards && "tk-table-cards", props.className].filter(Boolean).join(" ")}>
        {props.caption && <caption className="tk-sr">{props.caption}</caption>}
        <thead>
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const dir = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
                  >
                    {h.column.getCanSort() ? (
                      <button type="button" className="tk-sort" onClick={h.column.getToggleSortingHandler()}>
                        <table.FlexRender header={h} />
                        <span aria-hidden="true">{dir === "asc" ? " ▲" : dir === "desc" ? " ▼" : " ↕"}</span>
                      </button>
                    ) : (
                      <table.FlexRender header={h} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id}>
              {r.getAllCells().map((c) => (
                <td
                  key={c.id}
                  className={longToken(c.getValue()) ? "tk-cell-long" : undefined}
                  data-label={props.cards ? labels.get(c.column.id) : undefined}
                >
                  <table.FlexRender cell={c} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {props.footer && <tfoot>{props.footer}</tfoot>}
      </table>
    </div>
  );
}

/** A long value without spaces (an address, an app id): it may break anywhere, so it never pushes the row's buttons out of the table. */
const longToken = (v: unknown) => typeof v === "string" && v.length > 24 && !/\s/.test(v);
