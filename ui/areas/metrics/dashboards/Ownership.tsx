// The /admin/metrics Ownership dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState, type ReactNode } from "react";
import { useData, Loadable, CsvLink, LineChart, Table, Section, fmtInt, locale, type Col } from "../kit.tsx";
import { label, type MetricsMessageId } from "../labels.ts";
import { at, type Loaded } from "../../../lib/api.ts";
import { anyAreaList } from "../../../../api/contracts/admin/resources.ts";
import type { OutputOf } from "../../../../api/contracts/contract.ts";
import * as m from "../../../../api/contracts/admin/metrics.ts";
import { ph, t } from "@lingui/core/macro";

const B = "/admin/metrics";

type OwnershipData = OutputOf<typeof m.tanksLoad>;

/**
 * An ownership screen: the warehouse's figures of each item's owners (`view` draws them, given the
 * table column whose button opens an item's owners) and the profiles of the opened item's owners.
 */
function Ownership<D extends OwnershipData>({
  slug,
  routes,
  title,
  heading,
  view,
}: {
  slug: "playersTanks" | "playersCrews";
  /** The screen's data and the route listing an item's owners. */
  routes: { load: typeof m.tanksLoad | typeof m.crewsLoad; owners: typeof m.tanksOwners | typeof m.crewsOwners };
  title: MetricsMessageId;
  heading: (item: string, total: string) => string;
  view: (d: D, profiles: Col<{ item_id: string }>) => ReactNode;
}) {
  // The crews' answer also holds the members' levels (D says which the view reads).
  const s = useData(routes.load, {}) as Loaded<D>;
  const [item, setItem] = useState<string | null>(null);
  const owners = useData(routes.owners, item ? { item_id: [item], limit: 200, offset: 0 } : null);
  const profiles: Col<{ item_id: string }> = {
    key: "item_id",
    label: t`Owners' profiles`,
    format: (v) => (
      <button type="button" className="tk-btn" onClick={() => setItem(String(v))}>{t`Owners' profiles`}</button>
    ),
  };
  return (
    <Section title={label(title)} actions={<CsvLink href={`${B}/${slug}/export`} />}>
      <Loadable state={s} empty={(d) => d.items.length === 0}>
        {(d) => view(d, profiles)}
      </Loadable>
      {item && (
        <Loadable state={owners}>
          {(o) => (
            <div>
              <h2>{heading(item, fmtInt(o.total))}</h2>
              <ul style={{ columns: "6 5em" }}>
                {o.profiles.map((p) => (
                  <li key={p.playerId}>
                    <a href={p.url}>{p.playerId}</a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Loadable>
      )}
    </Section>
  );
}

export const PlayersTanks = () => (
  <Ownership<OwnershipData>
    slug="playersTanks"
    routes={{ load: m.tanksLoad, owners: m.tanksOwners }}
    title="metrics.playersTanks"
    heading={(item, total) => t`Owners of ${item}: ${ph({ total })}`}
    view={(d, profiles) => (
      <>
        <LineChart
          x={d.items.map((i) => i.item_id)}
          series={[{ name: t`Owners`, data: d.items.map((i) => i.owners), type: "bar" }]}
        />
        <Table
          rows={d.items}
          cols={[
            { key: "item_id", label: t({ message: "Item", context: "game item" }), format: String },
            { key: "owners", label: t`Owners` },
            { key: "gained", label: t`Gained` },
            { key: "lost", label: t`Lost` },
            profiles,
          ]}
        />
      </>
    )}
  />
);

type CrewsData = OwnershipData & { levels: NonNullable<OwnershipData["levels"]> };

/** Players' crews: owners of each role, stacked by the members' level now, and who owns them. */
export function PlayersCrews() {
  // Role names from the crew catalogue (the warehouse keeps ids only).
  const roles = useData(at(anyAreaList, "/admin/crews/list"), { size: 100 });
  const name = (id: string) => {
    const r = roles.data?.rows.find((x) => String(x.id) === id);
    return r ? String(locale === "en" ? r.nameEn : r.nameRu) : t`Role #${id}`;
  };
  return (
    <Ownership<CrewsData>
      slug="playersCrews"
      routes={{ load: m.crewsLoad, owners: m.crewsOwners }}
      title="metrics.playersCrews"
      heading={(item, total) => t`Owners of ${ph({ role: name(item) })}: ${ph({ total })}`}
      view={(d, profiles) => {
        const ids = d.items.map((i) => i.item_id);
        const levels = [...new Set(d.levels.map((l) => l.level))].sort((a, b) => a - b);
        const members = (id: string, level: number) =>
          d.levels.find((l) => l.item_id === id && l.level === level)?.members ?? 0;
        const avg = (id: string) => {
          const rows = d.levels.filter((l) => l.item_id === id);
          const n = rows.reduce((a, l) => a + l.members, 0);
          return n ? rows.reduce((a, l) => a + l.level * l.members, 0) / n : 0;
        };
        return (
          <>
            <p className="tk-hint">{t`${ph({ n: fmtInt(d.players) })} players have a crew. Each bar is a role's members now, by their level.`}</p>
            <LineChart
              title={t`Crew members by role and level`}
              x={ids.map(name)}
              series={levels.map((l) => ({
                name: t`Level ${l}`,
                data: ids.map((id) => members(id, l)),
                type: "bar",
                stack: "level",
              }))}
            />
            <Table
              rows={d.items.map((i) => ({ ...i, role: name(i.item_id), avg: avg(i.item_id) }))}
              cols={[
                { key: "role", label: t`Role`, format: String },
                { key: "owners", label: t`Owners` },
                {
                  key: "avg",
                  label: t`Average level`,
                  format: (v) => (typeof v === "number" ? v.toLocaleString(locale, { maximumFractionDigits: 1 }) : ""),
                },
                { key: "gained", label: t`Hires` },
                { key: "lost", label: t`Dismissals` },
                profiles,
              ]}
            />
          </>
        );
      }}
    />
  );
}
