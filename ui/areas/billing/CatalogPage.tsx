// /admin/billing/ — the catalog of things sold for money: the list, an item's form (grants,
// prices per market and currency, availability), multipliers, export, import with a preview
// before applying, and the cache refresh buttons.
import { useMemo, useState } from "react";
import { api, href, sendRaw, useApi, ApiError } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as billing from "../../../api/contracts/admin/billing.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { grantsText } from "./CheckoutPage.tsx";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { majorToMinor, minorToMajor } from "../../lib/money.ts";
import { messageText, useSubmit } from "../../lib/form.ts";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { FieldError, FormMessage } from "../../components/Form.tsx";
import { money, GRANT_NAMES } from "./t.ts";
import { valueText } from "../../shell/AdminLabels.ts";
import { actionsColumn, RowMenu } from "../../components/RowMenu.tsx";

type Catalog = OutputOf<typeof billing.catalog>;
type Item = Catalog["items"][number];
type Market = Item["availability"]["markets"][number];
/** A multiplier as the form edits it (a new row has no id yet). */
type Multiplier = Omit<Catalog["multipliers"][number], "id">;

const EMPTY: Item = {
  id: "",
  titleRu: "",
  titleEn: "",
  grants: { gold: 0, silver: 0, premiumDays: 0 },
  bonusGold: 0,
  prices: [],
  availability: { markets: [], countries: [], platforms: [], from: null, until: null },
  sortOrder: 0,
  active: true,
};
const list = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
const toLocalInput = (ms: number | null) =>
  ms == null ? "" : new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocalInput = (v: string) => (v ? new Date(v).getTime() : null);

/** A price row as typed: the amount in the currency's major unit ("99.00" for 9900 kopecks). */
interface PriceRow {
  market: string;
  currency: string;
  amount: string;
}

const FIELD_NAMES: Record<string, MessageDescriptor> = {
  id: msg`Id`,
  titleRu: msg`Title (ru)`,
  titleEn: msg`Title (en)`,
  grants: msg`Grants`,
  gold: msg`Gold`,
  silver: msg`Silver`,
  premiumDays: msg`Premium days`,
  bonusGold: msg`Bonus gold`,
  prices: msg`Prices`,
  market: msg`Market`,
  currency: msg`Currency`,
  amount: msg`Amount`,
  availability: msg`Availability`,
  markets: msg`Markets`,
  countries: msg`Countries`,
  platforms: msg`Platforms`,
  from: msg`Available from`,
  until: msg`Available until`,
  sortOrder: msg`Sort order`,
  active: msg`Active`,
  multipliers: msg`Multipliers`,
  itemId: msg`Item`,
  percent: msg`Percent`,
  startsAt: msg`Starts`,
  endsAt: msg`Ends`,
};
/** A field of the item in words, rows counted from 1 ("Prices · row 1 · Amount" for a message no input shows). */
const fieldWords = () => ({
  label: (f: string) => (FIELD_NAMES[f] ? t(FIELD_NAMES[f]) : undefined),
  row: (n: number) => t`row ${ph({ n })}`,
});

