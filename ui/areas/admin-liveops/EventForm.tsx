// Create or edit a live event on the calendar (/admin/liveops/save): kind, titles, the schedule
// (CRON with a duration, or fixed dates, in a time zone) with a preview of its next periods from
// the schedule engine itself (api/domain/liveops/schedule.ts: the one the server checks and
// settles with), the audience (built-in ones and saved audiences), entry rules, scoring, the prize
// table, and what a multiplier or an offer window needs. The server's refusals show by their field.
import { useMemo, useState } from "react";
import { msg, ph, plural, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { api, useApi } from "../../lib/api.ts";
import { useSubmit } from "../../lib/form.ts";
import { locale } from "../../lib/i18n.ts";
import { toast } from "../../components/Toasts.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as liveops from "../../../api/contracts/admin/liveops.ts";
import * as audiences from "../../../api/contracts/admin/audiences.ts";
import * as offers from "../../../api/contracts/admin/offers.ts";
import { compileSchedule, ScheduleError, type Schedule } from "../../../api/domain/liveops/schedule.ts";

type LiveEvent = OutputOf<typeof liveops.calendar>["events"][number]["event"];
type Kind = LiveEvent["kind"];

const KINDS: [Kind, MessageDescriptor][] = [
  ["tournament", msg`Tournament`],
  ["multiplier", msg`Multiplier`],
  ["offerWindow", msg`Offer window`],
];
const AUDIENCES: [LiveEvent["audience"], MessageDescriptor][] = [
  ["all", msg`Everyone`],
  ["payers", msg`Payers`],
  ["nonPayers", msg`Non-payers`],
  ["saved", msg`Saved audience`],
];
const METRICS: [LiveEvent["metric"], MessageDescriptor][] = [
  ["wins", msg`Wins`],
  ["damage", msg`Damage`],
  ["xp", msg`Experience`],
  ["rating", msg`Rating gained`],
  ["battles", msg`Battles`],
];
const ZONES = ["Europe/Moscow", "Europe/Berlin", "Europe/London", "UTC", "America/New_York", "Asia/Almaty"];

interface RankRow {
  from: string;
  to: string;
  topPercent: string;
  gold: string;
  silver: string;
}
interface Fixed {
  start: string;
  end: string;
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
const numOrUndef = (v: string) => (v.trim() === "" ? undefined : Number(v));

/** The form's values from an event (or a new tournament's defaults). */
function initial(e?: LiveEvent) {
  const s = e?.schedule;
  return {
    kind: (e?.kind ?? "tournament") as Kind,
    titleRu: e?.titleRu ?? "",
    titleEn: e?.titleEn ?? "",
    scheduleKind: (s?.kind ?? "cron") as Schedule["kind"],
    cron: s?.kind === "cron" ? s.cron : "0 0 * * 6",
    duration: s?.kind === "cron" ? String(s.durationMinutes) : "2880",
    timeZone: s?.timeZone ?? "Europe/Moscow",
    fixed: s?.kind === "fixed" ? s.periods : ([{ start: "", end: "" }] as Fixed[]),
    audience: e?.audience ?? "all",
    audienceId: str(e?.audienceId),
    minLevel: str(e?.minLevel ?? 1),
    maxLevel: str(e?.maxLevel ?? 100),
    minTier: str(e?.minTier ?? 1),
    maxTier: str(e?.maxTier ?? 10),
    feeCurrency: e?.feeCurrency ?? "silver",
    fee: str(e?.fee ?? 0),
    sizeLimit: str(e?.sizeLimit),
    metric: e?.metric ?? "wins",
    perTier: e?.perTier ?? false,
    bucketSize: str(e?.bucketSize),
    prizesBy: (e?.prizes.by ?? "rank") as "rank" | "percentile",
    prizes: (e?.prizes.rows ?? []).map(
      (r): RankRow => ({
        from: "from" in r ? String(r.from) : "",
        to: "to" in r ? String(r.to) : "",
        topPercent: "topPercent" in r ? String(r.topPercent) : "",
        gold: String(r.gold),
        silver: String(r.silver),
      }),
    ),
    multiplied: e?.multiplied ?? "xp",
    multiplierPct: str(e?.multiplierPct ?? 200),
    offerId: str(e?.offerId),
    active: e?.active ?? true,
  };
}
type Values = ReturnType<typeof initial>;

function scheduleOf(v: Values): Schedule {
  return v.scheduleKind === "cron"
    ? { kind: "cron", cron: v.cron.trim(), durationMinutes: Number(v.duration), timeZone: v.timeZone.trim() }
    : { kind: "fixed", periods: v.fixed, timeZone: v.timeZone.trim() };
}

/** The next periods of the schedule as the engine gives them, or the problem it finds. */
function preview(v: Values): { periods: { start: number; end: number }[] } | { problem: string } {
  try {
    const now = Date.now();
    return {
      periods: compileSchedule(scheduleOf(v))
        .periodsBetween(now, now + 400 * 86_400_000)
        .slice(0, 5),
    };
  } catch (e) {
    if (e instanceof ScheduleError) return { problem: e.message };
    return { problem: String(e) };
  }
}

export function EventForm({
  event,
  onSaved,
  onCancel,
}: {
  event?: LiveEvent;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState(() => initial(event));
  // Every refusal's field message is kept (all): the form says each under its group, and lists them at its foot.
  const { busy, errors: refusal, submit } = useSubmit({ all: true });
  const errors = refusal.fields;
  const saved = useApi(audiences.list, {});
  // The special offers an offer window can open, only once that kind is chosen.
  const offerList = useApi(offers.page, v.kind === "offerWindow" ? {} : null);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((x) => ({ ...x, [k]: value }));
  const next = useMemo(() => preview(v), [v]);
  const fmt = new Intl.DateTimeFormat(locale, {
    timeZone: ZONE_OK(v.timeZone) ? v.timeZone : "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const err = (...names: string[]) => {
    const m = Object.entries(errors).find(([k]) => names.some((n) => k === n || k.startsWith(`${n}.`)));
    return m ? (
      <span className="tk-field-error" role="alert">
        {m[1]}
      </span>
    ) : null;
  };
  const save = submit(async () => {
    await api(liveops.save, {
      ...(event ? { id: event.id } : {}),
      kind: v.kind,
      titleRu: v.titleRu,
      titleEn: v.titleEn,
      schedule: scheduleOf(v),
      audience: v.audience,
      ...(v.audience === "saved" ? { audienceId: numOrUndef(v.audienceId) } : {}),
      minLevel: numOrUndef(v.minLevel),
      maxLevel: numOrUndef(v.maxLevel),
      minTier: numOrUndef(v.minTier),
      maxTier: numOrUndef(v.maxTier),
      feeCurrency: v.feeCurrency,
      fee: numOrUndef(v.fee),
      sizeLimit: numOrUndef(v.sizeLimit),
      metric: v.metric,
      perTier: v.perTier,
      bucketSize: numOrUndef(v.bucketSize),
      prizes:
        v.prizesBy === "rank"
          ? {
              by: "rank",
              rows: v.prizes.map((r) => ({
                from: Number(r.from),
                to: Number(r.to),
                gold: Number(r.gold || 0),
                silver: Number(r.silver || 0),
              })),
            }
          : {
              by: "percentile",
              rows: v.prizes.map((r) => ({
                topPercent: Number(r.topPercent),
                gold: Number(r.gold || 0),
                silver: Number(r.silver || 0),
              })),
            },
      ...(v.kind === "multiplier" ? { multiplied: v.multiplied, multiplierPct: numOrUndef(v.multiplierPct) } : {}),
      ...(v.kind === "offerWindow" ? { offerId: numOrUndef(v.offerId) } : {}),
      active: v.active,
    });
    toast.ok(t`Saved`);
    onSaved();
  });
  const field = (label: string, name: keyof Values, type = "text", extra: Record<string, unknown> = {}) => (
    <label className="tk-field">
      <span>{label}</span>
      <input
        type={type}
        value={String(v[name])}
        onChange={(e) => set(name, e.target.value as never)}
        aria-invalid={err(name) ? true : undefined}
        {...extra}
      />
      {err(name)}
    </label>
  );
  // A list row's Remove (a fixed period, a prize row).
  const removeRow = (list: "fixed" | "prizes", i: number) => (
    <button
      type="button"
      className="tk-btn"
      onClick={() => setV((x) => ({ ...x, [list]: x[list].filter((_: unknown, j: number) => j !== i) }))}
    >
      {t`Remove`}
    </button>
  );
  const setPrize = (i: number, k: keyof RankRow, value: string) =>
    set(
      "prizes",
      v.prizes.map((r, j) => (j === i ? { ...r, [k]: value } : r)),
    );
  const setFixed = (i: number, k: keyof Fixed, value: string) =>
    set(
      "fixed",
      v.fixed.map((r, j) => (j === i ? { ...r, [k]: value } : r)),
    );
  return (
    <form noValidate className="tk-liveops-form" onSubmit={save} data-event-form>
      <h2>{event ? t`Edit the event` : t`New event`}</h2>
      <fieldset>
        <legend>{t`What`}</legend>
        <div className="tk-row">
          <label className="tk-field">
            <span>{t`Kind`}</span>
            <select value={v.kind} onChange={(e) => set("kind", e.target.value as Kind)}>
              {KINDS.map(([k, label]) => (
                <option key={k} value={k}>
                  {i18n._(label)}
                </option>
              ))}
            </select>
          </label>
          {field(t`Title (Russian)`, "titleRu")}
          {field(t`Title (English)`, "titleEn")}
        </div>
        {v.kind === "multiplier" && (
          <div className="tk-row">
            <label className="tk-field">
              <span>{t`Multiplies`}</span>
              <select value={v.multiplied} onChange={(e) => set("multiplied", e.target.value as "xp" | "silver")}>
                <option value="xp">{t`Experience`}</option>
                <option value="silver">{t`Silver`}</option>
              </select>
            </label>
            {field(t`By, % (200 = ×2)`, "multiplierPct", "number")}
          </div>
        )}
        {v.kind === "offerWindow" && (
          <div className="tk-row">
            <label className="tk-field">
              <span>{t`Special offer`}</span>
              <select
                value={v.offerId}
                onChange={(e) => set("offerId", e.target.value)}
                aria-invalid={err("offerId") ? true : undefined}
              >
                <option value="">{offerList.data ? t`Choose…` : t`Loading…`}</option>
                {(offerList.data?.offers ?? []).map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    #{o.id} {locale === "ru" ? o.titleRu : o.titleEn}
                    {o.active ? "" : ` (${t`switched off`})`}
                  </option>
                ))}
              </select>
              {err("offerId")}
            </label>
          </div>
        )}
        <label className="tk-check">
          <input type="checkbox" checked={v.active} onChange={(e) => set("active", e.target.checked)} />{" "}
          {t`Switched on`}
        </label>
      </fieldset>

      <fieldset>
        <legend>{t`When`}</legend>
        <div className="tk-row">
          <label className="tk-field">
            <span>{t`Schedule`}</span>
            <select value={v.scheduleKind} onChange={(e) => set("scheduleKind", e.target.value as Schedule["kind"])}>
              <option value="cron">{t`Repeating (CRON)`}</option>
              <option value="fixed">{t`Fixed dates`}</option>
            </select>
          </label>
          {field(t`Time zone`, "timeZone", "text", { list: "tk-liveops-zones" })}
          <datalist id="tk-liveops-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        {v.scheduleKind === "cron" ? (
          <div className="tk-row">
            {field(t`CRON (minute hour day month weekday)`, "cron")}
            {field(t`Duration, minutes`, "duration", "number")}
          </div>
        ) : (
          <div>
            {v.fixed.map((p, i) => (
              <div className="tk-row" key={i}>
                <label className="tk-field">
                  <span>{t`Starts (local time)`}</span>
                  <input type="datetime-local" value={p.start} onChange={(e) => setFixed(i, "start", e.target.value)} />
                </label>
                <label className="tk-field">
                  <span>{t`Ends (local time)`}</span>
                  <input type="datetime-local" value={p.end} onChange={(e) => setFixed(i, "end", e.target.value)} />
                </label>
                {removeRow("fixed", i)}
              </div>
            ))}
            <button type="button" className="tk-btn" onClick={() => set("fixed", [...v.fixed, { start: "", end: "" }])}>
              {t`Add dates`}
            </button>
          </div>
        )}
        {err("schedule")}
        <div className="tk-liveops-preview" data-preview>
          <strong>{t`Next periods (${ph({ zone: v.timeZone })})`}</strong>
          {"problem" in next ? (
            <p className="tk-liveops-clash">{t`The schedule has a problem: ${ph({ problem: next.problem })}`}</p>
          ) : next.periods.length === 0 ? (
            <p>{t`No period in the next 400 days.`}</p>
          ) : (
            <ol>
              {next.periods.map((p) => (
                <li key={p.start}>
                  {fmt.format(p.start)} – {fmt.format(p.end)}
                </li>
              ))}
            </ol>
          )}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t`Who`}</legend>
        <div className="tk-row">
          <label className="tk-field">
            <span>{t`Audience`}</span>
            <select value={v.audience} onChange={(e) => set("audience", e.target.value as LiveEvent["audience"])}>
              {AUDIENCES.map(([k, label]) => (
                <option key={k} value={k}>
                  {i18n._(label)}
                </option>
              ))}
            </select>
          </label>
          {v.audience === "saved" && (
            <label className="tk-field">
              <span>{t`Saved audience`}</span>
              <select value={v.audienceId} onChange={(e) => set("audienceId", e.target.value)}>
                <option value="">{t`Choose…`}</option>
                {(saved.data?.audiences ?? []).map((a) => (
                  <option key={a.id} value={String(a.id)}>
                    {a.name} — {plural(a.size, { one: "# player", other: "# players" })}
                  </option>
                ))}
              </select>
              {err("audienceId")}
            </label>
          )}
          {field(t`Level from`, "minLevel", "number")}
          {field(t`Level to`, "maxLevel", "number")}
          {field(t`Tier from`, "minTier", "number")}
          {field(t`Tier to`, "maxTier", "number")}
        </div>
        {v.kind === "tournament" && (
          <div className="tk-row">
            {field(t`Entry fee`, "fee", "number")}
            <label className="tk-field">
              <span>{t`Fee currency`}</span>
              <select value={v.feeCurrency} onChange={(e) => set("feeCurrency", e.target.value as "gold" | "silver")}>
                <option value="silver">{t`Silver`}</option>
                <option value="gold">{t`Gold`}</option>
              </select>
            </label>
            {field(t`Size limit (empty: none)`, "sizeLimit", "number")}
          </div>
        )}
      </fieldset>

      {v.kind === "tournament" && (
        <fieldset>
          <legend>{t`Scoring and prizes`}</legend>
          <div className="tk-row">
            <label className="tk-field">
              <span>{t`Scored by`}</span>
              <select value={v.metric} onChange={(e) => set("metric", e.target.value as LiveEvent["metric"])}>
                {METRICS.map(([k, label]) => (
                  <option key={k} value={k}>
                    {i18n._(label)}
                  </option>
                ))}
              </select>
            </label>
            {field(t`League size (empty: one board)`, "bucketSize", "number")}
            <label className="tk-check">
              <input type="checkbox" checked={v.perTier} onChange={(e) => set("perTier", e.target.checked)} />{" "}
              {t`A board per tier`}
            </label>
          </div>
          <div className="tk-row">
            <label className="tk-field">
              <span>{t`Prizes by`}</span>
              <select value={v.prizesBy} onChange={(e) => set("prizesBy", e.target.value as "rank" | "percentile")}>
                <option value="rank">{t`Places`}</option>
                <option value="percentile">{t`Top percent`}</option>
              </select>
            </label>
          </div>
          {v.prizes.map((r, i) => (
            <div className="tk-row" key={i} data-prize-row={i}>
              {v.prizesBy === "rank" ? (
                <>
                  <label className="tk-field">
                    <span>{t`Places from`}</span>
                    <input type="number" value={r.from} onChange={(e) => setPrize(i, "from", e.target.value)} />
                  </label>
                  <label className="tk-field">
                    <span>{t`Places to`}</span>
                    <input type="number" value={r.to} onChange={(e) => setPrize(i, "to", e.target.value)} />
                  </label>
                </>
              ) : (
                <label className="tk-field">
                  <span>{t`Top %`}</span>
                  <input
                    type="number"
                    value={r.topPercent}
                    onChange={(e) => setPrize(i, "topPercent", e.target.value)}
                  />
                </label>
              )}
              <label className="tk-field">
                <span>{t`Gold`}</span>
                <input type="number" value={r.gold} onChange={(e) => setPrize(i, "gold", e.target.value)} />
              </label>
              <label className="tk-field">
                <span>{t`Silver`}</span>
                <input type="number" value={r.silver} onChange={(e) => setPrize(i, "silver", e.target.value)} />
              </label>
              {removeRow("prizes", i)}
            </div>
          ))}
          {err("prizes")}
          <button
            type="button"
            className="tk-btn"
            onClick={() => set("prizes", [...v.prizes, { from: "", to: "", topPercent: "", gold: "0", silver: "0" }])}
          >
            {t`Add a prize row`}
          </button>
        </fieldset>
      )}
      {Object.keys(errors).length > 0 && (
        <ul className="tk-liveops-clash">
          {Object.entries(errors).map(([k, m]) => (
            <li key={k}>
              {k}: {m}
            </li>
          ))}
        </ul>
      )}
      <div className="tk-row">
        <button type="submit" className="tk-btn tk-primary" disabled={busy}>
          {event ? t`Save the event` : t`Create the event`}
        </button>
        <button type="button" className="tk-btn" onClick={onCancel}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  );
}

function ZONE_OK(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
