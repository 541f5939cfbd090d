// /admin/billing/ — the catalog of things sold for money: the list, an item's form (grants,
// prices per market and currency, availability), multipliers, export, import with a preview
// before applying, and the cache refresh buttons.
import { useMemo, useState } from "react";
import { api, useApi, type ApiError } from "../../lib/api.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { grantsText } from "./CheckoutPage.tsx";
import { ph, t } from "@lingui/core/macro";
import { money, GRANT_NAMES } from "./t.ts";
import { valueText } from "../../shell/AdminLabels.ts";

interface Item {
  id: string;
  titleRu: string;
  titleEn: string;
  grants: { gold: number; silver: number; premiumDays: number };
  bonusGold: number;
  prices: { market: string; currency: string; amount: number }[];
  availability: { markets: string[]; countries: string[]; platforms: string[]; from: number | null; until: number | null };
  sortOrder: number;
  active: boolean;
}
interface Multiplier {
  itemId: string | null;
  currency: "gold" | "silver";
  percent: number;
  startsAt: number;
  endsAt: number;
}
interface Catalog {
  items: Item[];
  multipliers: Multiplier[];
  versions: { internal: number; facebook: number };
  markets: string[];
}

const EMPTY: Item = { id: "", titleRu: "", titleEn: "", grants: { gold: 0, silver: 0, premiumDays: 0 }, bonusGold: 0, prices: [], availability: { markets: [], countries: [], platforms: [], from: null, until: null }, sortOrder: 0, active: true };
const list = (s: string) => s.split(",").map((x) => x.trim()).filter(Boolean);
const toLocalInput = (ms: number | null) => (ms == null ? "" : new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
const fromLocalInput = (v: string) => (v ? new Date(v).getTime() : null);

function ItemForm({ item, isNew, markets, onDone }: { item: Item; isNew: boolean; markets: string[]; onDone: () => void }) {
  const [v, setV] = useState(item);
  const [prices, setPrices] = useState(item.prices.map((p) => `${p.market} ${p.currency} ${p.amount}`).join("\n"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (k: string) => errors[k] && <small className="tk-error">{errors[k]}</small>;
  async function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = prices.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
      const [market, currency, amount] = l.split(/\s+/);
      return { market, currency: currency?.toUpperCase(), amount };
    });
    try {
      await api(isNew ? "/admin/billing/catalog/add" : "/admin/billing/catalog/save", { body: { ...v, prices: parsed } });
      toast.ok(t`Saved`);
      onDone();
    } catch (x) {
      setErrors((x as ApiError).fields ?? {});
      toast.error((x as ApiError).message);
    }
  }
  const num = (path: "gold" | "silver" | "premiumDays") => (
    <label>
      {t(GRANT_NAMES[path])} <input inputMode="numeric" value={String(v.grants[path])} onChange={(e) => setV({ ...v, grants: { ...v.grants, [path]: e.target.value as never } })} />
      {err(`grants.${path}`)}
    </label>
  );
  return (
    <form onSubmit={save} className="tk-billing-form" style={{ display: "grid", gap: 10, background: "var(--panel)", padding: 16, borderRadius: 8 }}>
      <div className="tk-row">
        <label>
          {t`Id`} <input value={v.id} readOnly={!isNew} onChange={(e) => setV({ ...v, id: e.target.value })} required />
          {err("id")}
        </label>
        <label>
          {t`Title (ru)`} <input value={v.titleRu} onChange={(e) => setV({ ...v, titleRu: e.target.value })} />
          {err("titleRu")}
        </label>
        <label>
          {t`Title (en)`} <input value={v.titleEn} onChange={(e) => setV({ ...v, titleEn: e.target.value })} />
          {err("titleEn")}
        </label>
      </div>
      <fieldset className="tk-row">
        <legend>{t`Grants`}</legend>
        {num("gold")}
        {num("silver")}
        {num("premiumDays")}
        <label>
          {t`Bonus gold`} <input inputMode="numeric" value={String(v.bonusGold)} onChange={(e) => setV({ ...v, bonusGold: e.target.value as never })} />
          {err("bonusGold")}
        </label>
      </fieldset>
      <label style={{ display: "grid" }}>
        {t`Prices`} <small>{t`One price a line: market currency amount (minor units), e.g. web RUB 9900`}</small>
        <textarea rows={5} value={prices} onChange={(e) => setPrices(e.target.value)} />
        {Object.entries(errors).filter(([k]) => k.startsWith("prices")).map(([k, m]) => <small key={k} className="tk-error">{k}: {m}</small>)}
      </label>
      <fieldset className="tk-row">
        <legend>{t`Availability`}</legend>
        <label>
          {t`Markets (empty: all)`}
          <select multiple value={v.availability.markets} onChange={(e) => setV({ ...v, availability: { ...v.availability, markets: [...e.target.selectedOptions].map((o) => o.value) } })}>
            {markets.map((m) => <option key={m}>{m}</option>)}
          </select>
        </label>
        <label>
          {t`Countries, comma-separated (empty: all)`} <input value={v.availability.countries.join(", ")} onChange={(e) => setV({ ...v, availability: { ...v.availability, countries: list(e.target.value.toUpperCase()) } })} />
          {err("availability.countries.0")}
        </label>
        <label>
          {t`Platforms, comma-separated (empty: all)`} <input value={v.availability.platforms.join(", ")} onChange={(e) => setV({ ...v, availability: { ...v.availability, platforms: list(e.target.value) } })} />
        </label>
        <label>
          {t`Available from`} <input type="datetime-local" value={toLocalInput(v.availability.from)} onChange={(e) => setV({ ...v, availability: { ...v.availability, from: fromLocalInput(e.target.value) } })} />
        </label>
        <label>
          {t`Available until`} <input type="datetime-local" value={toLocalInput(v.availability.until)} onChange={(e) => setV({ ...v, availability: { ...v.availability, until: fromLocalInput(e.target.value) } })} />
          {err("availability.until")}
        </label>
      </fieldset>
      <div className="tk-row">
        <label>
          {t`Sort order`} <input inputMode="numeric" value={String(v.sortOrder)} onChange={(e) => setV({ ...v, sortOrder: e.target.value as never })} />
        </label>
        <label>
          <input type="checkbox" checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} /> {t`Active`}
        </label>
        <button type="submit" className="tk-btn tk-primary">{t`Save`}</button>
        <button type="button" className="tk-btn" onClick={onDone}>{t`Cancel`}</button>
      </div>
    </form>
  );
}