function ItemForm({
  item,
  isNew,
  markets,
  currencies,
  onDone,
}: {
  item: Item;
  isNew: boolean;
  markets: string[];
  currencies: string[];
  onDone: () => void;
}) {
  const [v, setV] = useState(item);
  const [prices, setPrices] = useState<PriceRow[]>(
    item.prices.map((p) => ({ market: p.market, currency: p.currency, amount: minorToMajor(p.amount, p.currency) })),
  );
  const { busy, errors, run } = useSubmit({ ...fieldWords(), notice: false });
  const err = (k: string) => <FieldError errors={errors} name={k} />;
  const invalid = (k: string) => errors.input(k);
  const setPrice = (i: number, patch: Partial<PriceRow>) =>
    setPrices(prices.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  async function save(e: React.FormEvent) {
    e.preventDefault();
    // Amounts typed in the major unit go to the API in minor units; one that is not an amount of its currency is named here.
    const local: Record<string, string> = {};
    const parsed = prices.map((p, i) => {
      const minor = majorToMinor(p.amount, p.currency);
      if (p.amount.trim() === "") local[`prices.${i}.amount`] = messageText(locale, { id: "validation.required" });
      else if (minor === null) local[`prices.${i}.amount`] = messageText(locale, { id: "validation.number" });
      return { market: p.market, currency: p.currency, amount: minor ?? p.amount };
    });
    if (Object.keys(local).length) return void errors.take(new ApiError(400, "validation", "", local));
    // A message no input shows is said above the buttons (named in words), a refusal of no field as a notice.
    await run(async () => {
      await sendRaw(isNew ? billing.add : billing.save, { ...v, prices: parsed });
      toast.ok(t`Saved`);
      onDone();
    });
  }
  const num = (path: "gold" | "silver" | "premiumDays") => (
    <label>
      {t(GRANT_NAMES[path])}{" "}
      <input
        inputMode="numeric"
        value={String(v.grants[path])}
        onChange={(e) => setV({ ...v, grants: { ...v.grants, [path]: e.target.value as never } })}
        {...invalid(`grants.${path}`)}
      />
      {err(`grants.${path}`)}
    </label>
  );
  return (
    <form
      noValidate
      onSubmit={save}
      aria-busy={busy}
      aria-label={isNew ? t`New item` : t`Item ${ph({ id: item.id })}`}
      className="tk-billing-form"
      style={{ display: "grid", gap: 10, background: "var(--panel)", padding: 16, borderRadius: 8 }}
    >
      <div className="tk-row">
        <label>
          {t`Id`}{" "}
          <input
            value={v.id}
            readOnly={!isNew}
            onChange={(e) => setV({ ...v, id: e.target.value })}
            {...invalid("id")}
          />
          {err("id")}
        </label>
        <label>
          {t`Title (ru)`}{" "}
          <input value={v.titleRu} onChange={(e) => setV({ ...v, titleRu: e.target.value })} {...invalid("titleRu")} />
          {err("titleRu")}
        </label>
        <label>
          {t`Title (en)`}{" "}
          <input value={v.titleEn} onChange={(e) => setV({ ...v, titleEn: e.target.value })} {...invalid("titleEn")} />
          {err("titleEn")}
        </label>
      </div>
      <fieldset className="tk-row">
        <legend>{t`Grants`}</legend>
        {num("gold")}
        {num("silver")}
        {num("premiumDays")}
        <label>
          {t`Bonus gold`}{" "}
          <input
            inputMode="numeric"
            value={String(v.bonusGold)}
            onChange={(e) => setV({ ...v, bonusGold: e.target.value as never })}
            {...invalid("bonusGold")}
          />
          {err("bonusGold")}
        </label>
        <p className="tk-hint">{t`Multipliers scale gold and silver, never the bonus gold.`}</p>
      </fieldset>
      <fieldset className="tk-billing-prices">
        <legend>{t`Prices`}</legend>
        <p className="tk-hint">{t`One price per market and currency; the amount in the currency itself (99.00 roubles, not kopecks).`}</p>
        {prices.length === 0 && <p className="tk-hint">{t`No prices yet.`}</p>}
        {prices.map((p, i) => (
          <div key={i} className="tk-row" role="group" aria-label={t`Price ${ph({ n: i + 1 })}`}>
            <label>
              {t`Market`}{" "}
              <select
                value={p.market}
                onChange={(e) => setPrice(i, { market: e.target.value })}
                {...invalid(`prices.${i}.market`)}
              >
                {markets.map((m) => (
                  <option key={m} value={m}>
                    {valueText("store", m)}
                  </option>
                ))}
              </select>
              {err(`prices.${i}.market`)}
            </label>
            <label>
              {t`Currency`}{" "}
              <select
                value={p.currency}
                onChange={(e) => setPrice(i, { currency: e.target.value })}
                {...invalid(`prices.${i}.currency`)}
              >
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {err(`prices.${i}.currency`)}
            </label>
            <label>
              {t`Amount, ${ph({ currency: p.currency })}`}{" "}
              <input
                inputMode="decimal"
                value={p.amount}
                onChange={(e) => setPrice(i, { amount: e.target.value })}
                {...invalid(`prices.${i}.amount`)}
              />
              {!errors.of(`prices.${i}.amount`) && majorToMinor(p.amount, p.currency) !== null && (
                <small className="tk-hint">{money(majorToMinor(p.amount, p.currency)!, p.currency)}</small>
              )}
              {err(`prices.${i}.amount`)}
            </label>
            <RowMenu
              actions={[
                {
                  label: t`Remove`,
                  danger: true,
                  name: t`Remove price ${ph({ n: i + 1 })}`,
                  onClick: () => setPrices(prices.filter((_, j) => j !== i)),
                },
              ]}
            />
          </div>
        ))}
        {err("prices")}
        <button
          type="button"
          className="tk-btn"
          onClick={() =>
            setPrices([
              ...prices,
              {
                market: markets[0] ?? "web",
                currency: currencies.includes("RUB") ? "RUB" : (currencies[0] ?? "USD"),
                amount: "",
              },
            ])
          }
        >{t`Add a price`}</button>
      </fieldset>
      <fieldset className="tk-row">
        <legend>{t`Availability`}</legend>
        <label>
          {t`Markets (empty: all)`}
          <select
            multiple
            value={v.availability.markets}
            onChange={(e) =>
              setV({
                ...v,
                availability: {
                  ...v.availability,
                  markets: [...e.target.selectedOptions].map((o) => o.value as Market),
                },
              })
            }
          >
            {markets.map((m) => (
              <option key={m} value={m}>
                {valueText("store", m)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t`Countries, comma-separated (empty: all)`}{" "}
          <input
            value={v.availability.countries.join(", ")}
            onChange={(e) =>
              setV({ ...v, availability: { ...v.availability, countries: list(e.target.value.toUpperCase()) } })
            }
            {...invalid("availability.countries")}
          />
          {err("availability.countries")}
        </label>
        <label>
          {t`Platforms, comma-separated (empty: all)`}{" "}
          <input
            value={v.availability.platforms.join(", ")}
            onChange={(e) => setV({ ...v, availability: { ...v.availability, platforms: list(e.target.value) } })}
          />
        </label>
        <label>
          {t`Available from`}{" "}
          <input
            type="datetime-local"
            value={toLocalInput(v.availability.from)}
            onChange={(e) => setV({ ...v, availability: { ...v.availability, from: fromLocalInput(e.target.value) } })}
            {...invalid("availability.from")}
          />
          {err("availability.from")}
        </label>
        <label>
          {t`Available until`}{" "}
          <input
            type="datetime-local"
            value={toLocalInput(v.availability.until)}
            onChange={(e) => setV({ ...v, availability: { ...v.availability, until: fromLocalInput(e.target.value) } })}
            {...invalid("availability.until")}
          />
          {err("availability.until")}
        </label>
      </fieldset>
      <FormMessage errors={errors} />
      <div className="tk-row">
        <label>
          {t`Sort order`}{" "}
          <input
            inputMode="numeric"
            value={String(v.sortOrder)}
            onChange={(e) => setV({ ...v, sortOrder: e.target.value as never })}
            {...invalid("sortOrder")}
          />
          {err("sortOrder")}
        </label>
        <label>
          <input type="checkbox" checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} />{" "}
          {t`Active`}
        </label>
        <button type="submit" className="tk-btn tk-primary" disabled={busy}>{t`Save`}</button>
        <button type="button" className="tk-btn" onClick={onDone}>{t`Cancel`}</button>
      </div>
    </form>
  );
}

function Multipliers({ initial, onDone }: { initial: Multiplier[]; onDone: () => void }) {
  const [rows, setRows] = useState(initial);
  const errors = useFieldErrors(fieldWords());
  const set = (i: number, patch: Partial<Multiplier>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const err = (i: number, k: string) => <FieldError errors={errors} name={`multipliers.${i}.${k}`} />;
  const invalid = (i: number, k: string) => errors.input(`multipliers.${i}.${k}`);
  const save = () =>
    errors.run(
      async () => {
        await sendRaw(billing.saveMultipliers, { multipliers: rows });
        toast.ok(t`Saved`);
        onDone();
      },
      { notice: false },
    );
  return (
    <section>
      <h2>{t`Multipliers`}</h2>
      <p className="tk-muted">{t`x2 gold this weekend: currency gold, percent 200, the period.`}</p>
      <p className="tk-hint" data-testid="multiplier-scope">
        {t`A multiplier scales the pack's base gold or silver only; the pack's bonus gold is not multiplied (a 500 gold pack with a 50 bonus gives 1050 at 200%). Several in force on one pack: the largest wins, they do not add up. Players see an "x2" badge and the end of the period on the pack in the shop.`}
      </p>
      <div className="tk-table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t`Item (empty: all)`}</th>
              <th>{t`Currency`}</th>
              <th>{t`Percent`}</th>
              <th>{t`Starts`}</th>
              <th>{t`Ends`}</th>
              <th aria-label={t`Actions`} />
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>
                  <input
                    aria-label={t`Item (empty: all)`}
                    value={r.itemId ?? ""}
                    onChange={(e) => set(i, { itemId: e.target.value || null })}
                    {...invalid(i, "itemId")}
                  />
                  {err(i, "itemId")}
                </td>
                <td>
                  <select
                    aria-label={t`Currency`}
                    value={r.currency}
                    onChange={(e) => set(i, { currency: e.target.value as "gold" })}
                    {...invalid(i, "currency")}
                  >
                    <option value="gold">{valueText("currency", "gold")}</option>
                    <option value="silver">{valueText("currency", "silver")}</option>
                  </select>
                  {err(i, "currency")}
                </td>
                <td>
                  <input
                    aria-label={t`Percent`}
                    inputMode="numeric"
                    value={String(r.percent)}
                    onChange={(e) => set(i, { percent: e.target.value as never })}
                    {...invalid(i, "percent")}
                  />
                  {err(i, "percent")}
                </td>
                <td>
                  <input
                    aria-label={t`Starts`}
                    type="datetime-local"
                    value={toLocalInput(r.startsAt)}
                    onChange={(e) => set(i, { startsAt: fromLocalInput(e.target.value) ?? 0 })}
                    {...invalid(i, "startsAt")}
                  />
                  {err(i, "startsAt")}
                </td>
                <td>
                  <input
                    aria-label={t`Ends`}
                    type="datetime-local"
                    value={toLocalInput(r.endsAt)}
                    onChange={(e) => set(i, { endsAt: fromLocalInput(e.target.value) ?? 0 })}
                    {...invalid(i, "endsAt")}
                  />
                  {err(i, "endsAt")}
                </td>
                <td>
                  <RowMenu
                    actions={[
                      {
                        label: t`Remove`,
                        danger: true,
                        name: t`Remove multiplier ${ph({ n: i + 1 })}`,
                        onClick: () => setRows(rows.filter((_, j) => j !== i)),
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormMessage errors={errors} />
      <div className="tk-row">
        <button
          type="button"
          className="tk-btn"
          onClick={() =>
            setRows([
              ...rows,
              {
                itemId: null,
                currency: "gold",
                percent: 200,
                startsAt: Date.now(),
                endsAt: Date.now() + 2 * 86_400_000,
              },
            ])
          }
        >{t`Add multiplier`}</button>
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
      const r = await sendRaw(billing.importFile, { file, apply });
      const p = r.preview;
      setPreview(
        t`Added: ${ph({ added: p.added.join(", ") || "—" })}. Changed: ${ph({ changed: p.changed.map((c) => c.id).join(", ") || "—" })}. Removed: ${ph({ removed: p.removed.join(", ") || "—" })}. Multipliers: ${ph({ before: p.multipliers.before })} → ${ph({ after: p.multipliers.after })}.`,
      );
      if (r.applied) toast.ok(t`Catalog imported`), setFile(null), setPreview(null), onDone();
    } catch (x) {
      toast.error((x as ApiError).message);
    }
  }
  return (
    <section>
      <h2>{t`Import`}</h2>
      <div className="tk-row">
        <label>
          {t`Catalog file (JSON)`}{" "}
          <input
            type="file"
            accept="application/json,.json"
            onChange={async (e) => (setPreview(null), setFile((await e.target.files?.[0]?.text()) ?? null))}
          />
        </label>
        <button
          type="button"
          className="tk-btn"
          disabled={!file}
          onClick={() => run(false)}
        >{t`Preview changes`}</button>
        <button
          type="button"
          className="tk-btn tk-primary"
          disabled={!file || !preview}
          onClick={() => run(true)}
        >{t`Apply import`}</button>
      </div>
      {preview && <p role="status">{preview}</p>}
    </section>
  );
}

export default function CatalogPage() {
  const state = useApi(billing.catalog, {});
  const [editing, setEditing] = useState<{ item: Item; isNew: boolean } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const done = () => (setEditing(null), state.reload());
  const columns = useMemo<Column<Item>[]>(
    () => [
      { id: "sortOrder", label: t`Sort order`, value: (i) => i.sortOrder },
      { id: "id", label: t`Id`, value: (i) => i.id, cell: (i) => <code>{i.id}</code> },
      {
        id: "title",
        label: locale === "ru" ? t`Title (ru)` : t`Title (en)`,
        value: (i) => (locale === "ru" ? i.titleRu : i.titleEn),
        cell: (i) => (
          <>
            {locale === "ru" ? i.titleRu : i.titleEn}
            {!i.active && <em> ({t`inactive`})</em>}
          </>
        ),
      },
      {
        id: "grants",
        label: t`Grants`,
        value: (i) => i.grants.gold,
        cell: (i) => grantsText({ ...i.grants, gold: i.grants.gold + i.bonusGold }),
      },
      {
        id: "prices",
        label: t`Prices`,
        value: (i) => i.prices.length,
        sortable: false,
        cell: (i) => i.prices.map((p) => `${valueText("store", p.market)}: ${money(p.amount, p.currency)}`).join(" · "),
      },
      {
        id: "period",
        label: t`Availability`,
        value: (i) => i.availability.from,
        sortable: false,
        cell: (i) =>
          [fmtDateTime(i.availability.from), fmtDateTime(i.availability.until)].filter(Boolean).join(" – ") +
          (i.availability.countries.length ? ` ${i.availability.countries.join(",")}` : ""),
      },
      actionsColumn(
        (i) => [
          {
            label: t`Edit`,
            onClick: async () =>
              setEditing({
                item: (await api(billing.edit, { item_id: i.id })).item,
                isNew: false,
              }),
          },
          { label: t`Remove`, danger: true, onClick: () => setRemoving(i.id) },
        ],
        { label: "" },
      ),
    ],
    [],
  );
  const invalidate = async (cache: "internal" | "facebook") => {
    try {
      const r = await api(cache === "internal" ? billing.invalidateInternal : billing.invalidateFacebook);
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
          <button
            type="button"
            className="tk-btn tk-primary"
            onClick={() => setEditing({ item: EMPTY, isNew: true })}
          >{t`Add item`}</button>
          <a className="tk-btn" href={href(billing.exportFile)} download>{t`Export`}</a>
          <button
            type="button"
            className="tk-btn"
            onClick={() => invalidate("internal")}
          >{t`Refresh catalog cache`}</button>
          <button
            type="button"
            className="tk-btn"
            onClick={() => invalidate("facebook")}
          >{t`Refresh Facebook catalog cache`}</button>
        </div>
      </header>
      {editing && (
        <ItemForm
          key={editing.item.id || "new"}
          item={editing.item}
          isNew={editing.isNew}
          markets={state.data?.markets ?? []}
          currencies={state.data?.currencies ?? []}
          onDone={done}
        />
      )}
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
        text={
          removing ? t`Remove item ${ph({ id: removing })}? Orders already placed keep their price and grants.` : ""
        }
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const id = removing!;
          setRemoving(null);
          try {
            await api(billing.remove, { item_id: id });
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
