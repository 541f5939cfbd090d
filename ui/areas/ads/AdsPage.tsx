// /admin/ads/: the global ad settings (networks on, frequency caps, rewarded-ad silver) as typed
// fields drawn from the settings' schema (the page sends its JSON Schema); the server checks it
// whole and its messages land under the field they name.
import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Link } from "wouter";
import { api, useApi } from "../../lib/api.ts";
import * as ads from "../../../api/contracts/admin/ads.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { SchemaForm, type Naming, type Prop } from "../../components/SchemaForm.tsx";
import { valueText } from "../../shell/AdminLabels.ts";

const FIELDS: Record<string, MessageDescriptor> = {
  networks: msg`Ad networks on`,
  caps: msg`How often a player sees ads`,
  perHour: msg`Ads an hour, at most`,
  minSecondsBetween: msg`Seconds between two ads, at least`,
  rewarded: msg`Rewarded ads`,
  silver: msg`Silver for one ad`,
};

// "perDay" means two things: ads a day (caps) and rewarded ads a day (rewarded).
const naming: Naming = {
  label: (field, path) =>
    path.startsWith("networks.")
      ? valueText("adNetwork", field)
      : field === "perDay"
        ? path.startsWith("rewarded.")
          ? t`Rewarded ads a day, at most`
          : t`Ads a day, at most`
        : FIELDS[field]
          ? t(FIELDS[field])
          : field,
  amounts: ["silver"],
};

export default function AdsPage() {
  const page = useApi(ads.page, {});
  return (
    <Load state={page}>
      {(d) => (
        <section>
          <p className="tk-hint">{t`Caps are per player; rewarded ads grant silver.`}</p>
          <SchemaForm
            key={JSON.stringify(d.settings)}
            schema={d.form as Prop}
            value={d.settings ?? {}}
            naming={naming}
            submitLabel={t`Save`}
            errorPrefix="settings"
            save={async (settings) => {
              await api(ads.save, { settings });
              toast.ok(t`Saved`);
              page.reload();
            }}
          />
          <p>
            <Link href="/admin/ads/settings/">{t`Per-placement settings`}</Link>
          </p>
        </section>
      )}
    </Load>
  );
}
