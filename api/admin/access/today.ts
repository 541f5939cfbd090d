// The start page's figures at a glance: what is happening now and today (since 00:00 UTC), each
// with its last 14 days for a small chart. Players online, registrations and battles are read
// from the transactional store (cheap on its indexes, current to the second). Revenue, paid
// orders and DAU are the warehouse's, by the dashboards' own definitions
// (docs/decisions/payer-and-revenue.md): behind by the shipper's few seconds, never a second
// definition; while the warehouse is unavailable they are null and the page says so.
import type { Ctx } from "../../domain/context.ts";
import { storeFigures } from "../../domain/start-page.ts";
import type { Warehouse } from "../../../warehouse/port.ts";
import { startFigures } from "../../../warehouse/metrics/start.ts";

export const TODAY_DAYS = 14;

/** The warehouse's figures, or null while it cannot answer (the page says the dashboards wait). */
async function warehouseFigures(wh: Warehouse, now: number) {
  try {
    return await startFigures(wh, now, TODAY_DAYS);
  } catch {
    return null;
  }
}

export async function todayFigures(ctx: Ctx, wh: Warehouse, now: number) {
  const [store, figures] = await Promise.all([
    storeFigures({ ctx, input: { now, days: TODAY_DAYS } }),
    warehouseFigures(wh, now),
  ]);
  const regDays = store.registrations;
  return {
    since: store.since,
    online: store.online,
    registrations: { today: regDays[TODAY_DAYS - 1], days: regDays },
    // Paid orders through providers and net revenue in USD cents (compensations are neither).
    payments: figures && {
      today: figures.purchases[TODAY_DAYS - 1],
      days: figures.purchases,
      revenueUsdCents: figures.revenue[TODAY_DAYS - 1],
      revenueDays: figures.revenue,
    },
    /** Distinct players with activity (sign-in, battle, purchase…) in the UTC day. */
    dau: figures && { today: figures.dau[TODAY_DAYS - 1], days: figures.dau },
    battles: { running: store.running, days: store.battlesStarted },
  };
}
