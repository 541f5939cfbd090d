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
import { useState } from "react";
import { plural, t } from "@lingui/core/macro";

/** Below this many battles in the period a tank's per-battle figures are one game's luck (issue 31). */
const MIN_BATTLES = 20;

export function TanksEarns() {
  const [p, setP] = usePeriod();
  const s = useData(m.tanksEarns, periodFields(p));
  const [min, setMin] = useState(String(MIN_BATTLES));
  const atLeast = Math.max(0, Number(min) || 0);
  return (
    <Section
      title={t`Tank earnings`}
      actions={
        <>
          <PeriodPicker value={p} onChange={setP} />
          <label className="tk-metrics-field">
            <span>{t`At least, battles`}</span>
            <input
              type="number"
              min={0}
              inputMode="numeric"
              style={{ width: "6em" }}
              value={min}
              onChange={(e) => setMin(e.target.value)}
              data-testid="min-battles"
            />
          </label>
        </>
      }
    >
      <Loadable state={s} empty={(all) => all.tanks.length === 0}>
        {(all) => {
          const d = { tanks: all.tanks.filter((r) => r.battles >= atLeast) };
          const hidden = all.tanks.length - d.tanks.length;
          return (
            <>
              {hidden > 0 && (
                <p className="tk-hint" data-testid="hidden-tanks">
                  {plural(hidden, { one: "# tank is not shown", other: "# tanks are not shown" })}
                  {": "}
                  {t`fewer than ${atLeast} battles in the period (per-battle figures of so few battles are luck).`}
                </p>
              )}
              <LineChart
                x={d.tanks.map((r) => r.tank_name)}
                series={[
                  { name: t`Earned per battle`, data: d.tanks.map((r) => r.earned_per_battle), type: "bar" },
                  { name: t`Spent per battle`, data: d.tanks.map((r) => r.spent_per_battle), type: "bar" },
                ]}
              />
              <CsvButton
                name={`tanks-earns-${periodQuery(p).replace(/[^0-9]+/g, "-")}min-${atLeast}-battles`}
                header={[
                  "tank_id",
                  "tank_name",
                  "battles",
                  "win_rate_percent",
                  "silver_earned",
                  "silver_spent",
                  "silver_earned_per_battle",
                  "silver_spent_per_battle",
                  "silver_net_per_battle",
                ]}
                rows={d.tanks.map((r) => [
                  r.tank_id,
                  r.tank_name,
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
                  { key: "tank_name", label: t`Tank` },
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
          );
        }}
      </Loadable>
    </Section>
  );
}
