// /admin/commonGeoip/ — the offline geography players are filtered by: a country's regions and a
// region's cities (GeoNames, CC BY 4.0).
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import * as geo from "../../../api/contracts/admin/commonGeoip.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Empty, Load } from "../../components/States.tsx";

export default function GeoPage() {
  const head = useApi(geo.page, {});
  const [country, setCountry] = useState("RU");
  const [region, setRegion] = useState("");
  const [q, setQ] = useState("");
  const regions = useApi(geo.regions, { country });
  const cities = useApi(geo.cities, region ? { country, region, ...(q.trim() ? { q: q.trim() } : {}) } : null);
  return (
    <section>
      <h1>{t`Geography`}</h1>
      <Load state={head}>
        {(d) => (
          <>
            <p>{t`Source: ${ph({ source: d.source })}; ${ph({ n: fmtInt(d.countries.length) })} countries.`}</p>
            <div className="tk-row" style={{ flexWrap: "wrap" }}>
              <label className="tk-row">
                {t`Country`}
                <select value={country} onChange={(e) => (setCountry(e.target.value), setRegion(""))}>
                  {d.countries.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <Load state={regions} empty={(r) => r.regions.length === 0}>
                {(r) => (
                  <label className="tk-row">
                    {t`Region`}
                    <select value={region} onChange={(e) => setRegion(e.target.value)}>
                      <option value="">{t`Choose a region`}</option>
                      {r.regions.map((x) => (
                        <option key={x.code} value={x.code}>
                          {x.name}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </Load>
              <label className="tk-row">
                {t`City contains`}
                <input value={q} maxLength={60} onChange={(e) => setQ(e.target.value)} />
              </label>
            </div>
          </>
        )}
      </Load>
      {!region ? (
        <Empty>{t`Choose a region to see its cities.`}</Empty>
      ) : (
        <Load state={cities} empty={(c) => c.cities.length === 0}>
          {(c) => (
            <>
              <h2>{t`Cities: ${ph({ n: fmtInt(c.cities.length) })}`}</h2>
              <ul style={{ columns: "12rem" }}>
                {c.cities.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </>
          )}
        </Load>
      )}
    </section>
  );
}
