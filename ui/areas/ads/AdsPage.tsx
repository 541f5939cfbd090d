// /admin/ads/: the global ad settings (networks on, frequency caps, rewarded-ad silver) as one
// JSON document; the server checks it whole and names each wrong field.
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { Link } from "wouter";
import { api, useApi, ApiError } from "../../lib/api.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { JsonEditor } from "../../components/JsonEditor.tsx";

export default function AdsPage() {
  const [n, setN] = useState(0);
  const page = useApi<{ settings: unknown; networks: string[] }>(`/admin/ads/?v=${n}`);
  return <Load state={page}>{(d) => <Editor key={n} value={d.settings} networks={d.networks} reload={() => setN((x) => x + 1)} />}</Load>;
}

function Editor({ value: initial, networks, reload }: { value: unknown; networks: string[]; reload: () => void }) {
  const [value, setValue] = useState<unknown>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      await api("/admin/ads/save", { method: "POST", body: { settings: value } });
      setErrors({});
      toast.ok(t`Saved`);
      reload();
    } catch (e) {
      setErrors((e as ApiError).fields ?? {});
      toast.error((e as ApiError).message);
    }
  };
  return (
    <section>
      <p className="tk-hint">{t`Networks: ${ph({ networks: networks.join(", ") })}. Caps are per player; rewarded ads grant silver.`}</p>
      <JsonEditor label={t`Ad settings (JSON)`} value={initial ?? {}} onChange={setValue} rows={16} />
      {Object.entries(errors).map(([field, message]) => (
        <p key={field} className="tk-error" role="alert">{field}: {message}</p>
      ))}
      <div className="tk-row">
        <button className="tk-btn tk-primary" disabled={value === undefined} onClick={save}>{t`Save`}</button>
        <Link href="/admin/ads/settings/">{t`Per-placement settings`}</Link>
      </div>
    </section>
  );
}
