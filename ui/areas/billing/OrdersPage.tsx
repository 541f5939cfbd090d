// /admin/billing/orders/ — every player's orders: status, provider, player, item, amount,
// transaction, with filters (status, provider, player, awaiting verification) and server-side
// paging and sorting. "Awaiting verification" (pending for over 30 minutes) is what the start
// page counts and links to; each order links to its player's payments, where verify settles it.
import { useMemo } from "react";
import { useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as billing from "../../../api/contracts/admin/billing.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { plural, t } from "@lingui/core/macro";
import { i18n } from "@lingui/core";
import { DISPUTES, disputeText, orderColumns } from "./OrderState.tsx";
import { statusText } from "./t.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import { orderCsv } from "./csv.ts";
import { isoTime } from "../../lib/csv.ts";

type Row = OutputOf<typeof billing.orders>["rows"][number];
const STATUSES = ["created", "pending", "paid", "failed", "cancelled", "refunded"];
const PROVIDERS = ["stripe", "robokassa", "ecommpay", "paypal", "apple", "rustore", "manual"];

export default function OrdersPage() {
  const head = useApi(billing.orders, { size: 1 });
  const columns = useMemo<Column<Row>[]>(() => {
    const c = orderColumns<Row>();
    return [
      c.id,
      c.createdAt,
      {
        id: "player",
        label: t`Player`,
        value: (o) => o.playerId,
        cell: (o) => <a href={`/admin/playerPayment/${o.playerId}`}>{o.nickname ?? `#${o.playerId}`}</a>,
      },
      { id: "provider", label: t`Provider`, value: (o) => o.provider, cell: (o) => valueText("provider", o.provider) },
      {
        id: "item",
        label: t`Item`,
        value: (o) => o.itemId,
        sortable: false,
        cell: (o) => (
          <span title={o.itemId}>
            {o.itemTitle ? (i18n.locale === "ru" ? o.itemTitle.ru : o.itemTitle.en) : o.itemId}
          </span>
        ),
      },
      c.amount,
      c.status,
      c.tx,
      c.debt,
      { id: "updatedAt", label: t`Updated`, value: (o) => o.updatedAt, cell: (o) => fmtDateTime(o.updatedAt) },
    ];
  }, []);
  const csv = useMemo(
    () =>
      orderCsv<Row>([
        { name: "player_id", value: (o) => o.playerId },
        { name: "player_nickname", value: (o) => o.nickname },
        { name: "market", value: (o) => o.market },
        { name: "paid_at_utc", value: (o) => isoTime(o.paidAt) },
        { name: "updated_at_utc", value: (o) => isoTime(o.updatedAt) },
      ]),
    [],
  );
  const waiting = head.data?.awaitingVerification ?? 0;
  return (
    <section className="tk-billing-orders">
      <h1>{t`Orders`}</h1>
      {head.data && (
        <p className={waiting ? "tk-notice" : "tk-muted"} data-testid="awaiting">
          {plural(waiting, {
            one: "# payment is awaiting verification (pending for over 30 minutes).",
            other: "# payments are awaiting verification (pending for over 30 minutes).",
          })}{" "}
          {waiting > 0 && <a href="/admin/billing/orders/?awaiting=1">{t`Show them`}</a>}
        </p>
      )}
      <DataTable
        list={billing.orders}
        columns={columns}
        rowKey={(o) => String(o.id)}
        defaultSort={{ id: "id", desc: true }}
        filters={[
          { id: "status", label: t`Status`, options: STATUSES.map((s) => [s, statusText(s)]) },
          { id: "provider", label: t`Provider`, options: PROVIDERS.map((p) => [p, valueText("provider", p)]) },
          { id: "awaiting", label: t`Awaiting verification`, options: [["1", t`Yes`]] },
          { id: "dispute", label: t`Dispute`, options: DISPUTES.map((d) => [d, disputeText(d)]) },
          { id: "playerId", label: t`Player id` },
        ]}
        exportName="orders"
        csv={csv}
        caption={t`Orders of every player`}
        cards
      />
    </section>
  );
}
