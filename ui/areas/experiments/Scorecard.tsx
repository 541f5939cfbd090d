// An experiment's scorecard on its control page: per variant the goals (conversion to payer,
// ARPU) and guardrails (D1/D7 retention, battles per DAU) of the players who played since the
// start, each with its 95 % interval as text and as a bar, the difference from the control, and
// the sample-ratio check explained. The figures are at most 5 minutes old
// (docs/decisions/experiment-scorecards.md).
import { t, ph } from "@lingui/core/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as experiments from "../../../api/contracts/admin/experiments.ts";
import "./scorecard.css";

type Card = OutputOf<typeof experiments.scorecard>;
type Figure = Card["variants"][number]["metrics"][number];
type Metric = Figure["metric"];

const LABEL: Record<Metric, MessageDescriptor> = {
  conversion: msg`Conversion to payer`,
  arpu: msg`ARPU`,
  d1: msg`D1 retention`,
  d7: msg`D7 retention`,
  battlesPerDau: msg`Battles per DAU`,
};
const HINT: Record<Metric, MessageDescriptor> = {
  conversion: msg`players with a payment / players`,
  arpu: msg`net revenue / players`,
  d1: msg`back on the day after their first day`,
  d7: msg`back 7 days after their first day`,
  battlesPerDau: msg`battles / active player-days`,
};
const PROPORTION: Metric[] = ["conversion", "d1", "d7"];

