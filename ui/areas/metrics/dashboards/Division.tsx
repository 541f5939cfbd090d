// The /admin/metrics Division dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useData, Loadable, CsvButton, LineChart, Table, Section, fmtInt } from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { label, type MetricsMessageId } from "../labels.ts";
import { ph, t } from "@lingui/core/macro";

export function Division() {
  const s = useData(m.divisionPage, {});
  return (
    <Section title={t`Division`}>
      <Loadable state={s}>
        {(d) => (
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(320px, 1fr))", gap: 16 }}>
            {(["experience", "gold", "silver"] as const).map((k) => {
              const rows = d[k].buckets.map((b) => ({
                range: `${fmtInt(b.from)} – ${b.to === null ? "∞" : fmtInt(b.to - 1)}`,
                players: b.players,
              }));
              return (
                <div key={k}>
                  <h2>{label(`metrics.type.${k}` as MetricsMessageId)}</h2>
                  <p>{t`Median: ${ph({ value: fmtInt(d[k].median) })}`}</p>
                  <CsvButton
                    name={`division-${k}`}
                    header={["from", "to", "players"]}
                    rows={d[k].buckets.map((b) => [b.from, b.to ?? "", b.players])}
                  />
                  <LineChart
                    x={rows.map((r) => r.range)}
                    series={[{ name: t`Players`, data: rows.map((r) => r.players), type: "bar" }]}
                    height={240}
                  />
                  <Table
                    rows={rows}
                    cols={[
                      { key: "range", label: t`Value`, format: String },
                      { key: "players", label: t`Players` },
                    ]}
                  />
                </div>
              );
            })}
          </div>
        )}
      </Loadable>
    </Section>
  );
}
