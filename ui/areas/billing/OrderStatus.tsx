// An order coming back from a provider, asked again every 2 s (up to 2 minutes) until settled.
import { useEffect, useState } from "react";
import type { ApiError } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import type { robokassaSuccess } from "../../../api/contracts/billing.ts";
import { Loading, ErrorState } from "../../components/States.tsx";
import { ph, t } from "@lingui/core/macro";
import { money } from "./t.ts";

/** An order as a return page shows it (every return route answers at least this: a Robokassa page to someone not its owner, only this). */
export type OrderView = OutputOf<typeof robokassaSuccess>;

/** The notice every checkout screen shows while payments run against the local stand-ins. */
export function TestModeNotice() {
  return (
    <p
      className="tk-notice"
      data-testid="test-mode"
      role="note"
      style={{ background: "#ffd400", color: "#000", fontWeight: 700, padding: 8, borderRadius: 6 }}
    >
      {t`TEST MODE: payments go to local test stand-ins of the providers; no real money is charged.`}
    </p>
  );
}

/** `load` asks the route the page was opened at for the order (a stable function: it is asked again while the order is unsettled). */
export function OrderStatus({ load }: { load: () => Promise<OrderView> }) {
  const [view, setView] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (v) => live && (setView(v), setError(null)),
      (e: ApiError) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [load, tries]);
  const waiting = !view || view.order.status === "pending" || view.order.status === "created";
  useEffect(() => {
    if (!waiting || tries >= 60) return;
    const timer = setTimeout(() => setTries((n) => n + 1), 2000);
    return () => clearTimeout(timer);
  }, [waiting, tries, view]);

  if (error && !view) return <ErrorState message={error} retry={() => setTries((n) => n + 1)} />;
  if (!view) return <Loading />;
  const o = view.order;
  const message =
    o.status === "paid"
      ? t`Paid. ${ph({ gold: o.grants.gold })} gold is on your account.`
      : o.status === "cancelled"
        ? t`The payment was cancelled. Nothing was charged.`
        : o.status === "failed"
          ? t`The payment did not go through.`
          : o.status === "refunded"
            ? t`The payment was refunded.`
            : t`Waiting for the payment to be confirmed…`;
  return (
    <section className="tk-billing-order" data-status={o.status}>
      <h1>{t`Order #${ph({ id: o.id })}`}</h1>
      {view.testMode && <TestModeNotice />}
      <p>{money(o.amountMinor, o.currency)}</p>
      <p role="status" className={o.status === "paid" ? "tk-gold" : undefined}>
        {message}
      </p>
      {view.providerDown && <p className="tk-muted">{t`The payment service is not answering; we will check again.`}</p>}
      <p className="tk-row">
        <a className="tk-btn" href="/public/profile/paymentMethods">
          {t`Buy more`}
        </a>{" "}
        <a className="tk-btn" href="/public/profile/">
          {t`My profile`}
        </a>
      </p>
    </section>
  );
}
