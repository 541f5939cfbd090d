// Payment methods: the providers that serve the player's country and platform, each with what it
// sells now and its prices in its currency. Buying goes through billing's own flow (Stripe's
// order/initialize, the other web providers' order/start) to the provider's payment page; store
// purchases (App Store, Google Play, RuStore) are made in the game app.
import { useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { paymentMethods } from "../../../api/contracts/public/profile.ts";
import * as billing from "../../../api/contracts/billing.ts";
import { locale } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { money } from "../billing/t.ts";
import { grantsText } from "../billing/CheckoutPage.tsx";
import { TestModeNotice } from "../billing/OrderStatus.tsx";
import { BoostBadge, BoostNote } from "../billing/Boost.tsx";

type Method = OutputOf<typeof paymentMethods>["methods"][number];

export default function PaymentMethodsPage() {
  const state = useApi(paymentMethods, {});
  const [busy, setBusy] = useState<string | null>(null);
  // A special offer sold for money links here with its billing item (?item=), shown marked.
  const wanted = new URLSearchParams(location.search).get("item");
  // In test mode the store purchases made in the game app (App Store, RuStore) go through a test store sheet.
  const sheet = (testMode: boolean | undefined, m: Method) =>
    !!testMode && (m.provider === "apple" || m.provider === "rustore");
  const buy = async (m: Method, item: string) => {
    setBusy(`${m.provider}:${item}`);
    const started = await act(
      () =>
        m.provider === "stripe"
          ? api(billing.stripeInitialize, { item_id: item })
          : api(billing.orderStart, { provider: m.provider, item_id: item, currency: m.currency }),
      null,
      (r) => r.url && window.location.assign(r.url),
    );
    if (!started) setBusy(null);
  };
  return (
    <section aria-labelledby="methods-title">
      <h1 id="methods-title">{t`Payment methods`}</h1>
      <Load state={state}>
        {(d) => (
          <>
            {d.testMode && <TestModeNotice />}
            {d.methods.length === 0 ? (
              <Empty>{t`No payment method serves your country (${ph({ country: d.country })}) and platform yet.`}</Empty>
            ) : (
              d.methods.map((m) => (
                <section key={m.provider} className="tk-panel" aria-label={providerName(m.provider)}>
                  <h2>{providerName(m.provider)}</h2>
                  {m.market !== "web" && !sheet(d.testMode, m) && (
                    <p className="tk-notice">{t`Purchases with this store are made in the game app.`}</p>
                  )}
                  {d.testMode && m.provider === "apple" && (
                    <p className="tk-notice">{t`In the game app this is the App Store; in test mode a test store sheet stands in for it.`}</p>
                  )}
                  {d.testMode && m.provider === "rustore" && (
                    <p className="tk-notice">{t`In the game app this is RuStore's payment sheet; in test mode a test sheet stands in for it.`}</p>
                  )}
                  {m.items.length === 0 ? (
                    <Empty>{t`Nothing on sale right now.`}</Empty>
                  ) : (
                    <ul className="tk-list">
                      {m.items.map((i) => {
                        const price = i.prices[0];
                        return (
                          <li
                            key={i.id}
                            className="tk-row"
                            data-item={i.id}
                            aria-current={i.id === wanted ? "true" : undefined}
                            style={
                              i.id === wanted
                                ? { outline: "2px solid var(--accent, #f0a020)", borderRadius: 6, padding: 4 }
                                : undefined
                            }
                          >
                            <span>
                              <strong>{i.title[locale]}</strong> <BoostBadge boosts={i.boosts} /> —{" "}
                              {grantsText(i.grants)} <BoostNote boosts={i.boosts} bonusGold={i.bonusGold} />
                            </span>
                            {price && m.market === "web" && (
                              <button
                                type="button"
                                className="tk-btn tk-primary"
                                disabled={busy !== null}
                                onClick={() => buy(m, i.id)}
                              >
                                {t`Buy for ${ph({ price: money(price.amount, price.currency) })}`}
                              </button>
                            )}
                            {price && m.market !== "web" && !sheet(d.testMode, m) && (
                              <span>{money(price.amount, price.currency)}</span>
                            )}
                            {price && sheet(d.testMode, m) && (
                              <button
                                type="button"
                                className="tk-btn tk-primary"
                                disabled={busy !== null}
                                onClick={() => buy(m, i.id)}
                              >
                                {t`Buy in the test store for ${ph({ price: money(price.amount, price.currency) })}`}
                              </button>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </section>
              ))
            )}
          </>
        )}
      </Load>
    </section>
  );
}

/** Providers by their brand names (the same in every language); a provider not listed shows its id. */
const BRANDS: Record<string, string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  robokassa: "Robokassa",
  ecommpay: "ECommPay",
  apple: "Apple App Store",
  rustore: "RuStore",
  google: "Google Play",
};
const providerName = (id: string) => BRANDS[id] ?? id;
