// Special offers: a carousel of what this player may take now, each with a countdown (from the
// server's time left, so a wrong device clock does not matter), what it grants and its price. A
// gold offer is taken here with one request id per press; one sold for money is bought on the
// payment methods page.
import { useEffect, useRef, useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, type ApiError } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { offers } from "../../../api/contracts/public/profile/offers.ts";
import { profile } from "../../../api/contracts/public/profile.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { Carousel } from "../../components/Carousel.tsx";
import { BalanceLine, newRequestId, type Balance } from "./kit.tsx";

type Offers = OutputOf<typeof offers>;
type Offer = Offers["offers"][number];

/** "1 d 02:03:04" from milliseconds. */
function left(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");
  return d ? t`${ph({ d })} d ${ph({ hms })}` : hms;
}

function Countdown({ remainingMs, loadedAt }: { remainingMs: number; loadedAt: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const id = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const ms = remainingMs - (now - loadedAt);
  return <span aria-live="off">{ms > 0 ? t`Ends in ${ph({ time: left(ms) })}` : t`Ended`}</span>;
}

const grantsText = (g: Offer["grants"]) =>
  [
    g.gold ? t`${ph({ gold: fmtInt(g.gold) })} gold` : "",
    g.silver ? t`${ph({ silver: fmtInt(g.silver) })} silver` : "",
    g.premiumDays ? t`${ph({ days: g.premiumDays })} days of premium` : "",
    ...g.items.map((i) => (i.count && i.count > 1 ? `${i.name} ×${i.count}` : i.name)),
  ]
    .filter(Boolean)
    .join(" + ");

export default function OffersPage() {
  const [data, setData] = useState<{ offers: Offers; balance: Balance; loadedAt: number } | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const reload = () =>
    Promise.all([api(offers, {}), api(profile, {})]).then(
      ([list, p]) => setData({ offers: list, balance: p.player, loadedAt: performance.now() }),
      setError,
    );
  useEffect(() => void reload(), []);

  const take = async (o: Offer) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    await act(
      () => api(offers, { offerId: o.id, requestId: newRequestId() }),
      t`Offer taken: ${ph({ title: o.title })}`,
      reload,
    );
    inFlight.current = false;
    setBusy(false);
  };

  return (
    <section aria-labelledby="offers-title">
      <h1 id="offers-title">{t`Special offers`}</h1>
      <Load state={{ data, error, loading: !data && !error, reload }}>
        {(d) => (
          <>
            <BalanceLine balance={d.balance} />
            {d.offers.offers.length === 0 ? (
              <Empty>{t`No offers for you right now.`}</Empty>
            ) : (
              <Carousel
                label={t`Special offers`}
                slides={d.offers.offers.map((o) => (
                  <article key={o.id} className="tk-panel" data-offer={o.id}>
                    <h2>{o.title}</h2>
                    <p>{grantsText(o.grants)}</p>
                    <p className="tk-hint">
                      <Countdown remainingMs={o.remainingMs} loadedAt={d.loadedAt} /> ·{" "}
                      {t`Taken ${ph({ taken: o.taken })} of ${ph({ limit: o.limit })}`}
                    </p>
                    {o.billingItem ? (
                      <a className="tk-btn tk-primary" href={o.billingItem.buyUrl}>
                        {t`Buy on the payment page`}
                      </a>
                    ) : (
                      <button
                        type="button"
                        className="tk-btn tk-primary"
                        disabled={busy || d.balance.gold < (o.priceGold ?? 0)}
                        onClick={() => take(o)}
                      >
                        {t`Take for ${ph({ price: fmtInt(o.priceGold ?? 0) })} gold`}
                      </button>
                    )}
                  </article>
                ))}
              />
            )}
          </>
        )}
      </Load>
    </section>
  );
}
