// What the two tournament screens (the week's top players, one player's weeks) share: the orders
// a top can be ranked by and their select, and the figures of a row.
import { msg, t } from "@lingui/core/macro";
import { fmtInt } from "../../lib/i18n.ts";
import type { Column } from "../../components/Table.tsx";
import { OrderSelect } from "../../components/OrderSelect.tsx";

export const ORDERS = {
  rating: msg`rating gained`,
  wins: msg`wins`,
  battles: msg`battles`,
  experience: msg`experience`,
};
export type Order = keyof typeof ORDERS;

/** "Ranked by": rating gained, wins, battles or experience. */
export const RankedBy = ({ value, onChange }: { value: Order; onChange: (o: Order) => void }) => (
  <OrderSelect label={t`Ranked by`} orders={ORDERS} value={value} onChange={onChange} className="tk-row" />
);

/** A row's figures in finished battles of its period. */
export interface Figures {
  battles: number;
  wins: number;
  ratingDelta: number;
  experience: number;
}

/** The columns of a row's figures: battles, wins, rating gained, experience. */
export const figureColumns = <R extends Figures>(): Column<R>[] => [
  { id: "battles", label: t`Battles`, value: (r) => r.battles, cell: (r) => fmtInt(r.battles) },
  { id: "wins", label: t`Wins`, value: (r) => r.wins, cell: (r) => fmtInt(r.wins) },
  { id: "rating", label: t`Rating gained`, value: (r) => r.ratingDelta, cell: (r) => fmtInt(r.ratingDelta) },
  { id: "experience", label: t`Experience`, value: (r) => r.experience, cell: (r) => fmtInt(r.experience) },
];
