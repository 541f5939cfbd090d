// The /admin/metrics Ownership dashboard (one file per dashboard; the shared kit is ../kit.tsx).
import { useState } from "react";
import { useData, Loadable, CsvLink, LineChart, Table, Section, fmtInt } from "../kit.tsx";
import { label, type MetricsMessageId } from "../labels.ts";
import { ph, t } from "@lingui/core/macro";

const B = "/admin/metrics";

function Ownership({ slug, title, open }: { slug: "playersTanks" | "playersCrews"; title: MetricsMessageId; open: string }) {
  const s = useData<{ players: number; items: { item_id: string; owners: number; gained: number; lost: number }[] }>(`${B}/${slug}/load`);
  const [item, setItem] = useState<string | null>(null);
  const owners = useData<{ total: number; profiles: { playerId: number; url: string }[] }>(item ? `${B}/${slug}/${open}?item_id=${encodeURIComponent(item)}&limit=200` : null);
  return (
    <Section title={label(title)} actions={<CsvLink href={`${B}/${slug}/export`} />}>
      <Loadable state={s} empty={(d) => d.items.length === 0}>
        {(d) => (
          <>
            <LineChart x={d.items.map((i) => i.item_id)} series={[{ name: t`Owners`, data: d.items.map((i) => i.owners), type: "bar" }]} />
            <Table rows={d.items} cols={[
              { key: "item_id", label: t({ message: "Item", context: "game item" }), format: String },
              { key: "owners", label: t`Owners` },
              { key: "gained", label: t`Gained` },
              { key: "lost", label: t`Lost` },
              { key: "item_id", label: t`Owners' profiles`, format: (v) => <button className="tk-btn" onClick={() => setItem(String(v))}>{t`Owners' profiles`}</button> },
            ]} />
          </>
        )}
      </Loadable>
      {item && (
        <Loadable state={owners}>
          {(o) => (
            <div>
              <h2>{t`Owners of ${item}: ${ph({ total: fmtInt(o.total) })}`}</h2>
              <ul style={{ columns: 6 }}>{o.profiles.map((p) => <li key={p.playerId}><a href={p.url}>{p.playerId}</a></li>)}</ul>
            </div>
          )}
        </Loadable>
      )}
    </Section>
  );
}
export const PlayersTanks = () => <Ownership slug="playersTanks" title="metrics.playersTanks" open="openPlayersProfiles" />;
export const PlayersCrews = () => <Ownership slug="playersCrews" title="metrics.playersCrews" open="open/profiles" />;
