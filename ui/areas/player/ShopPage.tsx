// The shop: tanks (drawn by class and nation, with tier, figures and price; filtered by nation,
// class and tier), consumables and camouflages with their prices in gold and silver, the level
// each needs and what the player owns (a price the player cannot pay is shown, not offered). The
// kind and the filters live in the address bar. Each purchase carries a request id made when the
// button is pressed and kept until it answers, so a double click buys once; the new balance is
// shown after.
import { useEffect, useRef, useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import { api, type ApiError } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors, type FieldErrorState } from "../../lib/field-errors.ts";
import {
  TankArt,
  NATIONS,
  CLASSES,
  NATION_NAMES,
  CLASS_NAMES,
  romanTier,
  type Nation,
  type TankClass,
} from "../../components/TankArt.tsx";
import { BalanceLine, newRequestId, type Balance } from "./kit.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { shop as shopCall } from "../../../api/contracts/public/profile/money.ts";

const TYPES = { tank: msg`Tanks`, consumable: msg`Consumables`, camouflage: msg`Camouflages` } as const;
type ItemType = keyof typeof TYPES;
type Shop = OutputOf<typeof shopCall>;
/** A shop item: a tank and a camouflage carry their own fields. */
type Item = Shop["items"][number];
type Currency = "gold" | "silver";

// The shop list answers a POST: the route also buys, so it checks the CSRF token, which only a
// POST (the contract's, as it mutates) carries.
const loadShop = () => api(shopCall, {});

interface View {
  kind: ItemType;
  nation: Nation | "";
  cls: TankClass | "";
  tier: string;
}
const readView = (): View => {
  const q = new URLSearchParams(location.search);
  const kind = q.get("kind");
  const nation = q.get("nation") ?? "";
  const cls = q.get("class") ?? "";
  return {
    kind: kind === "consumable" || kind === "camouflage" ? kind : "tank",
    nation: (NATIONS as string[]).includes(nation) ? (nation as Nation) : "",
    cls: (CLASSES as string[]).includes(cls) ? (cls as TankClass) : "",
    tier: /^\d+$/.test(q.get("tier") ?? "") ? q.get("tier")! : "",
  };
};
const writeView = (v: View) => {
  const q = new URLSearchParams();
  if (v.kind !== "tank") q.set("kind", v.kind);
  if (v.nation) q.set("nation", v.nation);
  if (v.cls) q.set("class", v.cls);
  if (v.tier) q.set("tier", v.tier);
  history.replaceState(null, "", `${location.pathname}${q.size ? `?${q}` : ""}`);
};

