// The /admin/metrics TanksEarns dashboard (one file per dashboard; the shared kit is ../kit.tsx).
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
  fmtInt,
  periodFields,
} from "../kit.tsx";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { t } from "@lingui/core/macro";

export function TanksEarns() {
  const [p, setP] = usePeriod();
  const s = useData(m.tanksEarns, periodFields(p));
  return (
    <Section title={t`Tank earnings`} actions={<PeriodPicker value={p} onChange={setP} />}>
      <Loadable state={s} empty={(d) => d.tanks.length === 0}>
        {(d) => (
          <>
            <LineChart
              x={d.tanks.map((r) => String(r.tank_id))}
              series={[
                { name: t`Earned per battle`, data: d.tanks.map((r) => r.earned_per_battle), type: "bar" },
                { name: t`Spent per battle`, data: d.tanks.map((r) => r.spent_per_battle), type: "bar" },
              ]}
            />
            <CsvButton
              name={`tanks-earns-${periodQuery(p).replace(/[^0-9]+/g, "-")}`}
              header={[
                "tank_id",
                "battles",
                "win_rate",
                "silver_earned",
                "silver_spent",
                "earned_per_battle",
                "spent_per_battle",
                "net_per_battle",
              ]}
              rows={d.tanks.map((r) => [
                r.tank_id,
                r.battles,
                r.win_rate,
                r.silver_earned,
                r.silver_spent,
                r.earned_per_battle,
                r.spent_per_battle,
                r.net_per_battle,
              ])}
            />
            <Table
              rows={d.tanks}
              cols={[
                { key: "tank_id", label: t`Tank`, format: String },
                { key: "battles", label: t`Battles` },
                { key: "win_rate", label: t`Win rate, %`, format: (v) => fmtInt(v) },
                { key: "silver_earned", label: t`Earned` },
                { key: "silver_spent", label: t`Spent` },
                { key: "earned_per_battle", label: t`Earned per battle` },
                { key: "spent_per_battle", label: t`Spent per battle` },
                { key: "net_per_battle", label: t`Net per battle` },
              ]}
            />
          </>
        )}
      </Loadable>
    </Section>
  );
}
