// An order's state as operators read it on the orders and player payments screens: the status,
// the dispute it is in (an inquiry takes nothing; a chargeback took the money back; won and lost
// end it) and what was refunded of a purchase that stays (partial refunds).
import { msg, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { money, statusText } from "./t.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import type { Column } from "../../components/Table.tsx";

const DISPUTE: Record<string, MessageDescriptor> = {
  inquiry: msg({ message: "inquiry open", context: "order dispute" }),
  inquiry_closed: msg({ message: "inquiry closed", context: "order dispute" }),
  open: msg({ message: "chargeback open", context: "order dispute" }),
  won: msg({ message: "dispute won", context: "order dispute" }),
  lost: msg({ message: "dispute lost", context: "order dispute" }),
};
const DISPUTE_HINT: Record<string, MessageDescriptor> = {
  inquiry: msg`The buyer's bank asked about this payment. No money was withdrawn and no gold was taken; answer it at the provider.`,
  inquiry_closed: msg`The bank's inquiry was closed without a chargeback.`,
  open: msg`The buyer disputed the payment and the provider withdrew the money: the gold was taken back until the dispute is won.`,
  won: msg`The dispute was won: the money and the gold came back.`,
  lost: msg`The dispute was lost: the money stays with the buyer.`,
};

/** The disputes an order can be in, as the orders screen filters them. */
export const DISPUTES = Object.keys(DISPUTE);
/** A dispute in words (an unknown one as it is). */
export const disputeText = (d: string) => (DISPUTE[d] ? i18n._(DISPUTE[d]) : d);

export interface OrderStateView {
  status: string;
  dispute?: string | null;
  refundedMinor?: number;
  amountMinor: number;
  currency: string;
}

export function OrderState({ o }: { o: OrderStateView }) {
  const refunded = o.refundedMinor ?? 0;
  return (
    <span className="tk-row">
      <span data-status={o.status}>{statusText(o.status)}</span>
      {o.dispute && DISPUTE[o.dispute] && (
        <span className="tk-badge" data-dispute={o.dispute} title={i18n._(DISPUTE_HINT[o.dispute])}>
          {disputeText(o.dispute)}
        </span>
      )}
      {o.status === "paid" && refunded > 0 && (
        <span className="tk-hint" data-refunded={refunded}>
          {t`refunded ${money(refunded, o.currency)} of ${money(o.amountMinor, o.currency)}`}
        </span>
      )}
    </span>
  );
}

/** An order's fields both order lists show (the orders screen and a player's payments). */
export interface OrderRowView extends OrderStateView {
  id: number;
  createdAt: number;
  provider: string;
  grants: { gold: number; silver: number };
  providerTxId: string | null;
  debtGold: number;
}

/** The columns every order list shows, by name: a screen lays them out around its own columns. */
export function orderColumns<R extends OrderRowView>() {
  return {
    id: { id: "id", label: t`Order`, value: (o) => o.id },
    createdAt: { id: "createdAt", label: t`Created`, value: (o) => o.createdAt, cell: (o) => fmtDateTime(o.createdAt) },
    amount: {
      id: "amount",
      label: t`Amount`,
      value: (o) => o.amountMinor,
      cell: (o) =>
        o.provider === "manual"
          ? `+${fmtInt(o.grants.gold)} / ${fmtInt(o.grants.silver)}`
          : money(o.amountMinor, o.currency),
    },
    status: { id: "status", label: t`Status`, value: (o) => o.status, cell: (o) => <OrderState o={o} /> },
    tx: { id: "tx", label: t`Transaction`, value: (o) => o.providerTxId, sortable: false },
    debt: {
      id: "debt",
      label: t`Debt`,
      value: (o) => o.debtGold,
      sortable: false,
      cell: (o) => (o.debtGold ? fmtInt(o.debtGold) : ""),
    },
  } satisfies Record<string, Column<R>>;
}
