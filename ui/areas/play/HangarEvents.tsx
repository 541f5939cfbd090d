// "What's on" in the hangar (issue 32, docs/decisions/liveops.md): the live events meant for this
// player running now or starting within a week — tournaments with their rules and prize table, my
// place, the board around me and what my place pays now, entering with a tier (the fee through the
// ledger), my last result; multipliers and offer windows with their time left.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { useSubmit } from "../../lib/form.ts";
import { FormMessage } from "../../components/Form.tsx";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { ErrorState, Loading } from "../../components/States.tsx";
import { enter, whatsOn } from "../../../api/contracts/public/liveops.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";

type LiveEvent = OutputOf<typeof whatsOn>["events"][number];
type Tournament = NonNullable<LiveEvent["tournament"]>;

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
const tiersOf = (x: { minTier: number; maxTier: number }) =>
  x.minTier === x.maxTier ? ROMAN[x.minTier] : `${ROMAN[x.minTier]}–${ROMAN[x.maxTier]}`;

function Money({ gold, silver }: { gold: number; silver: number }) {
  if (!gold && !silver) return <span className="tk-muted">—</span>;
  return (
    <>
      {gold > 0 && <span className="tk-gold">● {fmtInt(gold)}</span>}
      {gold > 0 && silver > 0 && " "}
      {silver > 0 && <span className="tk-silver">● {fmtInt(silver)}</span>}
    </>
  );
}

const metricName = (m: Tournament["metric"]) =>
  ({ wins: t`Wins`, damage: t`Damage`, xp: t`Experience`, rating: t`Rating gained`, battles: t`Battles` })[m];

function Prizes({ table }: { table: Tournament["prizes"] }) {
  if (!table.rows.length) return <p className="tk-muted">{t`No prizes`}</p>;
  return (
    <ul className="tk-event-prizes" aria-label={t`Prizes`}>
      {table.by === "rank"
        ? table.rows.map((r) => (
            <li key={`${r.from}-${r.to}`}>
              <span>
                {t`Place`} {r.from === r.to ? r.from : `${r.from}–${r.to}`}
              </span>{" "}
              <Money gold={r.gold} silver={r.silver} />
            </li>
          ))
        : table.rows.map((r) => (
            <li key={r.topPercent}>
              <span>{t`Top ${r.topPercent}%`}</span> <Money gold={r.gold} silver={r.silver} />
            </li>
          ))}
    </ul>
  );
}

