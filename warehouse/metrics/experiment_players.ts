// An experiment's players in the warehouse, for its scorecard (api/domain/experiments-scorecard.ts;
// definitions in docs/decisions/experiment-scorecards.md). For the given players and a window of
// time [from, to): each player's UTC days with activity (the days they played while the
// experiment ran: exposure, retention, active days), their battles, and their payments (net USD
// cents: paid adds, refunds and chargebacks subtract, as payments.ts counts revenue; and how many
// `paid` payments: a payer has at least one). One row per player who has any; the raw event
// tables are read (players are chosen by id, which the rollups are not keyed by).
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { toCHDateTime } from "../events.ts";

const ActiveRow = z.object({ player_id: z.number(), days: z.array(z.string()) });
const BattlesRow = z.object({ player_id: z.number(), battles: z.number() });
const PaymentsRow = z.object({ player_id: z.number(), net: z.number(), paid: z.number() });

const WINDOW =
  "player_id IN {ids:Array(UInt64)} AND ts >= {fromTs:DateTime64(3, 'UTC')} AND ts < {toTs:DateTime64(3, 'UTC')}";

export const activeDaysSql = `SELECT player_id, arraySort(groupUniqArray(toString(toDate(ts)))) AS days
  FROM activity WHERE ${WINDOW} GROUP BY player_id`;
export const battlesSql = `SELECT player_id, toUInt64(count()) AS battles FROM battles WHERE ${WINDOW} GROUP BY player_id`;
export const paymentsSql = `SELECT player_id, toInt64(sum(amount_usd_cents)) AS net, toUInt64(countIf(status = 'paid')) AS paid
  FROM payments WHERE ${WINDOW} GROUP BY player_id`;

export interface PlayerFacts {
  /** The UTC days (YYYY-MM-DD, ascending) with activity in the window. */
  days: string[];
  battles: number;
  /** Net revenue in the window, USD cents. */
  net: number;
  /** `paid` payments in the window. */
  paid: number;
}

/** Each of the players' facts in [from, to) (a player with nothing in the window is absent). */
export async function experimentPlayerFacts(
  wh: Warehouse,
  ids: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, PlayerFacts>> {
  const out = new Map<number, PlayerFacts>();
  if (ids.length === 0 || to <= from) return out;
  const params = { ids: [...ids], fromTs: toCHDateTime(from), toTs: toCHDateTime(to) };
  const [active, battles, payments] = await Promise.all([
    wh.query(activeDaysSql, params, ActiveRow),
    wh.query(battlesSql, params, BattlesRow),
    wh.query(paymentsSql, params, PaymentsRow),
  ]);
  const at = (id: number) => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { days: [], battles: 0, net: 0, paid: 0 }));
    return f;
  };
  for (const r of active) at(r.player_id).days = r.days;
  for (const r of battles) at(r.player_id).battles = r.battles;
  for (const r of payments) {
    const f = at(r.player_id);
    f.net = r.net;
    f.paid = r.paid;
  }
  return out;
}
