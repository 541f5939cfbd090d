// /admin/playerPayment/:playerId — one player's payments: server-side paged and sorted list,
// asking the provider, verify, reversal (with a reason, after a confirmation), notes, manual
// credits, and a live feed of payment changes (SSE).
import { useMemo, useState } from "react";
import { api, href, sendRaw, useApi } from "../../lib/api.ts";
import { act as run } from "../../lib/action.ts";
import { useLiveFeed } from "../../lib/live-feed.ts";
import type { PaymentEvents } from "../../../api/domain/billing/payments-admin.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as payments from "../../../api/contracts/admin/playerPayment.ts";
import { fmtInt, locale } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { ph, t } from "@lingui/core/macro";
import { orderColumns } from "./OrderState.tsx";
import { money, sourceText, statusText, GRANT_NAMES } from "./t.ts";
import { actionsColumn } from "../../components/RowMenu.tsx";
import { orderCsv } from "./csv.ts";
import { valueText } from "../../shell/AdminLabels.ts";

const CSV = orderCsv<Order>();

type Order = OutputOf<typeof payments.list>["rows"][number];
const STATUSES = ["created", "pending", "paid", "failed", "cancelled", "refunded"];

function Live({ playerId }: { playerId: string }) {
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  useLiveFeed<PaymentEvents>(href(payments.stream, { playerId: Number(playerId) }), {
    payment: (m) => {
      const text = `${t`#${ph({ order: m.order.id })} ${ph({ from: m.event.from ? statusText(m.event.from) : "—" })} → ${ph({ to: statusText(m.event.to) })} (${ph({ source: sourceText(m.event.source) })})`} · ${money(m.order.amountMinor, m.order.currency)}`;
      setLines((l) => [{ id: m.event.id, text }, ...l.filter((x) => x.id !== m.event.id)].slice(0, 50));
    },
  });
  return (
    <section aria-live="polite" className="tk-billing-live">
      <h2>{t`Live`}</h2>
      {lines.length === 0 ? (
        <Empty>{t`Waiting for payments…`}</Empty>
      ) : (
        <ul>
          {lines.map((l) => (
            <li key={l.id}>{l.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PlayerPaymentsPage({ params }: { params: Record<string, string | undefined> }) {
  const playerId = params.playerId ?? "";
  const head = useApi(payments.player, { playerId: Number(playerId) });
  const [version, setVersion] = useState(0);
  const [reversing, setReversing] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const [credit, setCredit] = useState({ gold: "", silver: "", premiumDays: "", reason: "" });
  const creditErrors = useFieldErrors();
  const reverseErrors = useFieldErrors();

  const refresh = () => (setVersion((v) => v + 1), head.reload());
  // An action whose answer is its own notice ("Provider says: paid").
  const act = (fn: () => Promise<string>) => run(fn, (said) => said, refresh);

  const columns = useMemo<Column<Order>[]>(() => {
    const c = orderColumns<Order>();
    return [
      c.id,
      c.createdAt,
      { id: "provider", label: t`Provider`, value: (o) => o.provider, cell: (o) => valueText("provider", o.provider) },
      {
        id: "item",
        label: t`Item`,
        value: (o) => (o.itemTitle ? (locale === "ru" ? o.itemTitle.ru : o.itemTitle.en) : o.itemId),
        sortable: false,
      },
      c.amount,
      c.status,
      c.tx,
      {
        id: "note",
        label: t`Note`,
        value: (o) => o.note,
        sortable: false,
        cell: (o) => (
          <input
            aria-label={t`Note`}
            defaultValue={o.note ?? ""}
            onBlur={(e) =>
              e.target.value !== (o.note ?? "") &&
              act(async () => (await api(payments.edit, { orderId: o.id, note: e.target.value }), t`Saved`))
            }
          />
        ),
      },
      c.debt,
      actionsColumn((o) => [
        o.provider !== "manual" && {
          label: t`Ask provider`,
          onClick: () =>
            act(
              async () =>
                t`Provider says: ${ph({ status: (await api(payments.cashboxRequest, { orderId: o.id })).provider.status })}`,
            ),
        },
        o.provider !== "manual" && {
          label: t`Verify`,
          onClick: () =>
            act(
              async () =>
                t`Order #${ph({ id: o.id })} is ${ph({ status: statusText((await api(payments.verify, { orderId: o.id })).order.status) })}`,
            ),
        },
        (o.status === "paid" || o.status === "pending" || o.status === "created") && {
          label: t`Reverse`,
          danger: true,
          onClick: () => {
            setReversing(o);
            setReason("");
          },
        },
      ]),
    ];
  }, []);

  async function addCredit(e: React.FormEvent) {
    e.preventDefault();
    await creditErrors.run(async () => {
      // The form's text as typed: the server names what it refuses under its field.
      await sendRaw(payments.add, { playerId, ...credit });
      setCredit({ gold: "", silver: "", premiumDays: "", reason: "" });
      toast.ok(t`Credited`);
      refresh();
    });
  }

  return (
    <section className="tk-billing-payments">
      <Load state={head}>
        {(d) => (
          <header>
            <h1>{t`Payments of ${ph({ nickname: d.player.nickname })} (#${ph({ id: d.player.id })})`}</h1>
            <p>{t`Gold ${ph({ gold: fmtInt(d.player.gold) })} · silver ${ph({ silver: fmtInt(d.player.silver) })} · ${ph({ country: d.player.country })}`}</p>
          </header>
        )}
      </Load>
      <DataTable
        list={payments.list}
        params={{ playerId: Number(playerId) }}
        columns={columns}
        rowKey={(o) => String(o.id)}
        defaultSort={{ id: "id", desc: true }}
        filters={[{ id: "status", label: t`Status`, options: STATUSES.map((s) => [s, statusText(s)]) }]}
        exportName={`payments-${playerId}`}
        csv={CSV}
        version={version}
        cards
      />
      <form noValidate onSubmit={addCredit} className="tk-billing-credit">
        <h2>{t`Manual credit`}</h2>
        <div className="tk-row">
          {(["gold", "silver", "premiumDays"] as const).map((k) => (
            <label key={k}>
              {t(GRANT_NAMES[k])}{" "}
              <input
                inputMode="numeric"
                value={credit[k]}
                onChange={(e) => (setCredit({ ...credit, [k]: e.target.value }), creditErrors.clear(k))}
                {...creditErrors.input(k)}
              />
              <FieldError errors={creditErrors} name={k} />
            </label>
          ))}
          <label>
            {t`Reason`}{" "}
            <input
              value={credit.reason}
              onChange={(e) => (setCredit({ ...credit, reason: e.target.value }), creditErrors.clear("reason"))}
              {...creditErrors.input("reason")}
            />
            <FieldError errors={creditErrors} name="reason" />
          </label>
          <button type="submit" className="tk-btn tk-primary">
            {t`Manual credit`}
          </button>
        </div>
      </form>
      <Live playerId={playerId} />
      {reversing && (
        <form
          noValidate
          className="tk-row tk-billing-reverse"
          onSubmit={(e) => (e.preventDefault(), setConfirming(true))}
        >
          <strong>
            {t`Reverse`} #{reversing.id}
          </strong>
          <label>
            {t`Reason`}{" "}
            <input
              // biome-ignore lint/a11y/noAutofocus: the reason form opens on the operator's own press: its field takes the focus
              autoFocus
              required
              minLength={3}
              value={reason}
              onChange={(e) => (setReason(e.target.value), reverseErrors.clear("reason"))}
              {...reverseErrors.input("reason")}
            />
            <FieldError errors={reverseErrors} name="reason" />
          </label>
          <button type="submit" className="tk-btn tk-danger">
            {t`Reverse`}
          </button>
          <button type="button" className="tk-btn" onClick={() => setReversing(null)}>
            {t`Cancel`}
          </button>
        </form>
      )}
      <ConfirmDialog
        open={confirming && !!reversing}
        text={
          reversing
            ? t`Reverse order #${ph({ id: reversing.id })}? A paid order is refunded through the ledger, an unpaid one cancelled. History is kept.`
            : ""
        }
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          const o = reversing!;
          setConfirming(false);
          // The form stays open until the server takes it: a refused reason is said under its field.
          void reverseErrors.run(async () => {
            await api(payments.remove, { orderId: o.id, reason });
            setReversing(null);
            toast.ok(
              t`Order #${ph({ id: o.id })} is ${ph({ status: statusText(o.status === "paid" ? "refunded" : "cancelled") })}`,
            );
            refresh();
          });
        }}
      />
    </section>
  );
}
