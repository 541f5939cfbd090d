// The region and city of a player's profile, chosen from their country's (the offline geo data):
// the region list follows the country typed above it, the city list the region.
import { useEffect } from "react";
import { t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import * as geo from "../../../api/contracts/admin/commonGeoip.ts";
import type { FieldErrorState } from "../../lib/field-errors.ts";
import { FieldError } from "../../components/Form.tsx";

interface Props {
  profile: Record<string, string>;
  errors: FieldErrorState;
  onChange: (next: Record<string, string>) => void;
}

export function PlaceFields({ profile, errors, onChange }: Props) {
  const country = /^[A-Za-z]{2}$/.test(profile.country ?? "") ? profile.country.toUpperCase() : "";
  const regions = useApi(geo.regions, country ? { country } : null);
  const cities = useApi(geo.cities, country && profile.region ? { country, region: profile.region } : null);
  // Another country typed above: its regions replace the old choice.
  const known = regions.data?.regions;
  useEffect(() => {
    if (known && profile.region && !known.some((r) => r.code === profile.region))
      onChange({ ...profile, region: "", city: "" });
  }, [known, profile, onChange]);
  return (
    <>
      <label>
        {t`Region`}
        <select
          name="region"
          value={profile.region ?? ""}
          {...errors.input("region")}
          onChange={(e) => (onChange({ ...profile, region: e.target.value, city: "" }), errors.clear("region"))}
        >
          <option value="">{t`not known`}</option>
          {(regions.data?.regions ?? []).map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
        <FieldError errors={errors} name="region" />
      </label>
      <label>
        {t`City`}
        <select
          name="city"
          value={profile.city ?? ""}
          disabled={!profile.region}
          {...errors.input("city")}
          onChange={(e) => (onChange({ ...profile, city: e.target.value }), errors.clear("city"))}
        >
          <option value="">{t`not known`}</option>
          {(cities.data?.cities ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <FieldError errors={errors} name="city" />
      </label>
    </>
  );
}

/** The region's name for the card's facts (its code while the list loads). */
export function RegionName({ country, region }: { country: string; region: string | null }) {
  const regions = useApi(geo.regions, region ? { country } : null);
  if (!region) return <>—</>;
  return <>{regions.data?.regions.find((r) => r.code === region)?.name ?? region}</>;
}
