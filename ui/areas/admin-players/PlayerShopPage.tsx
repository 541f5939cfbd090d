// /admin/player/:playerId/shop — an operator buys a tank or consumables for the player, paid
// from the player's own gold or silver at the shop's prices (confirmed).
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { Table } from "../../components/Table.tsx";
import type { Column } from "../../components/DataTable.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { PlayerNav } from "./PlayerNav.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as player from "../../../api/contracts/admin/player/tanks.ts";
import { actionsColumn } from "../../components/RowMenu.tsx";

type Item = OutputOf<typeof player.shop>["items"][number];
interface Pending {
  item: Item;
  currency: "gold" | "silver";
}

export default function PlayerShopPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.playerId ?? "";
  const state = useApi(player.shop, { playerId: Number(id) });
  const [pending, setPending] = useState<Pending | null>(null);
  const [quantity, setQuantity] = useState("1");
  // A refused quantity is said under its input; other refusals (not enough gold) as a notice.
  const errors = useFieldErrors();
  const buyNow = async ({ item, currency }: Pending) => {
    await errors.run(async () => {
      if (item.type === "tank") await api(player.buyTank, { playerId: Number(id), tankId: item.id, currency });
      else
        await api(player.buyConsumable, {
          playerId: Number(id),
          consumableId: item.id,
          currency,
          quantity: quantity === "" ? undefined : Number(quantity),
        });
      toast.ok(t`Bought`);
      state.reload();
    });
  };
  const price = (i: Item, c: "gold" | "silver") => (c === "gold" ? i.priceGold : i.priceSilver);
  const columns: Column<Item>[] = [
    { id: "name", label: t`Item`, value: (i) => i.name },
    { id: "type", label: t`Kind`, value: (i) => (i.type === "tank" ? t`tank` : t`consumable`) },
    { id: "priceGold", label: t`Gold`, value: (i) => i.priceGold, cell: (i) => fmtInt(i.priceGold) },
    { id: "priceSilver", label: t`Silver`, value: (i) => i.priceSilver, cell: (i) => fmtInt(i.priceSilver) },
    { id: "requiredLevel", label: t`Level`, value: (i) => i.requiredLevel },
    { id: "owned", label: t`Owned`, value: (i) => i.owned },
    actionsColumn(
      (i) =>
        (["gold", "silver"] as const)
          .filter((c) => price(i, c) > 0)
          .map((c) => ({
            label: c === "gold" ? t`for gold` : t`for silver`,
            disabled: !i.levelOk || (i.type === "tank" && i.owned > 0),
            onClick: () => setPending({ item: i, currency: c }),
          })),
      { label: t`Buy`, id: "buy" },
    ),
  ];
  return (
    <section>
      <PlayerNav playerId={id} />
      <Load state={state}>
        {(d) => (
          <>
            <h1>{t`Buy for ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            <p>{t`The player pays: gold ${ph({ gold: fmtInt(d.balance.gold) })}, silver ${ph({ silver: fmtInt(d.balance.silver) })}; level ${ph({ level: d.player.level })}.`}</p>
            <label>
              {t`Consumables per purchase`}
              <input
                type="number"
                min={1}
                max={100}
                value={quantity}
                onChange={(e) => (setQuantity(e.target.value), errors.clear("quantity"))}
                {...errors.input("quantity")}
              />
              <FieldError errors={errors} name="quantity" />
            </label>
            <Table rows={d.items.filter((i) => i.type !== "camouflage")} columns={columns} />
          </>
        )}
      </Load>
      <ConfirmDialog
        open={pending !== null}
        text={
          pending
            ? t`Buy ${ph({ item: pending.item.name })} with the player's ${ph({ currency: pending.currency === "gold" ? t`gold` : t`silver` })}?`
            : ""
        }
        onCancel={() => setPending(null)}
        onConfirm={() => (pending && buyNow(pending), setPending(null))}
      />
    </section>
  );
}