function EnterForm({ ev, tour, onEntered }: { ev: LiveEvent; tour: Tournament; onEntered: () => void }) {
  const [tier, setTier] = useState(tour.tiers[tour.tiers.length - 1]);
  const { busy, errors, run } = useSubmit({ notice: false });
  if (!tour.tiers.length) return <p className="tk-muted">{t`You have no tank of tier ${tiersOf(tour)}.`}</p>;
  return (
    <form
      noValidate
      className="tk-event-enter"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await api(enter, { eventId: ev.id, tier });
          onEntered();
        });
      }}
    >
      {tour.tiers.length > 1 && (
        <label>
          {t`Tier`}{" "}
          <select value={tier} onChange={(e) => setTier(Number(e.target.value))}>
            {tour.tiers.map((x) => (
              <option key={x} value={x}>
                {ROMAN[x]}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" className="tk-btn tk-primary" disabled={busy}>
        {t`Take part`}
      </button>
      {tour.fee > 0 && (
        <span className="tk-muted">
          {t`Entry fee`}{" "}
          <Money
            gold={tour.feeCurrency === "gold" ? tour.fee : 0}
            silver={tour.feeCurrency === "silver" ? tour.fee : 0}
          />
        </span>
      )}
      <FormMessage errors={errors} />
    </form>
  );
}

function TournamentBody({ ev, tour, onEntered }: { ev: LiveEvent; tour: Tournament; onEntered: () => void }) {
  const me = tour.me;
  return (
    <>
      <p className="tk-muted">
        {t`Score`}: {metricName(tour.metric)}
        {!tour.autoEnter && ` · ${t`Tier`} ${tiersOf(tour)}`}
        {ev.running &&
          ` · ${t`Entries`}: ${fmtInt(tour.entries)}${tour.sizeLimit === null ? "" : `/${fmtInt(tour.sizeLimit)}`}`}
      </p>
      <Prizes table={tour.prizes} />
      {me ? (
        <div className="tk-event-me">
          <p>
            <strong>
              {tour.entrant === "clan"
                ? t`Your clan's place: ${me.rank} of ${me.boardSize}`
                : t`Your place: ${me.rank} of ${me.boardSize}`}
            </strong>{" "}
            · {t`Score`}: {fmtInt(me.score)} · {t`Prize now`}: <Money gold={me.gold} silver={me.silver} />
          </p>
          <ol className="tk-event-board" aria-label={t`Your place`}>
            {me.around.map((r) => (
              <li key={r.rank} className={r.me ? "tk-event-board-me" : undefined} aria-current={r.me || undefined}>
                <span>{r.rank}</span>
                <span>{r.nickname}</span>
                <span>{fmtInt(r.score)}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : tour.entrant === "clan" ? (
        ev.running && (
          <p className="tk-muted">{t`Clans play it: your battles for your clan enter it; a placed clan's prize goes to each member who fought for it.`}</p>
        )
      ) : tour.autoEnter ? (
        ev.running && <p className="tk-muted">{t`Your first battle of the period enters you.`}</p>
      ) : (
        ev.running && <EnterForm ev={ev} tour={tour} onEntered={onEntered} />
      )}
      {tour.last && (
        <p className="tk-notice">
          {t`Last time`} ({fmtDateTime(tour.last.periodStart)}): {t`Place`} {tour.last.rank} · {t`Score`}:{" "}
          {fmtInt(tour.last.score)} · <Money gold={tour.last.gold} silver={tour.last.silver} />
        </p>
      )}
    </>
  );
}

function EventCard({ ev, onEntered }: { ev: LiveEvent; onEntered: () => void }) {
  const badge =
    ev.kind === "tournament"
      ? t`Tournament`
      : ev.kind === "multiplier" && ev.multiplier
        ? ev.multiplier.what === "xp"
          ? `${t`Experience`} ×${ev.multiplier.pct / 100}`
          : `${t`Silver`} ×${ev.multiplier.pct / 100}`
        : t`Special offer`;
  return (
    <li className="tk-event">
      <h3>
        {ev.title} <span className="tk-badge">{badge}</span>
      </h3>
      <p className={ev.running ? "tk-event-when tk-event-live" : "tk-event-when"}>
        {ev.running
          ? t`Until ${fmtDateTime(ev.running.end)}`
          : ev.nextStart !== null
            ? t`Starts ${fmtDateTime(ev.nextStart)}`
            : t`Over`}
      </p>
      {ev.tournament && <TournamentBody ev={ev} tour={ev.tournament} onEntered={onEntered} />}
    </li>
  );
}

export function HangarEvents({ onEntered }: { onEntered: () => void }) {
  const on = useApi(whatsOn, {});
  return (
    <section className="tk-events" aria-labelledby="tk-events-title">
      <h2 id="tk-events-title">{t`What's on`}</h2>
      {on.error && !on.data ? (
        <ErrorState message={on.error.message} retry={on.reload} />
      ) : !on.data ? (
        <Loading />
      ) : on.data.events.length === 0 ? (
        <p className="tk-state tk-empty">{t`Nothing on this week.`}</p>
      ) : (
        <ul className="tk-events-list" aria-busy={on.loading}>
          {on.data.events.map((ev) => (
            <EventCard
              key={ev.id}
              ev={ev}
              onEntered={() => {
                on.reload();
                onEntered();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
