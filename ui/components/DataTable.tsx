// A server-side list: the list route, called through its contract (api/contracts/*: the route's
// own, or `at(anyAreaList, address)` for a described area), pages, sorts and filters — its input
// takes page, size, sort, dir, q and one parameter per filter; the table's state lives in the
// address bar, so a reload, a shared link or Back shows the same page. The rows are typed by the
// contract's output, so the columns are checked against what the route answers. Loading, empty
// and error states are the design system's; "Export CSV" saves the whole filtered set — through
// the area's export route when it has one, else page by page through the same list contract —
// with progress.
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import type { z } from "zod";
import type { Contract, InputOf, OutputOf } from "../../api/contracts/contract.ts";
import { href, useApiRaw } from "../lib/api.ts";
import { fmtInt } from "../lib/i18n.ts";
import { fetchAllPages, fetchExport, saveFile, type CsvField, type Progress } from "../lib/csv.ts";
import { t, ph } from "@lingui/core/macro";
import { Empty, ErrorState, Loading } from "./States.tsx";
import { Table, type Column, type Sort } from "./Table.tsx";

export type { Column, Sort } from "./Table.tsx";

export interface Filter {
  /** The list route's query parameter. */
  id: string;
  label: string;
  /** [value, label] choices (a select with "All"); without them a text box. */
  options?: [string, string][];
}

/** A list route's contract: it answers a page of rows and the total of the filtered set. */
export type ListContract = Contract & { output: z.ZodType<{ rows: unknown[]; total: number }> };
/** A row of a list route's answer. */
export type RowOf<C extends ListContract> = OutputOf<C>["rows"][number];
/** What the route sorts by: its input's `sort` (any column where the input does not name them). */
type SortOf<C extends ListContract> =
  InputOf<C> extends { sort?: infer S } ? (unknown extends S ? string : Extract<S, string>) : string;

export interface DataTableProps<C extends ListContract> {
  /** The list route's contract, e.g. `clans.list`, or `at(anyAreaList, d.actions.list)`. */
  list: C;
  /** Fixed input of every request (e.g. { playerId }): a path parameter or a query field. */
  params?: Partial<InputOf<C>>;
  columns: Column<RowOf<C>>[];
  rowKey: (r: RowOf<C>) => string;
  filters?: Filter[];
  /** Label of the free-text search box (the `q` parameter); none = no box. */
  search?: string;
  /** The order before a header is clicked: a column the route sorts by. */
  defaultSort: { id: SortOf<C>; desc: boolean };
  size?: number;
  /** File name of the CSV export (no extension); none = no export button. */
  exportName?: string;
  /**
   * The file's columns (stable names that say their units, ISO 8601 times, money with its
   * currency: ui/lib/csv.ts); none = the table's own labels and raw values.
   */
  csv?: CsvField<RowOf<C>>[];
  /** The area's export route (a file), given the same filters and sort; none = page through `list`. */
  exportRoute?: Contract;
  /** Prefix of the address-bar parameters, when one page shows two lists. */
  stateKey?: string;
  /** Change it to reload the list (after a save or a remove). */
  version?: number;
  caption?: string;
  /** On a phone (≤720 px) each row is a card of "label: value" lines (see Table's `cards`). */
  cards?: boolean;
}

