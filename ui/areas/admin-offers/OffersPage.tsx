// /admin/specialOfferOptions/ — special offers: the list (window, price, audience, times taken)
// and a form to create or edit one (titles, what it grants, gold price or billing item, start
// and end, who sees it, per-player limit). The server checks the rules and answers field errors
// in the page's locale; "Refresh caches" makes every instance reload the offers at once.
import { useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { api, sendRaw, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as offers from "../../../api/contracts/admin/offers.ts";
import { ErrorField, FieldError, FormMessage } from "../../components/Form.tsx";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table } from "../../components/Table.tsx";
import type { Column } from "../../components/Table.tsx";
import { toast } from "../../components/Toasts.tsx";
import { DateTimePicker } from "../../components/DateTimePicker.tsx";
import "./offers.css";
import { actionsColumn } from "../../components/RowMenu.tsx";
import { useSubmit } from "../../lib/form.ts";

type PageData = OutputOf<typeof offers.page>;
type Offer = PageData["offers"][number];
type ItemType = Offer["grants"]["items"][number]["type"];

const AUDIENCE: Record<string, MessageDescriptor> = {
  all: msg`Everyone`,
  payers: msg`Payers`,
  nonPayers: msg`Non-payers`,
};
const ITEM_TYPE: Record<ItemType, MessageDescriptor> = {
  tank: msg`Tank`,
  consumable: msg`Consumable`,
  camouflage: msg`Camouflage`,
};
const DAY = 86_400_000;

/** The draft's fields typed as text. */
type TextKey =
  | "titleRu"
  | "titleEn"
  | "gold"
  | "silver"
  | "premiumDays"
  | "priceGold"
  | "minLevel"
  | "maxLevel"
  | "countries"
  | "perPlayerLimit";

interface Draft {
  id?: number;
  titleRu: string;
  titleEn: string;
  gold: string;
  silver: string;
  premiumDays: string;
  items: { type: ItemType; id: string; count: string }[];
  pay: "gold" | "billing";
  priceGold: string;
  billingItemId: string;
  startsAt: number | null;
  endsAt: number | null;
  minLevel: string;
  maxLevel: string;
  platforms: string[];
  countries: string;
  audience: string;
  /** A saved audience's id ("" none). */
  audienceId: string;
  perPlayerLimit: string;
  active: boolean;
}

const blank = (): Draft => {
  const now = Date.now();
  return {
    titleRu: "",
    titleEn: "",
    gold: "0",
    silver: "0",
    premiumDays: "0",
    items: [],
    pay: "gold",
    priceGold: "",
    billingItemId: "",
    startsAt: now,
    endsAt: now + 7 * DAY,
    minLevel: "1",
    maxLevel: "100",
    platforms: [],
    countries: "",
    audience: "all",
    audienceId: "",
    perPlayerLimit: "1",
    active: true,
  };
};
const fromOffer = (o: Offer): Draft => ({
  id: o.id,
  titleRu: o.titleRu,
  titleEn: o.titleEn,
  gold: String(o.grants.gold),
  silver: String(o.grants.silver),
  premiumDays: String(o.grants.premiumDays),
  items: o.grants.items.map((i) => ({ type: i.type, id: String(i.id), count: String(i.count) })),
  pay: o.billingItemId ? "billing" : "gold",
  priceGold: o.priceGold ? String(o.priceGold) : "",
  billingItemId: o.billingItemId ?? "",
  startsAt: o.startsAt,
  endsAt: o.endsAt,
  minLevel: String(o.minLevel),
  maxLevel: String(o.maxLevel),
  platforms: o.platforms,
  countries: o.countries.join(", "),
  audience: o.audience,
  audienceId: o.audienceId === null ? "" : String(o.audienceId),
  perPlayerLimit: String(o.perPlayerLimit),
  active: o.active,
});
const toInput = (d: Draft) => ({
  ...(d.id ? { id: d.id } : {}),
  titleRu: d.titleRu,
  titleEn: d.titleEn,
  grants: {
    gold: d.gold,
    silver: d.silver,
    premiumDays: d.premiumDays,
    items: d.items.map((i) => ({ type: i.type, id: i.id, count: i.count })),
  },
  ...(d.pay === "gold" ? { priceGold: d.priceGold } : { billingItemId: d.billingItemId }),
  startsAt: d.startsAt === null ? "" : new Date(d.startsAt).toISOString(),
  endsAt: d.endsAt === null ? "" : new Date(d.endsAt).toISOString(),
  minLevel: d.minLevel,
  maxLevel: d.maxLevel,
  platforms: d.platforms,
  countries: d.countries.split(/[\s,]+/).filter(Boolean),
  audience: d.audience,
  audienceId: d.audienceId,
  perPlayerLimit: d.perPlayerLimit,
  active: d.active,
});

/** The offer's fields in words, for a message no input shows ("Grants · Items · row 1 · Count: …"). */
const FIELD_NAMES: Record<string, MessageDescriptor> = {
  titleRu: msg`Title (Russian)`,
  titleEn: msg`Title (English)`,
  grants: msg`Grants`,
  gold: msg`Gold`,
  silver: msg`Silver`,
  premiumDays: msg`Premium days`,
  items: msg`Items`,
  type: msg`Item type`,
  id: msg`Item`,
  count: msg`Count`,
  priceGold: msg`Price in gold`,
  billingItemId: msg`Billing item`,
  startsAt: msg`Starts`,
  endsAt: msg`Ends`,
  minLevel: msg`Lowest level`,
  maxLevel: msg`Highest level`,
  platforms: msg`Platforms`,
  countries: msg`Countries`,
  audience: msg`Audience`,
  audienceId: msg`Saved audience`,
  perPlayerLimit: msg`Times one player may take it`,
  active: msg`Active`,
};

function OfferForm({
  data,
  draft,
  onSaved,
  onCancel,
}: {
  data: PageData;
  draft: Draft;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState(draft);
  const { busy, errors, run } = useSubmit({
    label: (f) => (FIELD_NAMES[f] ? i18n._(FIELD_NAMES[f]) : undefined),
    row: (n) => t`row ${ph({ n })}`,
    notice: false,
  });
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  // A text field of the draft (`path`: the server's name for it, when not its key), its message under it.
  const field = (key: TextKey, label: string, o: { path?: string; numeric?: boolean; maxLength?: number } = {}) => (
    <ErrorField errors={errors} name={o.path ?? key} label={label}>
      <input
        name={key}
        inputMode={o.numeric ? "numeric" : undefined}
        maxLength={o.maxLength}
        value={d[key]}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </ErrorField>
  );
  const name = (r: { nameRu: string; nameEn: string }) => (locale === "en" ? r.nameEn : r.nameRu);
  const save = async () => {
    await run(async () => {
      // The form's text goes as typed: the server's field messages name what it refuses.
      await sendRaw(offers.save, toInput(d));
      toast.ok(t`Offer saved`);
      onSaved();
    });
  };
  const item = (i: number, k: string) => ({ ...errors.input(`grants.items.${i}.${k}`) });
  return (
    <form
      noValidate
      className="tk-form tk-panel tk-offer-form"
      onSubmit={(e) => (e.preventDefault(), save())}
      aria-label={d.id ? t`Edit offer` : t`New offer`}
    >
      <h2>{d.id ? t`Edit offer #${ph({ id: d.id })}` : t`New offer`}</h2>
      {field("titleRu", t`Title (Russian)`, { maxLength: 100 })}
      {field("titleEn", t`Title (English)`, { maxLength: 100 })}
      <fieldset>
        <legend>{t`Price`}</legend>
        <div>
          <label className="tk-inline">
            <input type="radio" name="pay" checked={d.pay === "gold"} onChange={() => set({ pay: "gold" })} /> {t`Gold`}
          </label>
          <label className="tk-inline">
            <input type="radio" name="pay" checked={d.pay === "billing"} onChange={() => set({ pay: "billing" })} />{" "}
            {t`Real money (billing item)`}
          </label>
        </div>
        {d.pay === "gold" ? (
          field("priceGold", t`Price in gold`, { numeric: true })
        ) : (
          <>
            <ErrorField errors={errors} name="billingItemId" label={t`Billing item`}>
              <select
                name="billingItemId"
                value={d.billingItemId}
                onChange={(e) => set({ billingItemId: e.target.value })}
              >
                <option value="">—</option>
                {data.billingItems.map((b) => (
                  <option key={b.id} value={b.id}>
                    {locale === "en" ? b.titleEn : b.titleRu} ({b.id})
                  </option>
                ))}
              </select>
            </ErrorField>
            <p className="tk-hint">{t`Billing grants what its item grants; it cannot grant shop items or a bundle of the offer's own yet.`}</p>
          </>
        )}
      </fieldset>
      {d.pay === "gold" && (
        <fieldset
          id={errors.id("grants")}
          aria-describedby={errors.of("grants") ? errors.errorId("grants") : undefined}
        >
          <legend>{t`Grants`}</legend>
          <FieldError errors={errors} name="grants" />
          {field("gold", t`Gold`, { path: "grants.gold", numeric: true })}
          {field("silver", t`Silver`, { path: "grants.silver", numeric: true })}
          {field("premiumDays", t`Premium days`, { path: "grants.premiumDays", numeric: true })}
          {d.items.map((it, i) => (
            <div className="tk-row" key={i}>
              <select
                aria-label={t`Item type`}
                {...item(i, "type")}
                value={it.type}
                onChange={(e) =>
                  set({
                    items: d.items.map((x, j) => (j === i ? { ...x, type: e.target.value as ItemType, id: "" } : x)),
                  })
                }
              >
                {(Object.keys(ITEM_TYPE) as ItemType[]).map((k) => (
                  <option key={k} value={k}>
                    {i18n._(ITEM_TYPE[k])}
                  </option>
                ))}
              </select>
              <select
                aria-label={t`Item`}
                {...item(i, "id")}
                value={it.id}
                onChange={(e) => set({ items: d.items.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)) })}
              >
                <option value="">—</option>
                {data.catalogue[it.type].map((c) => (
                  <option key={c.id} value={c.id}>
                    {name(c)}
                  </option>
                ))}
              </select>
              <input
                aria-label={t`Count`}
                {...item(i, "count")}
                inputMode="numeric"
                size={4}
                value={it.count}
                onChange={(e) => set({ items: d.items.map((x, j) => (j === i ? { ...x, count: e.target.value } : x)) })}
              />
              <button
                type="button"
                className="tk-btn"
                onClick={() => set({ items: d.items.filter((_, j) => j !== i) })}
              >{t`Remove`}</button>
              {(["type", "id", "count"] as const).map((k) => (
                <FieldError key={k} errors={errors} name={`grants.items.${i}.${k}`} />
              ))}
            </div>
          ))}
          <button
            type="button"
            className="tk-btn"
            onClick={() => set({ items: [...d.items, { type: "consumable", id: "", count: "1" }] })}
          >{t`Add an item`}</button>
        </fieldset>
      )}
      <DateTimePicker
        id={errors.id("startsAt")}
        label={t`Starts`}
        value={d.startsAt}
        onChange={(v) => (set({ startsAt: v }), errors.clear("startsAt"))}
        error={errors.of("startsAt")}
      />
      <DateTimePicker
        id={errors.id("endsAt")}
        label={t`Ends`}
        value={d.endsAt}
        onChange={(v) => (set({ endsAt: v }), errors.clear("endsAt"))}
        error={errors.of("endsAt")}
      />
      <fieldset>
        <legend>{t`Who sees it`}</legend>
        {field("minLevel", t`Lowest level`, { numeric: true })}
        {field("maxLevel", t`Highest level`, { numeric: true })}
        <div className="tk-row" role="group" aria-label={t`Platforms (none: all)`}>
          {t`Platforms (none: all)`}
          {data.platforms.map((p) => (
            <label key={p} className="tk-inline">
              <input
                type="checkbox"
                checked={d.platforms.includes(p)}
                onChange={(e) =>
                  set({ platforms: e.target.checked ? [...d.platforms, p] : d.platforms.filter((x) => x !== p) })
                }
              />{" "}
              {p}
            </label>
          ))}
        </div>
        {field("countries", t`Countries, e.g. RU, KZ (empty: all)`)}
        <ErrorField errors={errors} name="audience" label={t`Audience`}>
          <select name="audience" value={d.audience} onChange={(e) => set({ audience: e.target.value })}>
            {data.audiences.map((a) => (
              <option key={a} value={a}>
                {AUDIENCE[a] ? i18n._(AUDIENCE[a]) : a}
              </option>
            ))}
          </select>
        </ErrorField>
        <ErrorField errors={errors} name="audienceId" label={t`Saved audience`}>
          <select name="audienceId" value={d.audienceId} onChange={(e) => set({ audienceId: e.target.value })}>
            <option value="">{t`None`}</option>
            {data.savedAudiences.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name}
              </option>
            ))}
          </select>
        </ErrorField>
      </fieldset>
      {field("perPlayerLimit", t`Times one player may take it`, { numeric: true })}
      <label className="tk-inline">
        <input type="checkbox" name="active" checked={d.active} onChange={(e) => set({ active: e.target.checked })} />{" "}
        {t`Active`}
      </label>
      <FormMessage errors={errors} />
      <div className="tk-row">
        <button type="submit" className="tk-btn tk-primary" disabled={busy}>{t`Save offer`}</button>
        <button type="button" className="tk-btn" onClick={onCancel}>{t`Cancel`}</button>
      </div>
    </form>
  );
}

