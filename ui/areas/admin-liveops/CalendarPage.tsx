// /admin/liveops/ — the live events' calendar: for a window (28 days from now unless chosen),
// every event with its schedule, audience and periods, each period in the event's own time zone,
// with its entries, whether its prizes are paid, and the events it clashes with (same kind,
// overlapping periods, players who could be in both) marked; and the events running at the same
// time with the number of players both are meant for now (from the audiences' membership).
import { useState } from "react";
import { msg, ph, plural, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { useApi } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as liveops from "../../../api/contracts/admin/liveops.ts";
import { locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import { EventForm } from "./EventForm.tsx";
import "./calendar.css";

type Calendar = OutputOf<typeof liveops.calendar>;
type Item = Calendar["events"][number];
type LiveEvent = Item["event"];

const KIND: Record<LiveEvent["kind"], MessageDescriptor> = {
  tournament: msg`Tournament`,
  multiplier: msg`Multiplier`,
  offerWindow: msg`Offer window`,
};
const AUDIENCE: Record<LiveEvent["audience"], MessageDescriptor> = {
  all: msg`Everyone`,
  payers: msg`Payers`,
  nonPayers: msg`Non-payers`,
  saved: msg`Saved audience`,
};

const titleOf = (e: LiveEvent) => (locale === "ru" ? e.titleRu : e.titleEn);

/** A period's start and end as the event's zone reads them ("Sat 21 Nov, 00:00"). */
function periodText(e: LiveEvent, start: number, end: number): string {
  const f = new Intl.DateTimeFormat(locale, {
    timeZone: e.schedule.timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${f.format(start)} – ${f.format(end)}`;
}

function scheduleText(e: LiveEvent): string {
  const s = e.schedule;
  if (s.kind === "fixed") return t`Fixed dates, ${ph({ zone: s.timeZone })}`;
  const hours = Math.floor(s.durationMinutes / 60);
  const minutes = s.durationMinutes % 60;
  return t`CRON ${ph({ cron: s.cron })} for ${ph({ hours })} h ${ph({ minutes })} min, ${ph({ zone: s.timeZone })}`;
}

function EventCard({ item, names, onEdit }: { item: Item; names: Map<number, string>; onEdit: () => void }) {
  const e = item.event;
  return (
    <article className="tk-liveops-event" data-event={e.id}>
      <h2>{titleOf(e)}</h2>
      <button type="button" className="tk-btn" onClick={onEdit}>
        {t`Edit`}
      </button>
      <p className="tk-liveops-facts">
        <span>{i18n._(KIND[e.kind])}</span>
        {e.kind === "tournament" && e.entrant === "clan" && <span>{t`Clans enter it`}</span>}
        <span>{i18n._(AUDIENCE[e.audience])}</span>
        <span>{t`Levels ${ph({ min: e.minLevel })}–${ph({ max: e.maxLevel })}`}</span>
        <span>{scheduleText(e)}</span>
        {!e.active && <span className="tk-liveops-off">{t`Switched off`}</span>}
      </p>
      {item.together.length > 0 && (
        <p className="tk-liveops-together" data-testid="together">
          <span>{t`At the same time, same players:`}</span>{" "}
          {item.together.map((o, i) => {
            const clash = item.periods.some((p) => p.clashes.includes(o.eventId));
            return (
              <span key={o.eventId} data-with={o.eventId} className={clash ? "tk-liveops-clash" : undefined}>
                {i > 0 ? "; " : ""}
                {names.get(o.eventId) ?? `#${o.eventId}`}:{" "}
                {o.players === 0
                  ? t`no player in both`
                  : plural(o.players, { one: "# player in both", other: "# players in both" })}
                {clash ? ` (${t`clash`})` : ""}
              </span>
            );
          })}
        </p>
      )}
      {item.periods.length === 0 ? (
        <p>{t`No period in this window.`}</p>
      ) : (
        <ul className="tk-liveops-periods">
          {item.periods.map((p) => (
            <li key={p.start} className={p.clashes.length ? "tk-liveops-clash" : undefined}>
              <span>{periodText(e, p.start, p.end)}</span>
              {e.kind === "tournament" && (
                <span>
                  {e.entrant === "clan"
                    ? plural(p.entries, { one: "# clan entered", other: "# clans entered" })
                    : plural(p.entries, { one: "# entry", other: "# entries" })}
                  {p.settled ? `, ${t`prizes paid`}` : ""}
                </span>
              )}
              {p.clashes.length > 0 && (
                <strong>
                  {t`Clashes with: ${ph({ names: p.clashes.map((id) => names.get(id) ?? `#${id}`).join(", ") })}`}
                </strong>
              )}
            </li>
          ))}
        </ul>
      )}
      {item.truncated && <p>{t`More periods than shown: narrow the window.`}</p>}
    </article>
  );
}

export default function CalendarPage() {
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  // The form: closed, a new event, or the event being edited.
  const [editing, setEditing] = useState<"new" | LiveEvent | null>(null);
  const state = useApi(liveops.calendar, {
    ...(from !== null ? { from } : {}),
    ...(to !== null ? { to } : {}),
  });
  return (
    <section>
      <h1>{t`Live events`}</h1>
      {editing === null ? (
        <button type="button" className="tk-btn tk-primary" onClick={() => setEditing("new")}>
          {t`New event`}
        </button>
      ) : (
        <EventForm
          key={editing === "new" ? "new" : editing.id}
          event={editing === "new" ? undefined : editing}
          onSaved={() => {
            setEditing(null);
            state.reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <div className="tk-row" style={{ flexWrap: "wrap" }}>
        <DateTimePicker label={t`From (default: now)`} value={from} onChange={setFrom} />
        <DateTimePicker label={t`To (default: 28 days on)`} value={to} onChange={setTo} />
      </div>
      <Load state={state} empty={(d) => d.events.length === 0}>
        {(d) => {
          const names = new Map(d.events.map((i) => [i.event.id, titleOf(i.event)]));
          const clashing = d.events.filter((i) => i.periods.some((p) => p.clashes.length > 0)).length;
          return (
            <>
              {clashing > 0 && (
                <p role="alert" className="tk-liveops-clash">
                  {plural(clashing, { one: "# event clashes with another", other: "# events clash with others" })}
                </p>
              )}
              {d.events.map((item) => (
                <EventCard
                  key={item.event.id}
                  item={item}
                  names={names}
                  onEdit={() => {
                    setEditing(item.event);
                    window.scrollTo(0, 0);
                  }}
                />
              ))}
            </>
          );
        }}
      </Load>
    </section>
  );
}
