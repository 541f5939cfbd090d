// A @tanstack/react-table list for the billing screens; sorting is either the table's own or,
// with `onSort`, the server's (the table then only shows which column is sorted).
import { useMemo, useState, type ReactNode } from "react";
import { useTable, tableFeatures, rowSortingFeature, createSortedRowModel, sortFn_basic, sortFn_alphanumeric, type SortingState } from "@tanstack/react-table";

export interface Column<R> {
  id: string;
  label: string;
  value: (r: R) => unknown;
  cell?: (r: R) => ReactNode;
  sortable?: boolean;
}

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), sortFns: { basic: sortFn_basic, alphanumeric: sortFn_alphanumeric } });

export function DataTable<R>({ rows, columns, rowKey, sort, onSort }: { rows: R[]; columns: Column<R>[]; rowKey: (r: R) => string; sort?: { id: string; desc: boolean }; onSort?: (s: { id: string; desc: boolean }) => void }) {
  const [local, setLocal] = useState<SortingState>([]);
  const sorting: SortingState = onSort ? (sort ? [sort] : []) : local;
  const defs = useMemo(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (r: R) => c.value(r) as never,
        header: c.label,
        enableSorting: c.sortable !== false,
        sortFn: "basic" as const,
        cell: (info: { row: { original: R } }) => (c.cell ? c.cell(info.row.original) : String(c.value(info.row.original) ?? "")),
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs as never,
    data: rows as never[],
    getRowId: (r: unknown) => rowKey(r as R),
    state: { sorting },
    manualSorting: !!onSort,
    onSortingChange: (updater: SortingState | ((old: SortingState) => SortingState)) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      if (onSort) onSort(next[0] ?? { id: columns[0].id, desc: true });
      else setLocal(next);
    },
  } as never);
  return (
    <table className="tk-billing-table">
      <thead>
        {table.getHeaderGroups().map((hg) => (
          <tr key={hg.id}>
            {hg.headers.map((h) => {
              const dir = h.column.getIsSorted();
              const can = h.column.getCanSort();
              return (
                <th key={h.id} onClick={can ? h.column.getToggleSortingHandler() : undefined} aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none"} style={{ cursor: can ? "pointer" : undefined }}>
                  <table.FlexRender header={h} />
                  {dir === "asc" ? " ▲" : dir === "desc" ? " ▼" : ""}
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
              <td key={c.id}>
                <table.FlexRender cell={c} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