function ItemCard({
  item,
  balance,
  busy,
  onBuy,
}: {
  item: Item;
  balance: Balance;
  busy: boolean;
  onBuy: (item: Item, currency: Currency, quantity: number, errors: FieldErrorState) => void;
}) {
  const [quantity, setQuantity] = useState("1");
  // The server's refusal of this card's quantity goes under it (the shared field errors).
  const errors = useFieldErrors();
  const once = item.type !== "consumable";
  const ownedOnce = once && item.owned > 0;
  const n = Number(quantity);
  const quantityOk = once || (Number.isInteger(n) && n >= 1 && n <= 100);
  const tank = item.type === "tank" ? item : null;
  return (
    <li className={`tk-card${tank?.premium ? " tk-card-premium" : ""}`} data-item={`${item.type}-${item.id}`}>
      {tank && (
        <div className="tk-card-art">
          <TankArt tankClass={tank.tankType} nation={tank.nation} />
          <span className="tk-tier" title={t`Tier ${ph({ tier: tank.tier })}`}>
            {romanTier(tank.tier)}
          </span>
        </div>
      )}
      <div className="tk-card-title">
        <strong>{item.name}</strong>
        {tank?.premium && <span className="tk-badge">{t`Premium`}</span>}
      </div>
      {tank && (
        <p className="tk-hint">
          {t(NATION_NAMES[tank.nation])} · {t(CLASS_NAMES[tank.tankType])} · {t`tier ${ph({ tier: tank.tier })}`}
        </p>
      )}
      {tank && (
        <dl className="tk-card-stats">
          <dt>{t`Hit points`}</dt>
          <dd>{fmtInt(tank.stats.hp)}</dd>
          <dt>{t`Damage`}</dt>
          <dd>{fmtInt(tank.stats.damage)}</dd>
          <dt>{t`Penetration`}</dt>
          <dd>{t`${ph({ mm: fmtInt(tank.stats.penetration) })} mm`}</dd>
          <dt>{t`Armour`}</dt>
          <dd>{t`${ph({ mm: fmtInt(tank.stats.armor) })} mm`}</dd>
          <dt>{t`Speed`}</dt>
          <dd>{t`${ph({ kmh: fmtInt(tank.stats.speed) })} km/h`}</dd>
        </dl>
      )}
      <p className={item.levelOk ? "tk-hint" : "tk-error"}>{t`Needs level ${ph({ level: item.requiredLevel })}`}</p>
      {item.owned > 0 && <p className="tk-owned">{once ? t`Owned` : t`You have ${ph({ n: item.owned })}`}</p>}
      {!once && (
        <label>
          {t`Quantity (1–100)`}{" "}
          <input
            type="text"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => (setQuantity(e.target.value), errors.clear("quantity"))}
            size={4}
            {...errors.input("quantity")}
            aria-invalid={!quantityOk || !!errors.of("quantity")}
          />
          {!quantityOk && <small className="tk-field-error">{t`From 1 to 100`}</small>}
          {quantityOk && <FieldError errors={errors} name="quantity" />}
        </label>
      )}
      <div className="tk-card-buy">
        {(["gold", "silver"] as const).map((currency) => {
          const price = currency === "gold" ? item.priceGold : item.priceSilver;
          if (!price) return null;
          const total = price * (once ? 1 : n);
          const short = quantityOk && total > balance[currency];
          return (
            <span key={currency} className="tk-field">
              <button
                type="button"
                className={`tk-btn ${currency === "gold" ? "tk-primary" : ""}`}
                disabled={busy || ownedOnce || !item.levelOk || !quantityOk || short}
                aria-label={
                  currency === "gold"
                    ? t`Buy ${ph({ name: item.name })} for ${ph({ price: fmtInt(total) })} gold`
                    : t`Buy ${ph({ name: item.name })} for ${ph({ price: fmtInt(total) })} silver`
                }
                onClick={() => onBuy(item, currency, once ? 1 : n, errors)}
              >
                <span className={currency === "gold" ? "" : "tk-silver"} aria-hidden="true">
                  ●
                </span>{" "}
                {fmtInt(total)}
              </button>
              {short && !ownedOnce && (
                <small className="tk-hint">
                  {currency === "gold" ? (
                    <>
                      {t`Not enough gold`} · <a href="/public/profile/paymentMethods">{t`Top up gold`}</a>
                    </>
                  ) : (
                    t`Not enough silver`
                  )}
                </small>
              )}
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
  const [view, setViewState] = useState<View>(readView);
  const setView = (next: Partial<View>) => {
    const v = { ...view, ...next };
    writeView(v);
    setViewState(v);
  };
  const inFlight = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => loadShop().then(setShop, setError);
  useEffect(() => void reload(), []);

  const buy = async (item: Item, currency: Currency, quantity: number, errors: FieldErrorState) => {
    if (inFlight.current) return;
    const requestId = (inFlight.current = newRequestId());
    setBusy(true);
    await errors.run(async () => {
      const r = await api(shopCall, { type: item.type, itemId: item.id, currency, quantity, requestId });
      setShop(r);
      const price = fmtInt(r.price ?? 0);
      toast.ok(r.currency === "gold" ? t`Bought for ${ph({ price })} gold` : t`Bought for ${ph({ price })} silver`);
    });
    inFlight.current = null;
    setBusy(false);
  };

  const all = shop?.items.filter((i) => i.type === view.kind) ?? [];
  const items = all.filter(
    (i) =>
      i.type !== "tank" ||
      ((!view.nation || i.nation === view.nation) &&
        (!view.cls || i.tankType === view.cls) &&
        (!view.tier || String(i.tier) === view.tier)),
  );
  const tiers = [...new Set(all.flatMap((i) => (i.type === "tank" ? [i.tier] : [])))].sort((a, b) => a - b);
  const filtered = view.nation || view.cls || view.tier;
  return (
    <section aria-labelledby="shop-title">
      <h1 id="shop-title">{t`Shop`}</h1>
      <Load state={{ data: shop, error, loading: !shop && !error, reload }}>
        {(d) => (
          <>
            <BalanceLine balance={d.balance} />
            <div className="tk-row tk-tabs" role="tablist" aria-label={t`Item kinds`}>
              {(Object.keys(TYPES) as ItemType[]).map((k) => (
                <button
                  key={k}
                  type="button"
                  role="tab"
                  aria-selected={view.kind === k}
                  className="tk-btn"
                  onClick={() => setView({ kind: k })}
                >
                  {t(TYPES[k])}
                </button>
              ))}
            </div>
            {view.kind === "tank" && (
              <div className="tk-filters" role="group" aria-label={t`Filters`}>
                <label>
                  {t`Nation`}
                  <select value={view.nation} onChange={(e) => setView({ nation: e.target.value as Nation | "" })}>
                    <option value="">{t`All nations`}</option>
                    {NATIONS.map((n) => (
                      <option key={n} value={n}>
                        {t(NATION_NAMES[n])}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t`Class`}
                  <select value={view.cls} onChange={(e) => setView({ cls: e.target.value as TankClass | "" })}>
                    <option value="">{t`All classes`}</option>
                    {CLASSES.map((c) => (
                      <option key={c} value={c}>
                        {t(CLASS_NAMES[c])}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t`Tier`}
                  <select value={view.tier} onChange={(e) => setView({ tier: e.target.value })}>
                    <option value="">{t`All tiers`}</option>
                    {tiers.map((n) => (
                      <option key={n} value={String(n)}>
                        {romanTier(n)}
                      </option>
                    ))}
                  </select>
                </label>
                {filtered && (
                  <button type="button" className="tk-link" onClick={() => setView({ nation: "", cls: "", tier: "" })}>
                    {t`Show all`}
                  </button>
                )}
                <span className="tk-hint" role="status">
                  {t`${ph({ shown: fmtInt(items.length) })} of ${ph({ total: fmtInt(all.length) })}`}
                </span>
              </div>
            )}
            {items.length === 0 ? (
              <Empty>{filtered ? t`No tank matches these filters.` : t`Nothing of this kind is on sale.`}</Empty>
            ) : (
              <ul role="tabpanel" className="tk-cards">
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
