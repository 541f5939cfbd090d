// The player's purchase page: without an order, what can be bought and how (Stripe, Robokassa,
// Ecommpay); with ?order=…, the order coming back from Stripe, followed until it is settled.
import { useState } from "react";
import { api, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as billing from "../../../api/contracts/billing.ts";
import { locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { msg, ph, t } from "@lingui/core/macro";
import { money } from "./t.ts";
import { OrderStatus, TestModeNotice } from "./OrderStatus.tsx";
import { BoostBadge, BoostNote } from "./Boost.tsx";

const METHOD_NAMES = { stripe: msg`Card (Stripe)`, robokassa: msg`Robokassa`, ecommpay: msg`Card (Ecommpay)` };

type Provider = "stripe" | "robokassa" | "ecommpay";
type Checkout = OutputOf<typeof billing.stripeCheckout>;
/** What the checkout answers without an order: the offers and the currency of each provider. */
type Offers = Exclude<Checkout, { order: unknown }>;

export function grantsText(g: Offers["offers"][number]["grants"]) {
  return [
    g.gold ? t`${ph({ gold: g.gold })} gold` : "",
    g.silver ? t`${ph({ silver: g.silver })} silver` : "",
    g.premiumDays ? t`${ph({ days: g.premiumDays })} days of premium` : "",
  ]
    .filter(Boolean)
    .join(" + ");
}

function BuyPanel() {
  const state = useApi(billing.stripeCheckout, {});
  const [method, setMethod] = useState<Provider>("stripe");
  const [busy, setBusy] = useState<string | null>(null);

  async function buy(item: string) {
    setBusy(item);
    const started = await act(
      () =>
        method === "stripe"
          ? api(billing.stripeInitialize, { item_id: item })
          : api(billing.orderStart, { provider: method, item_id: item }),
      null,
      (r) => r.url && window.location.assign(r.url),
    );
    if (!started) setBusy(null);
  }

  return (
    <section className="tk-billing-buy">
      <h1>{t`Buy gold`}</h1>
      <Load state={state} empty={(d) => offersOf(d).offers.length === 0}>
        {(answer) => {
          const d = offersOf(answer);
          return (
            <>
              {d.testMode && <TestModeNotice />}
              <fieldset className="tk-row" aria-label={t`Payment method`}>
                <legend>{t`Payment method`}</legend>
                {(["stripe", "robokassa", "ecommpay"] as const).map((p) => (
                  <label key={p}>
                    <input type="radio" name="method" value={p} checked={method === p} onChange={() => setMethod(p)} />{" "}
                    {t(METHOD_NAMES[p])}
                  </label>
                ))}
              </fieldset>
              <ul
                className="tk-billing-offers"
                style={{
                  listStyle: "none",
                  padding: 0,
                  display: "grid",
                  gap: 12,
                  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
                }}
              >
                {d.offers.map((o) => {
                  const price = o.prices.find((p) => p.currency === d.currencies[method]);
                  return (
                    <li
                      key={o.id}
                      data-item={o.id}
                      style={{ background: "var(--panel)", borderRadius: 8, padding: 16, display: "grid", gap: 8 }}
                    >
                      <strong>
                        {o.title[locale]} <BoostBadge boosts={o.boosts} />
                      </strong>
                      <span className="tk-gold">{grantsText(o.grants)}</span>
                      <BoostNote boosts={o.boosts} bonusGold={o.bonusGold} />
                      {price ? (
                        <button
                          type="button"
                          className="tk-btn tk-primary"
                          disabled={busy !== null}
                          onClick={() => buy(o.id)}
                        >
                          {t`Buy for ${ph({ price: money(price.amount, price.currency) })}`}
                        </button>
                      ) : (
                        <span className="tk-muted">{t`Not sold in this currency`}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          );
        }}
      </Load>
    </section>
  );
}

/** The checkout asked without an order answers the offers. */
const offersOf = (d: Checkout): Offers => ("offers" in d ? d : { offers: [], currencies: {}, testMode: d.testMode });

/** The order Stripe sent the player back with (asked from Stripe while unsettled). */
const loadOrder = () =>
  api(billing.stripeCheckout, { order: Number(new URLSearchParams(window.location.search).get("order")) }).then((d) =>
    "order" in d ? d : Promise.reject(new Error("no order")),
  );

export default function CheckoutPage() {
  const order = new URLSearchParams(window.location.search).get("order");
  if (!order) return <BuyPanel />;
  return <OrderStatus load={loadOrder} />;
}
