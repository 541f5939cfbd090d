// The rating: players or clans, ordered by rating, wins or experience, paged, with the player's
// own place (or their clan's) above the list. Board, order and page live in the address bar.
import { useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { rating } from "../../../api/contracts/public/profile.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { OrderSelect } from "../../components/OrderSelect.tsx";
import { Pager } from "./kit.tsx";

const ORDERS = { rating: msg`Rating`, wins: msg`Wins`, experience: msg`Experience` } as const;
type Order = keyof typeof ORDERS;
type Board = OutputOf<typeof rating>;
type Row = Board["rows"][number];
const read = () => {
  const q = new URLSearchParams(location.search);
  const by = q.get("by");
  // A link without ?by= (the site menu's) orders by rating; never send a missing value as "null".
  const order: Order = by !== null && Object.hasOwn(ORDERS, by) ? (by as Order) : "rating";
  return {
    board: q.get("board") === "clans" ? "clans" : "players",
    by: order,
    page: Math.max(1, Number(q.get("page")) || 1),
  } as const;
};

export default function RatingPage() {
  const [q, setQ] = useState(read);
  const go = (next: Partial<typeof q>) => {
    const v = { ...q, ...next };
    history.replaceState(null, "", `?board=${v.board}&by=${v.by}&page=${v.page}`);
    setQ(v as typeof q);
  };
  const state = useApi(rating, { board: q.board, by: q.by, page: q.page, size: 20 });
  const columns: Column<Row>[] = [
    { id: "place", label: t`Place`, value: (r) => r.place },
    q.board === "players"
      ? { id: "nickname", label: t`Player`, value: (r) => ("nickname" in r ? r.nickname : "") }
      : { id: "name", label: t`Clan`, value: (r) => ("tag" in r ? `[${r.tag}] ${r.name}` : "") },
    q.board === "players"
      ? { id: "level", label: t`Level`, value: (r) => ("level" in r ? r.level : 0) }
      : { id: "members", label: t`Members`, value: (r) => ("members" in r ? r.members : 0) },
    { id: "rating", label: t`Rating`, value: (r) => r.rating, cell: (r) => fmtInt(r.rating) },
    { id: "wins", label: t`Wins`, value: (r) => r.wins, cell: (r) => fmtInt(r.wins) },
    { id: "experience", label: t`Experience`, value: (r) => r.experience, cell: (r) => fmtInt(r.experience) },
  ];
  return (
    <section aria-labelledby="rating-title">
      <h1 id="rating-title">{t`Rating`}</h1>
      <div className="tk-row" role="group" aria-label={t`Board`}>
        <button
          type="button"
          className="tk-btn"
          aria-pressed={q.board === "players"}
          onClick={() => go({ board: "players", page: 1 })}
        >
          {t`Players`}
        </button>
        <button
          type="button"
          className="tk-btn"
          aria-pressed={q.board === "clans"}
          onClick={() => go({ board: "clans", page: 1 })}
        >
          {t`Clans`}
        </button>
        <OrderSelect label={t`Order by`} orders={ORDERS} value={q.by} onChange={(by) => go({ by, page: 1 })} />
      </div>
      <Load state={state} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <p className="tk-notice" data-testid="own-place">
              {d.own
                ? t`Your place: ${ph({ place: fmtInt(d.own.place) })} · ${ph({ order: t(ORDERS[q.by]) })}: ${ph({ value: fmtInt(d.own.value) })}`
                : q.board === "clans"
                  ? t`You are not in a clan.`
                  : t`You are not rated yet.`}
            </p>
            <Table
              rows={d.rows}
              columns={columns.map((c) => ({ ...c, sortable: false }))}
              rowKey={(r) => String(r.id)}
              caption={t`Rating`}
            />
            <Pager page={d.page} size={d.size} total={d.total} onPage={(page) => go({ page })} />
          </>
        )}
      </Load>
    </section>
  );
}