export default function OffersPage() {
  const page = useApi(offers.page, {});
  const [editing, setEditing] = useState<Draft | null>(null);
  const refreshCaches = () => act(() => api(offers.invalidateCache), t`Every instance reloads the offers now`);
  // A real-money offer's price is its billing item, named by the catalogue's title (its id only
  // when the item is no longer active in the catalogue).
  const billingTitle = (id: string) => {
    const b = page.data?.billingItems.find((x) => x.id === id);
    return b ? (locale === "en" ? b.titleEn : b.titleRu) : id;
  };
  const columns: Column<Offer>[] = [
    { id: "id", label: "#", value: (o) => o.id },
    { id: "title", label: t`Title`, value: (o) => (locale === "en" ? o.titleEn : o.titleRu) },
    {
      id: "price",
      label: t`Price`,
      value: (o) => o.priceGold ?? o.billingItemId,
      cell: (o) =>
        o.priceGold !== null
          ? t`${ph({ n: fmtInt(o.priceGold) })} gold`
          : t`${ph({ item: billingTitle(o.billingItemId ?? "") })} for real money`,
    },
    { id: "startsAt", label: t`Starts`, value: (o) => o.startsAt, cell: (o) => fmtDateTime(o.startsAt) },
    { id: "endsAt", label: t`Ends`, value: (o) => o.endsAt, cell: (o) => fmtDateTime(o.endsAt) },
    {
      id: "audience",
      label: t`Audience`,
      value: (o) => o.audience,
      cell: (o) => (AUDIENCE[o.audience] ? i18n._(AUDIENCE[o.audience]) : o.audience),
    },
    { id: "taken", label: t`Taken`, value: (o) => o.taken },
    { id: "active", label: t`Active`, value: (o) => (o.active ? t`yes` : t`no`) },
    actionsColumn((o) => [{ label: t`Edit`, onClick: () => setEditing(fromOffer(o)) }], { label: "", id: "edit" }),
  ];
  return (
    <section>
      <h1>{t`Special offers`}</h1>
      <div className="tk-row">
        <button type="button" className="tk-btn tk-primary" onClick={() => setEditing(blank())}>{t`New offer`}</button>
        <button type="button" className="tk-btn" onClick={refreshCaches}>{t`Refresh caches`}</button>
      </div>
      <Load state={page}>
        {(data) => (
          <>
            {editing && (
              <OfferForm
                key={editing.id ?? "new"}
                data={data}
                draft={editing}
                onCancel={() => setEditing(null)}
                onSaved={() => (setEditing(null), page.reload())}
              />
            )}
            <Table rows={data.offers} columns={columns} />
          </>
        )}
      </Load>
    </section>
  );
}
