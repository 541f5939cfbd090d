// The tanks a player can go for from the hangar (issue 30: research and buy tanks from the hangar):
// the catalogue's tanks up to a tier above their best that they do not have, each with the level it
// needs and its price, bought here through the shop's own route (the ledger, once per request).
import { useRef, useState } from "react";
import { t } from "@lingui/core/macro";
import { api, ApiError, useApi } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { shop } from "../../../api/contracts/public/profile/money.ts";
import { TankArt } from "../../components/TankArt.tsx";

/** A purchase request id as the shop makes them (its route takes [A-Za-z0-9_-]). */
const newRequestId = () => `hangar-${crypto.randomUUID()}`;
const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

export function NextTanks({
  topTier,
  disabled,
  onBought,
}: {
  topTier: number;
  disabled: boolean;
  onBought: () => void;
}) {
  const list = useApi(shop, {});
  const [problem, setProblem] = useState<string | null>(null);
  const busy = useRef(false);
  const d = list.data;
  if (!d) return null;
  const tanks = d.items
    .flatMap((i) => (i.type === "tank" && i.owned === 0 && i.tier <= topTier + 1 && i.tier > 1 ? [i] : []))
    .sort((a, b) => a.tier - b.tier || Number(a.premium) - Number(b.premium) || a.priceSilver - b.priceSilver)
    .slice(0, 6);
  if (!tanks.length) return null;
  const buy = async (id: number, currency: "silver" | "gold") => {
    if (busy.current) return;
    busy.current = true;
    setProblem(null);
    try {
      await api(shop, { type: "tank", itemId: id, currency, quantity: 1, requestId: newRequestId() });
      list.reload();
      onBought();
    } catch (e) {
      setProblem(e instanceof ApiError ? (Object.values(e.fields ?? {})[0] ?? e.message) : (e as Error).message);
    } finally {
      busy.current = false;
    }
  };
  return (
    <section aria-label={t`Next tanks`}>
      <h2>{t`Next tanks`}</h2>
      <ul className="tk-next-tanks">
        {tanks.map((tk) => {
          const price = tk.priceSilver > 0 ? tk.priceSilver : tk.priceGold;
          const currency = tk.priceSilver > 0 ? "silver" : "gold";
          const short = currency === "silver" ? d.balance.silver < price : d.balance.gold < price;
          return (
            <li key={tk.id}>
              <TankArt className="tk-garage-art" tankClass={tk.tankType} nation={tk.nation} />
              <span>
                {tk.name} <span className="tk-garage-tier">{ROMAN[tk.tier]}</span>
              </span>
              {!tk.levelOk ? (
                <span className="tk-muted">{t`from level ${tk.requiredLevel}`}</span>
              ) : (
                <button
                  type="button"
                  className="tk-btn"
                  disabled={disabled || short}
                  onClick={() => buy(tk.id, currency)}
                  aria-label={
                    currency === "silver" ? t`Buy ${tk.name} for ${price} silver` : t`Buy ${tk.name} for ${price} gold`
                  }
                >
                  <span className={currency === "silver" ? "tk-silver" : "tk-gold"}>● {fmtInt(price)}</span>
                </button>
              )}
              {tk.levelOk && short && currency === "gold" && (
                <a className="tk-link" href="/public/profile/paymentMethods">
                  {t`Top up gold`}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {problem && (
        <p className="tk-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
