// The shop: tanks, consumables and camouflages with their prices in gold and silver, the level
// each needs and what the player owns (a price the player cannot pay is shown, not offered). Each
// purchase carries a request id made when the button is pressed and kept until it answers, so a
// double click buys once; the new balance is shown after.
import { useEffect, useRef, useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import { api, type ApiError } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { BalanceLine, newRequestId, type Balance } from "./kit.tsx";

const TYPES = { tank: msg`Tanks`, consumable: msg`Consumables`, camouflage: msg`Camouflages` } as const;
type ItemType = keyof typeof TYPES;
interface Item {
  type: ItemType;
  id: number;
  name: string;
  priceGold: number;
  priceSilver: number;
  requiredLevel: number;
  owned: number;
  levelOk: boolean;
  tier?: number;
}
interface Shop {
  balance: Balance & { level: number };
  items: Item[];
}
type Currency = "gold" | "silver";

// The shop list answers a POST: the route also buys, so it checks the CSRF token, which only a
// POST from api() carries.
const loadShop = () => api<Shop>("/public/profile/shop", { body: {} });

function ItemCard({ item, balance, busy, onBuy }: { item: Item; balance: Balance; busy: boolean; onBuy: (item: Item, currency: Currency, quantity: number) => void }) {
  const [quantity, setQuantity] = useState("1");
  const once = item.type !== "consumable";
  const ownedOnce = once && item.owned > 0;
  const n = Number(quantity);
  const quantityOk = once || (Number.isInteger(n) && n >= 1 && n <= 100);
  return (
    <li className="tk-panel" data-item={`${item.type}-${item.id}`}>
      <strong>{item.name}</strong>
      {item.tier !== undefined && <span> · {t`tier ${ph({ tier: item.tier })}`}</span>}
      <p className={item.levelOk ? "tk-hint" : "tk-error"}>{t`Needs level ${ph({ level: item.requiredLevel })}`}</p>
      {item.owned > 0 && <p className="tk-notice">{once ? t`Owned` : t`You have ${ph({ n: item.owned })}`}</p>}
      {!once && (
        <label>
          {t`Quantity (1–100)`}{" "}
          <input type="text" inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} aria-invalid={!quantityOk} size={4} />
          {!quantityOk && <small className="tk-field-error">{t`From 1 to 100`}</small>}
        </label>
      )}
      <div className="tk-row">
        {(["gold", "silver"] as const).map((currency) => {
          const price = currency === "gold" ? item.priceGold : item.priceSilver;
          if (!price) return null;
          const total = price * (once ? 1 : n);
          const short = quantityOk && total > balance[currency];
          return (
            <span key={currency} className="tk-field">
              <button type="button" className={`tk-btn ${currency === "gold" ? "tk-primary" : ""}`} disabled={busy || ownedOnce || !item.levelOk || !quantityOk || short} onClick={() => onBuy(item, currency, once ? 1 : n)}>
                {currency === "gold" ? t`Buy ${ph({ name: item.name })} for ${ph({ price: fmtInt(total) })} gold` : t`Buy ${ph({ name: item.name })} for ${ph({ price: fmtInt(total) })} silver`}
              </button>
              {short && !ownedOnce && <small className="tk-hint">{currency === "gold" ? t`Not enough gold` : t`Not enough silver`}</small>}
            </span>
          );
        })}
      </div>
    </li>
  );
}

export default function ShopPage() {
  const [shop, setShop] = useState<Shop | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [tab, setTab] = useState<ItemType>("tank");
  const inFlight = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => loadShop().then(setShop, setError);
  useEffect(() => void reload(), []);

  const buy = async (item: Item, currency: Currency, quantity: number) => {
    if (inFlight.current) return;
    inFlight.current = newRequestId();
    setBusy(true);
    try {
      const r = await api<Shop & { price: number; currency: Currency }>("/public/profile/shop", { body: { type: item.type, itemId: item.id, currency, quantity, requestId: inFlight.current } });
      setShop(r);
      toast.ok(r.currency === "gold" ? t`Bought for ${ph({ price: fmtInt(r.price) })} gold` : t`Bought for ${ph({ price: fmtInt(r.price) })} silver`);
    } catch (e) {
      toast.error((e as ApiError).message);
    }
    inFlight.current = null;
    setBusy(false);
  };

  const items = shop?.items.filter((i) => i.type === tab) ?? [];
  return (
    <section aria-labelledby="shop-title">
      <h1 id="shop-title">{t`Shop`}</h1>
      <Load state={{ data: shop, error, loading: !shop && !error, reload }}>
        {(d) => (
          <>
            <BalanceLine balance={d.balance} />
            <div className="tk-row" role="tablist" aria-label={t`Item kinds`}>
              {(Object.keys(TYPES) as ItemType[]).map((k) => (
                <button key={k} type="button" role="tab" aria-selected={tab === k} className="tk-btn" onClick={() => setTab(k)}>
                  {t(TYPES[k])}
                </button>
              ))}
            </div>
            {items.length === 0 ? (
              <Empty>{t`Nothing of this kind is on sale.`}</Empty>
            ) : (
              <ul role="tabpanel" className="tk-grid" style={{ listStyle: "none", padding: 0, display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
                {items.map((i) => (
                  <ItemCard key={`${i.type}-${i.id}`} item={i} balance={d.balance} busy={busy} onBuy={buy} />
                ))}
              </ul>
            )}
          </>
        )}
      </Load>
    </section>
  );
}