export function DataTable<C extends ListContract>(props: DataTableProps<C>) {
  const { list: route, params, columns, filters = [], defaultSort, stateKey = "" } = props;
  const [search, setSearch] = useSearchParams();
  const key = (k: string) => stateKey + k;
  const read = (k: string) => search.get(key(k)) ?? "";
  const page = Math.max(1, Number(read("page")) || 1);
  const size = Number(read("size")) || props.size || 20;
  const sort: Sort =
    read("sort") && columns.some((c) => c.id === read("sort"))
      ? { id: read("sort"), desc: read("dir") === "desc" }
      : defaultSort;
  const q = read("q");
  const filterValues = Object.fromEntries(filters.map((f) => [f.id, read(f.id)]));

  /** Sets address-bar parameters (empty = removed); any change but paging goes back to page 1. */
  const update = (patch: Record<string, string>, replace = false) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!("page" in patch)) next.delete(key("page"));
        for (const [k, v] of Object.entries(patch)) v ? next.set(key(k), v) : next.delete(key(k));
        return next;
      },
      { replace },
    );

  // The input that selects the set: fixed params, filters, search and sort (the export's too),
  // then the page. A filter's text goes as typed: the route's input names a refusal in its words.
  const selection: Record<string, unknown> = {
    ...params,
    sort: sort.id,
    dir: sort.desc ? "desc" : "asc",
    ...(q ? { q } : {}),
  };
  for (const [k, v] of Object.entries(filterValues)) if (v) selection[k] = v;
  const list = useApiRaw(route, { ...selection, page, size });
  const { reload } = list;
  const seenVersion = useRef(props.version);
  useEffect(() => {
    if (seenVersion.current === props.version) return;
    seenVersion.current = props.version;
    reload();
  }, [props.version, reload]);

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / size)) : 1;
  return (
    <div className="tk-datatable">
      <div className="tk-row">
        {props.search && <SearchBox label={props.search} value={q} onChange={(v) => update({ q: v }, true)} />}
        {filters.map((f) => (
          // biome-ignore lint/a11y/noLabelWithoutControl: the label wraps the filter's select or input below
          <label key={f.id}>
            {f.label}{" "}
            {f.options ? (
              <select value={filterValues[f.id]} onChange={(e) => update({ [f.id]: e.target.value })}>
                <option value="">{t`All`}</option>
                {f.options.map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            ) : (
              <SearchBox label="" value={filterValues[f.id]} onChange={(v) => update({ [f.id]: v }, true)} />
            )}
          </label>
        ))}
        {props.exportName && (
          <CsvExport
            name={props.exportName}
            columns={columns}
            fields={props.csv}
            list={route}
            exportRoute={props.exportRoute}
            selection={selection}
          />
        )}
      </div>
      {list.error && !list.data ? (
        <ErrorState message={list.error.message} retry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.rows.length === 0 ? (
        <Empty />
      ) : (
        <div aria-busy={list.loading}>
          {list.error && <ErrorState message={list.error.message} retry={list.reload} />}
          <Table
            rows={list.data.rows}
            columns={columns}
            rowKey={props.rowKey}
            sort={sort}
            onSort={(s) => update({ sort: s.id, dir: s.desc ? "desc" : "asc" })}
            caption={props.caption}
            cards={props.cards}
          />
          <nav className="tk-row tk-pager" aria-label={t`Pages`}>
            <button
              type="button"
              className="tk-btn"
              disabled={page <= 1}
              onClick={() => update({ page: String(page - 1) })}
            >
              {t`Previous`}
            </button>
            <span aria-live="polite">{t`Page ${ph({ page: fmtInt(page) })} of ${ph({ pages: fmtInt(pages) })} · ${ph({ total: fmtInt(list.data.total) })} in all`}</span>
            <button
              type="button"
              className="tk-btn"
              disabled={page >= pages}
              onClick={() => update({ page: String(page + 1) })}
            >
              {t`Next`}
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}

/** A text box that sets its parameter 300 ms after the last key (not a request per key). */
function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  });
  const input = (
    <input
      type="search"
      value={text}
      placeholder={label || undefined}
      aria-label={label || undefined}
      onChange={(e) => setText(e.target.value)}
    />
  );
  // biome-ignore lint/a11y/noLabelWithoutControl: `input` is the search field built above
  return label ? <label className="tk-search">{input}</label> : input;
}

function CsvExport<C extends ListContract>({
  name,
  columns,
  fields,
  list,
  exportRoute,
  selection,
}: {
  name: string;
  columns: Column<RowOf<C>>[];
  fields?: CsvField<RowOf<C>>[];
  list: C;
  exportRoute?: Contract;
  selection: Record<string, unknown>;
}) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState("");
  const abort = useRef<AbortController | null>(null);
  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setFailure("");
    setProgress({ done: 0, unit: exportRoute ? "bytes" : "rows" });
    try {
      const cols = fields ?? columns.filter((c) => c.csv !== false).map((c) => ({ name: c.label, value: c.value }));
      // The contract's address of the selection (its path parameters filled); the pages add theirs.
      const address = (c: Contract) => href(c, selection as InputOf<Contract>);
      const parts = exportRoute
        ? await fetchExport(address(exportRoute), setProgress, controller.signal)
        : await fetchAllPages(
            address(list),
            new URLSearchParams(),
            cols.map((c) => c.name),
            (r) => cols.map((c) => c.value(r)),
            setProgress,
            controller.signal,
          );
      saveFile(`${name}.csv`, parts);
    } catch (e) {
      if (!controller.signal.aborted) setFailure((e as Error).message);
    }
    setProgress(null);
  };
  const text = !progress
    ? ""
    : progress.unit === "rows"
      ? t`Exporting: ${ph({ done: fmtInt(progress.done) })} of ${ph({ total: fmtInt(progress.total ?? 0) })} rows`
      : t`Exporting: ${ph({ kb: fmtInt(Math.round(progress.done / 1024)) })} KB`;
  return (
    <div className="tk-row tk-export">
      {progress ? (
        <>
          <progress
            max={progress.total ?? undefined}
            value={progress.total ? progress.done : undefined}
            aria-label={text}
          />
          <span aria-live="polite">{text}</span>
          <button type="button" className="tk-btn" onClick={() => abort.current?.abort()}>
            {t`Stop export`}
          </button>
        </>
      ) : (
        <button type="button" className="tk-btn" onClick={run}>
          {t`Export CSV`}
        </button>
      )}
      {failure && (
        <span role="alert" className="tk-error">
          {t`Export failed: ${ph({ detail: failure })}`}
        </span>
      )}
    </div>
  );
}