const num = (v: number, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
const usd = (cents: number) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(cents / 100);

/** A figure as text in its unit. */
function show(metric: Metric, v: number): string {
  if (PROPORTION.includes(metric)) return `${num(v * 100, 1)} %`;
  if (metric === "arpu") return usd(v);
  return num(v, 2);
}
/** A difference as text: percentage points for proportions. */
function showDiff(metric: Metric, v: number): string {
  const sign = v > 0 ? "+" : v < 0 ? "−" : "±";
  const a = Math.abs(v);
  if (PROPORTION.includes(metric)) return `${sign}${t`${ph({ n: num(a * 100, 1) })} pp`}`;
  if (metric === "arpu") return `${sign}${usd(a)}`;
  return `${sign}${num(a, 2)}`;
}

export function Scorecard({ id }: { id: number }) {
  const state = useApi(experiments.scorecard, { id });
  return <Load state={state}>{(card) => <CardView card={card} />}</Load>;
}

function CardView({ card }: { card: Card }) {
  // On a phone each metric is a card and each variant a labelled block in it (scorecard.css).
  const label = (name: string) => (name === card.control ? `${name} (${t`control`})` : name);
  if (card.from === null) return <p className="tk-hint">{t`The scorecard starts when the experiment does.`}</p>;
  const exposed = card.variants.reduce((s, v) => s + v.exposed, 0);
  // One scale per metric, so the bars of its variants compare.
  const scale = (m: Metric) => {
    const all = card.variants.flatMap((v) => v.metrics.filter((f) => f.metric === m && f.denominator > 0));
    const lo = Math.min(0, ...all.map((f) => f.low));
    const hi = Math.max(0, ...all.map((f) => f.high));
    return { lo, span: hi - lo || 1 };
  };
  return (
    <div className="tk-scorecard" data-scorecard>
      <p className="tk-hint">
        {t`Players who played since the start, by variant; 95 % intervals in brackets. Computed ${ph({ at: fmtDateTime(card.computedAt) })}, again after ${ph({ next: fmtDateTime(card.freshUntil) })}.`}
      </p>
      <Srm card={card} />
      {exposed === 0 ? (
        <p className="tk-hint">{t`No player of the experiment has played since it started.`}</p>
      ) : (
        <div className="tk-table-scroll">
          <table className="tk-table tk-scorecard-table">
            <thead>
              <tr>
                <th scope="col">{t`Metric`}</th>
                {card.variants.map((v) => (
                  <th scope="col" key={v.name}>
                    {v.name}
                    {v.name === card.control ? <span className="tk-hint"> ({t`control`})</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t`Players`}</th>
                {card.variants.map((v) => (
                  <td key={v.name} data-variant={v.name} data-metric="players" data-label={label(v.name)}>
                    {t`${ph({ exposed: fmtInt(v.exposed) })} of ${ph({ assigned: fmtInt(v.assigned) })}`}
                    <div className="tk-hint">{t`expected share ${ph({ share: num(v.expectedShare * 100, 0) })} %`}</div>
                  </td>
                ))}
              </tr>
              {card.variants[0]?.metrics.map((m0) => {
                const { lo, span } = scale(m0.metric);
                return (
                  <tr key={m0.metric}>
                    <th scope="row">
                      {t(LABEL[m0.metric])}
                      <div className="tk-hint">
                        {m0.role === "goal" ? t`goal` : t`guardrail`} · {t(HINT[m0.metric])}
                      </div>
                    </th>
                    {card.variants.map((v) => {
                      const f = v.metrics.find((x) => x.metric === m0.metric);
                      return (
                        <td key={v.name} data-variant={v.name} data-metric={m0.metric} data-label={label(v.name)}>
                          {f && f.denominator > 0 ? (
                            <FigureCell f={f} lo={lo} span={span} />
                          ) : (
                            <span className="tk-hint">{t`not enough data yet`}</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function FigureCell({ f, lo, span }: { f: Figure; lo: number; span: number }) {
  const pos = (x: number) => `${Math.max(0, Math.min(100, ((x - lo) / span) * 100))}%`;
  const better = f.diff && f.diff.low > 0;
  const worse = f.diff && f.diff.high < 0;
  return (
    <>
      <strong className="tk-scorecard-value">{show(f.metric, f.value)}</strong>{" "}
      <span className="tk-scorecard-ci">
        [{show(f.metric, f.low)} – {show(f.metric, f.high)}]
      </span>
      <div className="tk-scorecard-bar" aria-hidden="true">
        <span
          className="tk-scorecard-range"
          style={{ left: pos(f.low), width: `calc(${pos(f.high)} - ${pos(f.low)})` }}
        />
        <span className="tk-scorecard-dot" style={{ left: pos(f.value) }} />
      </div>
      <div className="tk-hint">
        {fmtInt(f.numerator)} / {fmtInt(f.denominator)}
      </div>
      {f.diff ? (
        <div className={better ? "tk-ok" : worse ? "tk-scorecard-worse" : "tk-hint"} data-diff>
          {t`vs control`}: {showDiff(f.metric, f.diff.value)} [{showDiff(f.metric, f.diff.low)};{" "}
          {showDiff(f.metric, f.diff.high)}]{better ? ` · ${t`higher`}` : worse ? ` · ${t`lower`}` : ""}
        </div>
      ) : null}
    </>
  );
}

function Srm({ card }: { card: Card }) {
  const s = card.srm;
  if (!s)
    return <p className="tk-hint">{t`The split is checked once players of at least two variants have played.`}</p>;
  const p = s.p < 0.0001 ? "< 0.0001" : `= ${num(s.p, 4)}`;
  const chi = num(s.chiSquare, 2);
  return s.flagged ? (
    <div className="tk-scorecard-srm" role="alert" data-srm="flagged">
      <strong>{t`Sample ratio mismatch`}</strong>
      <p>
        {t`The players who played are not split between the variants as configured (chi-square ${ph({ chi })}, p ${ph({ p })}; flagged below 0.001). Something keeps one variant's players away or in: a variant that fails to load, conditions changed while running. The figures are not comparable until the cause is found.`}
      </p>
    </div>
  ) : (
    <p className="tk-hint" data-srm="ok">
      {t`The split matches the configured shares (chi-square ${ph({ chi })}, p ${ph({ p })}; a mismatch is flagged below 0.001).`}
    </p>
  );
}