function Multipliers({ initial, onDone }: { initial: Multiplier[]; onDone: () => void }) {
  const [rows, setRows] = useState(initial);
  const set = (i: number, patch: Partial<Multiplier>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  async function save() {
    try {
      await api("/admin/billing/multipliers/save", { body: { multipliers: rows } });
      toast.ok(t`Saved`);
      onDone();
    } catch (x) {
      toast.error(Object.entries((x as ApiError).fields).map(([k, m]) => `${k}: ${m}`).join("; ") || (x as ApiError).message);
    }
  }
  return (
    <section>
      <h2>{t`Multipliers`}</h2>
      <p className="tk-muted">{t`x2 gold this weekend: currency gold, percent 200, the period.`}</p>
      <table>
        <thead><tr><th>{t`Item (empty: all)`}</th><th>{t`Currency`}</th><th>{t`Percent`}</th><th>{t`Starts`}</th><th>{t`Ends`}</th><th /></tr></thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td><input value={r.itemId ?? ""} onChange={(e) => set(i, { itemId: e.target.value || null })} /></td>
              <td><select value={r.currency} onChange={(e) => set(i, { currency: e.target.value as "gold" })}><option>gold</option><option>silver</option></select></td>
              <td><input inputMode="numeric" value={String(r.percent)} onChange={(e) => set(i, { percent: Number(e.target.value) })} /></td>
              <td><input type="datetime-local" value={toLocalInput(r.startsAt)} onChange={(e) => set(i, { startsAt: fromLocalInput(e.target.value) ?? 0 })} /></td>
              <td><input type="datetime-local" value={toLocalInput(r.endsAt)} onChange={(e) => set(i, { endsAt: fromLocalInput(e.target.value) ?? 0 })} /></td>
              <td><button type="button" className="tk-btn" onClick={() => setRows(rows.filter((_, j) => j !== i))}>{t`Remove`}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="tk-row">
        <button type="button" className="tk-btn" onClick={() => setRows([...rows, { itemId: null, currency: "gold", percent: 200, startsAt: Date.now(), endsAt: Date.now() + 2 * 86_400_000 }])}>{t`Add multiplier`}</button>
        <button type="button" className="tk-btn tk-primary" onClick={save}>{t`Save multipliers`}</button>
      </div>
    </section>
  );
}

function Import({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  async function run(apply: boolean) {
    try {
      const r = await api<{ applied: boolean; preview: { added: string[]; changed: { id: string }[]; removed: string[]; multipliers: { before: number; after: number } } }>("/admin/billing/import", { body: { file, apply } });
      const p = r.preview;
      setPreview(t`Added: ${ph({ added: p.added.join(", ") || "—" })}. Changed: ${ph({ changed: p.changed.map((c) => c.id).join(", ") || "—" })}. Removed: ${ph({ removed: p.removed.join(", ") || "—" })}. Multipliers: ${ph({ before: p.multipliers.before })} → ${ph({ after: p.multipliers.after })}.`);
      if (r.applied) (toast.ok(t`Catalog imported`), setFile(null), setPreview(null), onDone());
    } catch (x) {
      toast.error((x as ApiError).message);
    }
  }
  return (
    <section>
      <h2>{t`Import`}</h2>
      <div className="tk-row">
        <label>
          {t`Catalog file (JSON)`} <input type="file" accept="application/json,.json" onChange={async (e) => (setPreview(null), setFile((await e.target.files?.[0]?.text()) ?? null))} />
        </label>
        <button type="button" className="tk-btn" disabled={!file} onClick={() => run(false)}>{t`Preview changes`}</button>
        <button type="button" className="tk-btn tk-primary" disabled={!file || !preview} onClick={() => run(true)}>{t`Apply import`}</button>
      </div>
      {preview && <p role="status">{preview}</p>}
    </section>
  );
}

export default function CatalogPage() {
  const state = useApi<Catalog>("/admin/billing/");
  const [editing, setEditing] = useState<{ item: Item; isNew: boolean } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const done = () => (setEditing(null), state.reload());
  const columns = useMemo<Column<Item>[]>(
    () => [
      { id: "sortOrder", label: t`Sort order`, value: (i) => i.sortOrder },
      { id: "id", label: t`Id`, value: (i) => i.id },
      { id: "title", label: locale === "ru" ? t`Title (ru)` : t`Title (en)`, value: (i) => (locale === "ru" ? i.titleRu : i.titleEn), cell: (i) => <>{locale === "ru" ? i.titleRu : i.titleEn}{!i.active && <em> ({t`inactive`})</em>}</> },
      { id: "grants", label: t`Grants`, value: (i) => i.grants.gold, cell: (i) => grantsText({ ...i.grants, gold: i.grants.gold + i.bonusGold }) },
      { id: "prices", label: t`Prices`, value: (i) => i.prices.length, sortable: false, cell: (i) => i.prices.map((p) => `${valueText("store", p.market)}: ${money(p.amount, p.currency)}`).join(" · ") },
      { id: "period", label: t`Availability`, value: (i) => i.availability.from, sortable: false, cell: (i) => [fmtDateTime(i.availability.from), fmtDateTime(i.availability.until)].filter(Boolean).join(" – ") + (i.availability.countries.length ? ` ${i.availability.countries.join(",")}` : "") },
      {
        id: "actions", label: "", value: () => "", sortable: false, csv: false,
        cell: (i) => (
          <div className="tk-row">
            <button type="button" className="tk-btn" onClick={async () => setEditing({ item: (await api<{ item: Item }>(`/admin/billing/catalog/edit/${encodeURIComponent(i.id)}`)).item, isNew: false })}>{t`Edit`}</button>
            <button type="button" className="tk-btn tk-danger" onClick={() => setRemoving(i.id)}>{t`Remove`}</button>
          </div>
        ),
      },
    ],
    [],
  );
  const invalidate = async (cache: "internal" | "facebook") => {
    try {
      const r = await api<{ version: number }>(`/admin/billing/invalidate/cache/${cache}`, { method: "POST" });
      toast.ok(t`Cache version ${ph({ version: fmtInt(r.version) })}: every instance reloads within seconds`);
      state.reload();
    } catch (x) {
      toast.error((x as ApiError).message);
    }
  };
  return (
    <section className="tk-billing-catalog" style={{ display: "grid", gap: 16 }}>
      <header className="tk-row" style={{ justifyContent: "space-between" }}>
        <h1>{t`Billing catalog`}</h1>
        <div className="tk-row">
          <button type="button" className="tk-btn tk-primary" onClick={() => setEditing({ item: EMPTY, isNew: true })}>{t`Add item`}</button>
          <a className="tk-btn" href="/admin/billing/export" download>{t`Export`}</a>
          <button type="button" className="tk-btn" onClick={() => invalidate("internal")}>{t`Refresh catalog cache`}</button>
          <button type="button" className="tk-btn" onClick={() => invalidate("facebook")}>{t`Refresh Facebook catalog cache`}</button>
        </div>
      </header>
      {editing && <ItemForm key={editing.item.id || "new"} item={editing.item} isNew={editing.isNew} markets={state.data?.markets ?? []} onDone={done} />}
      <Load state={state}>
        {(d) => (
          <>
            <p className="tk-muted">{t`Catalog version ${ph({ version: d.versions.internal })}`}</p>
            <Table rows={d.items} columns={columns} rowKey={(i) => i.id} />
            <Multipliers key={JSON.stringify(d.multipliers)} initial={d.multipliers} onDone={state.reload} />
          </>
        )}
      </Load>
      <Import onDone={state.reload} />
      <ConfirmDialog
        open={!!removing}
        text={removing ? t`Remove item ${ph({ id: removing })}? Orders already placed keep their price and grants.` : ""}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const id = removing!;
          setRemoving(null);
          try {
            await api(`/admin/billing/catalog/remove/${encodeURIComponent(id)}`, { method: "DELETE" });
            toast.ok(t`Removed`);
            state.reload();
          } catch (x) {
            toast.error((x as ApiError).message);
          }
        }}
      />
    </section>
  );
}
