// The /admin/metrics AdminControl dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import {
  useData,
  Loadable,
  PeriodPicker,
  usePeriod,
  periodQuery,
  CsvButton,
  LineChart,
  Table,
  Section,
  locale,
  periodFields,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { t } from "@lingui/core/macro";

export function AdminControl() {
  const [p, setP] = usePeriod();
  const s = useData(m.adminControl, { ...periodFields(p), limit: 200, offset: 0 });
  return (
    <Section title={t`Admin control`} actions={<PeriodPicker value={p} onChange={setP} />}>
      <Loadable state={s} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <LineChart
              x={d.series.map((r) => r.bucket)}
              series={[{ name: t`Operations`, data: d.series.map((r) => r.n), type: "bar" }]}
            />
            <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 16 }}>
              <Table
                rows={d.admins}
                cols={[
                  { key: "admin_username", label: t`Operator`, format: String },
                  { key: "n", label: t`Operations` },
                ]}
              />
              <Table
                rows={d.actions}
                cols={[
                  { key: "action", label: t`Action`, format: String },
                  { key: "n", label: t`Operations` },
                ]}
              />
            </div>
            <CsvButton
              name={`admin-control-${periodQuery(p).replace(/[^0-9]+/g, "-")}`}
              header={["at_utc", "admin", "action", "target_type", "target_id"]}
              rows={d.latest.map((r) => [r.at, r.admin_username, r.action, r.target_type, r.target_id])}
            />
            <Table
              rows={d.latest}
              cols={[
                {
                  key: "at",
                  label: t`When`,
                  format: (v) =>
                    new Date(`${String(v).replace(" ", "T")}Z`).toLocaleString(locale, { timeZone: "UTC" }),
                },
                { key: "admin_username", label: t`Operator`, format: String },
                { key: "action", label: t`Action`, format: String },
                { key: "target_id", label: t`Target`, format: (v, r) => `${r.target_type} ${String(v)}` },
              ]}
            />
          </>
        )}
      </Loadable>
    </Section>
  );
}
