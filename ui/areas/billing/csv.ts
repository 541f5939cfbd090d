// The billing area's files (docs/decisions/exports.md): an order as a spreadsheet reads it — money
// in minor units with its currency and in US cents, times in ISO 8601 UTC, ids as they are.
import { isoTime, moneyFields, type CsvField } from "../../lib/csv.ts";

/** What the orders list and a player's payments both show of an order. */
interface CsvOrder {
  id: number;
  createdAt: number;
  provider: string;
  itemId: string;
  status: string;
  dispute: string | null;
  amountMinor: number;
  currency: string;
  refundedMinor: number;
  grants: { gold: number; silver: number; premiumDays: number };
  providerTxId: string | null;
  debtGold: number;
}

/** The columns of an order in a file; `extra` are the list's own (the player, the last change). */
export function orderCsv<R extends CsvOrder>(extra: CsvField<R>[] = []): CsvField<R>[] {
  return [
    { name: "order_id", value: (o) => o.id },
    { name: "created_at_utc", value: (o) => isoTime(o.createdAt) },
    ...extra,
    { name: "provider", value: (o) => o.provider },
    { name: "item_id", value: (o) => o.itemId },
    { name: "status", value: (o) => o.status },
    { name: "dispute", value: (o) => o.dispute },
    ...moneyFields<R>(
      "amount",
      (o) => o.amountMinor,
      (o) => o.currency,
    ),
    ...moneyFields<R>(
      "refunded",
      (o) => o.refundedMinor,
      (o) => o.currency,
    ),
    { name: "granted_gold", value: (o) => o.grants.gold },
    { name: "granted_silver", value: (o) => o.grants.silver },
    { name: "granted_premium_days", value: (o) => o.grants.premiumDays },
    { name: "provider_tx_id", value: (o) => o.providerTxId },
    { name: "debt_gold", value: (o) => o.debtGold },
  ];
}
