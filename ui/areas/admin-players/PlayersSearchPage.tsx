// /admin/player/ — find a player by id, nickname, email or social id; server-paged and sorted.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { useSearchParams } from "wouter";
import { DataTable, type Column, type Filter } from "../../components/DataTable.tsx";
import { useApi } from "../../lib/api.ts";
import * as geo from "../../../api/contracts/admin/commonGeoip.ts";
import * as player from "../../../api/contracts/admin/player.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { BulkUnban } from "./BulkUnban.tsx";
import { valueText } from "../../shell/AdminLabels.ts";
import { isoTime, type CsvField } from "../../lib/csv.ts";

/** A found player, as the search answers it. */
type Row = OutputOf<typeof player.getProfiles>["rows"][number];

/** Country, then its regions, then the region's cities (the offline geo data): filters that narrow as they are chosen. */
function useGeoFilters(): Filter[] {
  const [search] = useSearchParams();
  const country = search.get("country") ?? "";
  const region = search.get("region") ?? "";
  const countries = useApi(geo.page, {});
  const regions = useApi(geo.regions, country ? { country } : null);
  const cities = useApi(geo.cities, country && region ? { country, region } : null);
  const out: Filter[] = [
    { id: "country", label: t`Country`, options: (countries.data?.countries ?? []).map((c) => [c, c]) },
  ];
  if (country && regions.data)
    out.push({ id: "region", label: t`Region`, options: regions.data.regions.map((r) => [r.code, r.name]) });
  if (region && cities.data) out.push({ id: "city", label: t`City`, options: cities.data.cities.map((c) => [c, c]) });
  return out;
}

/** The players' file: country, region and city in their own columns, times in ISO 8601 UTC. */
const CSV: CsvField<Row>[] = [
  { name: "player_id", value: (r) => r.id },
  { name: "nickname", value: (r) => r.nickname },
  { name: "email", value: (r) => r.email },
  { name: "country", value: (r) => r.country },
  { name: "region", value: (r) => r.region },
  { name: "city", value: (r) => r.city },
  { name: "platform", value: (r) => r.platform },
  { name: "level", value: (r) => r.level },
  { name: "gold", value: (r) => r.gold },
  { name: "silver", value: (r) => r.silver },
  { name: "registered_at_utc", value: (r) => isoTime(r.createdAt) },
  { name: "last_sign_in_at_utc", value: (r) => isoTime(r.lastLoginAt) },
  { name: "banned_until_utc", value: (r) => isoTime(r.bannedUntil) },
  { name: "banned", value: (r) => r.banned },
  { name: "suspect", value: (r) => r.suspect },
  { name: "erased_at_utc", value: (r) => isoTime(r.erasedAt) },
];

export default function PlayersSearchPage() {
  const [version, setVersion] = useState(0);
  const geo = useGeoFilters();
  const columns: Column<Row>[] = [
    { id: "id", label: t`Id`, value: (r) => r.id, cell: (r) => <a href={`/admin/player/${r.id}`}>{r.id}</a> },
    {
      id: "nickname",
      label: t`Nickname`,
      value: (r) => r.nickname,
      cell: (r) => <a href={`/admin/player/${r.id}`}>{r.nickname}</a>,
    },
    { id: "email", label: t`Email`, value: (r) => r.email, sortable: false },
    {
      id: "country",
      label: t`Country`,
      value: (r) => r.country,
      sortable: false,
    },
    { id: "city", label: t`City`, value: (r) => r.city ?? "", sortable: false },
    {
      id: "platform",
      label: t`Platform`,
      value: (r) => r.platform,
      cell: (r) => valueText("platform", r.platform),
      sortable: false,
    },
    { id: "level", label: t`Level`, value: (r) => r.level },
    { id: "gold", label: t`Gold`, value: (r) => r.gold, cell: (r) => fmtInt(r.gold) },
    { id: "createdAt", label: t`Registered`, value: (r) => r.createdAt, cell: (r) => fmtDateTime(r.createdAt) },
    { id: "lastLoginAt", label: t`Last sign-in`, value: (r) => r.lastLoginAt, cell: (r) => fmtDateTime(r.lastLoginAt) },
    {
      id: "state",
      label: t`State`,
      sortable: false,
      value: (r) =>
        [r.banned ? t`banned` : "", r.suspect ? t`suspect` : "", r.erasedAt ? t`erased` : ""]
          .filter(Boolean)
          .join(", "),
    },
  ];
  return (
    <section>
      <h1>{t`Players`}</h1>
      <DataTable
        list={player.getProfiles}
        columns={columns}
        rowKey={(r) => String(r.id)}
        search={t`Id, nickname, email or social id`}
        filters={[
          {
            id: "state",
            label: t`State`,
            options: [
              ["banned", t`banned`],
              ["suspect", t`suspect`],
              ["erased", t`erased`],
            ],
          },
          ...geo,
        ]}
        defaultSort={{ id: "id", desc: true }}
        exportName="players"
        csv={CSV}
        version={version}
      />
      <BulkUnban onDone={() => setVersion((v) => v + 1)} />
    </section>
  );
}
