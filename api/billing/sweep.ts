// Holds nobody confirmed. RuStore keeps a consumable purchase's money on hold (`paid`) until the
// developer confirms it, and gives it back to the buyer if nobody does. The app's report and
// RuStore's notification normally make our server confirm at once; a hold whose report failed
// (RuStore down, the app killed) and whose notification never came is confirmed here, on the
// maintenance schedule (edge/boot.ts's timer, the Workers cron), exactly as the operator's verify
// does: read, amount checked, confirm with the purchase id kept on the order, read again, credit
// once. An order whose confirm is refused or whose read fails stays pending for the next run.
import type { Deps } from "../deps.ts";
import { holdsToSweep } from "../domain/billing/provider-orders.ts";
import { applyState } from "./apply.ts";
import { rustoreProvider } from "./rustore.ts";

/** The app and the notification go first: a hold is swept once its order has been quiet this long. */
export const HOLD_SWEEP_AFTER_MS = 5 * 60_000;
/** Older orders are left to the operator (the orders screen's "awaiting verification"). */
export const HOLD_SWEEP_WITHIN_MS = 7 * 86_400_000;
const PER_RUN = 50;

export async function sweepHolds(deps: Deps, now: number): Promise<{ checked: number; paid: number; failed: number }> {
  const waiting = await holdsToSweep(deps.db, {
    provider: rustoreProvider.name,
    quietSince: now - HOLD_SWEEP_AFTER_MS,
    createdSince: now - HOLD_SWEEP_WITHIN_MS,
    limit: PER_RUN,
  });
  let paid = 0;
  let failed = 0;
  for (const o of waiting) {
    try {
      const state = await rustoreProvider.finish!(deps, o);
      const after = await applyState(deps.db, o, state, "sweep", deps.clock.now());
      if (after.status === "paid") paid++;
    } catch (e) {
      failed++;
      deps.logger.warn("billing sweep: a RuStore hold could not be settled; it waits for the next run", {
        orderId: o.id,
        error: String(e),
      });
    }
  }
  return { checked: waiting.length, paid, failed };
}
