// The /admin/metrics Registrations dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import {
  Loadable,
  PeriodPicker,
  usePeriod,
  periodQuery,
  CsvLink,
  LineChart,
  ShareChart,
  Table,
  Section,
  fmtInt,
  usePeriodData,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { label } from "../labels.ts";
import { ph, t } from "@lingui/core/macro";
import { valueText } from "../../../shell/AdminLabels.ts";

const B = "/admin/metrics";

/** How a player came (the registration's kind, api/domain/players.ts). */
function kindWord(k: string): string {
  const words: Record<string, string> = {
    game: t({ message: "Game client", context: "registration kind" }),
    guest: t({ message: "Guest (Play)", context: "registration kind" }),
    email: t({ message: "Sign-up with email", context: "registration kind" }),
    social: t({ message: "Social network", context: "registration kind" }),
  };
  return words[k] ?? k;
}

export function Registrations() {
  const [p, setP] = usePeriod();
  const s = usePeriodData(
    { yearly: m.registrationsYearly, monthly: m.registrationsMonthly, daily: m.registrationsDaily },
    p,
  );
  return (
    <Section
      title={t`Registrations`}
      actions={
        <>
          <PeriodPicker value={p} onChange={setP} />
          <CsvLink href={`${B}/registrations/export/csv?${periodQuery(p)}`} />
        </>
      }
    >
      <Loadable state={s} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <LineChart
              x={d.series.map((r) => r.bucket)}
              series={[{ name: t`Registrations`, data: d.series.map((r) => r.n), type: "bar" }]}
            />
            <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))", gap: 16 }}>
              {(
                [
                  ["metrics.country", d.byCountry, String],
                  ["metrics.platform", d.byPlatform, (k: string) => valueText("platform", k)],
                  ["metrics.source", d.bySource, (k: string) => valueText("source", k)],
                  ["metrics.kind", d.byKind, kindWord],
                ] as const
              ).map(([lbl, rows, word]) => (
                <div key={lbl}>
                  <h2>{label(lbl)}</h2>
                  <ShareChart data={rows.map((r) => ({ name: word(r.key), value: r.n }))} height={220} />
                  <Table
                    rows={rows}
                    cols={[
                      { key: "key", label: label(lbl), format: (k) => word(String(k)) },
                      { key: "n", label: t`Count` },
                    ]}
                  />
                </div>
              ))}
            </div>
            <p data-testid="guest-conversion">
              {t`Guests of the period: ${ph({ guests: fmtInt(d.guests.registered) })}; kept their account by now: ${ph({ kept: fmtInt(d.guests.claimed) })} (${ph({ share: Math.round(d.guests.conversion * 1000) / 10 })}%).`}{" "}
              {d.claimsByMethod
                .map((c) =>
                  c.key === "email"
                    ? t`Kept with email in the period: ${ph({ n: fmtInt(c.n) })}.`
                    : t`Kept with a network in the period: ${ph({ n: fmtInt(c.n) })}.`,
                )
                .join(" ")}
            </p>
            <Table
              rows={d.series}
              cols={[
                { key: "bucket", label: t`Period`, format: String },
                { key: "n", label: t`Registrations` },
              ]}
              footer={
                <tr>
                  <td>{t`Total`}</td>
                  <td>{fmtInt(d.total)}</td>
                </tr>
              }
            />
          </>
        )}
      </Loadable>
    </Section>
  );
}
