// Gifts: find the receiver by nickname or id, choose gold, silver or a shop item (paid by the
// sender at the shop's price), within the daily and per-gift limits; the new balance is shown after.
// Below, the gifts the player received.
import { useEffect, useRef, useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import { api, type ApiError } from "../../lib/api.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as money from "../../../api/contracts/public/profile/money.ts";
import { findPlayer } from "../../../api/contracts/public/profile/players.ts";
import { profile } from "../../../api/contracts/public/profile.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Load, Empty } from "../../components/States.tsx";
import { Form, FormField, FieldError } from "../../components/Form.tsx";
import { toast } from "../../components/Toasts.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { giftSchema } from "./schemas.ts";
import { BalanceLine, newRequestId, type Balance } from "./kit.tsx";

const KINDS = {
  gold: msg`Gold`,
  silver: msg`Silver`,
  tank: msg`Tank`,
  consumable: msg`Consumable`,
  camouflage: msg`Camouflage`,
} as const;
type Gifts = Extract<OutputOf<typeof money.gift>, { rules: object }>;
type ShopItem = OutputOf<typeof money.shop>["items"][number];
interface Data extends Gifts {
  items: ShopItem[];
  balance: Balance;
}

function Receiver({ onPick }: { onPick: (id: number, nickname: string) => void }) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<OutputOf<typeof findPlayer>["players"] | null>(null);
  const errors = useFieldErrors();
  const search = async () => {
    if (!query.trim()) return;
    await errors.run(async () => setFound((await api(findPlayer, { query })).players));
  };
  return (
    <div className="tk-field">
      <label htmlFor={errors.id("query")}>{t`Find the receiver by nickname or id`}</label>
      <div className="tk-row">
        <input
          value={query}
          onChange={(e) => (setQuery(e.target.value), errors.clear("query"))}
          onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), search())}
          maxLength={32}
          {...errors.input("query")}
        />
        <button type="button" className="tk-btn" onClick={search}>
          {t`Find`}
        </button>
      </div>
      <FieldError errors={errors} name="query" />
      {found && found.length === 0 && <Empty>{t`No player found.`}</Empty>}
      {found && found.length > 0 && (
        <ul aria-label={t`Players found`}>
          {found.map((p) => (
            <li key={p.id}>
              <button type="button" className="tk-link" onClick={() => onPick(p.id, p.nickname)}>
                {t`Choose ${ph({ nickname: p.nickname })} (#${ph({ id: p.id })}, level ${ph({ level: p.level })})`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GiftForm({ data, onSent }: { data: Data; onSent: () => void }) {
  const max = (kind: string) => (kind === "gold" ? data.rules.maxGold : data.rules.maxSilver);
  const form = useForm(giftSchema(max), { to: "", kind: "gold", amount: "", itemId: "" });
  const [receiver, setReceiver] = useState("");
  const requestId = useRef(newRequestId());
  const kind = form.values.kind;
  const isMoney = kind === "gold" || kind === "silver";
  const items = data.items.filter((i) => i.type === kind);
  const price = (i: ShopItem) =>
    i.priceGold ? t`${ph({ price: fmtInt(i.priceGold) })} gold` : t`${ph({ price: fmtInt(i.priceSilver) })} silver`;
  return (
    <Form
      form={form}
      submitLabel={t`Send the gift`}
      onSubmit={form.submit(async (_input, data) => {
        const what = isMoney ? { amount: Number(data.amount) } : { itemId: Number(data.itemId) };
        await api(money.gift, { to: data.to, kind: data.kind, ...what, requestId: requestId.current });
        requestId.current = newRequestId();
        toast.ok(receiver ? t`Gift sent to ${ph({ nickname: receiver })}` : t`Gift sent`);
        form.reset();
        setReceiver("");
        onSent();
      })}
    >
      <Receiver onPick={(id, nickname) => (form.set("to", String(id)), setReceiver(nickname))} />
      <FormField form={form} name="to" label={t`Receiver's player id`} type="number" hint={receiver || undefined} />
      <FormField
        form={form}
        name="kind"
        label={t`Gift`}
        type="select"
        options={(Object.keys(KINDS) as (keyof typeof KINDS)[]).map((k) => [k, t(KINDS[k])])}
      />
      {isMoney ? (
        <FormField
          form={form}
          name="amount"
          label={t`Amount`}
          type="number"
          hint={t`Up to ${ph({ max: fmtInt(max(kind)) })}`}
        />
      ) : (
        <FormField
          form={form}
          name="itemId"
          label={t`Item`}
          type="select"
          options={[
            ["", t`Choose an item`],
            ...items
              .filter((i) => i.priceGold || i.priceSilver)
              .map((i): [string, string] => [String(i.id), `${i.name} — ${price(i)}`]),
          ]}
        />
      )}
    </Form>
  );
}

export default function GiftPage() {
  const [data, setData] = useState<Data | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const reload = () =>
    Promise.all([api(money.gift, {}), api(money.shop, {}), api(profile, {})]).then(
      ([g, s, p]) => "rules" in g && setData({ ...g, items: s.items, balance: p.player }),
      setError,
    );
  useEffect(() => void reload(), []);
  return (
    <section aria-labelledby="gift-title">
      <h1 id="gift-title">{t`Gifts`}</h1>
      <Load state={{ data, error, loading: !data && !error, reload }}>
        {(d) => (
          <>
            <BalanceLine balance={d.balance} />
            <p className="tk-hint">{t`Up to ${ph({ perDay: d.rules.perDay })} gifts a day; at most ${ph({ gold: fmtInt(d.rules.maxGold) })} gold or ${ph({ silver: fmtInt(d.rules.maxSilver) })} silver a gift. An item is paid at the shop's price.`}</p>
            <section className="tk-panel">
              <GiftForm data={d} onSent={reload} />
            </section>
            <h2>{t`Gifts you received`}</h2>
            {/* player_notifications also carries operators' notifications (kind "notification", "chatNotification"): this list is the gifts */}
            {d.notifications.every((n) => n.kind !== "gift") ? (
              <Empty>{t`No gifts yet.`}</Empty>
            ) : (
              <ul>
                {d.notifications
                  .flatMap((n) => (n.kind === "gift" ? [{ ...n, gift: n.payload }] : []))
                  .map((n) => (
                    <li key={n.id}>
                      {fmtDateTime(n.createdAt)} — {n.gift.from}:{" "}
                      {n.gift.item ?? `${fmtInt(n.gift.amount)} ${t(KINDS[n.gift.kind])}`}
                    </li>
                  ))}
              </ul>
            )}
          </>
        )}
      </Load>
    </section>
  );
}
