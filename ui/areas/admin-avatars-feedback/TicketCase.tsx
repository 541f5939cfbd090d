// The ticket page's case (issue 31, support from one screen): the player's balance, premium and
// ban; their recent orders with the provider's state and "verify"; recent battles and bans; the
// ticket's status history; and "credit and reply" — a compensation tied to the ticket, within the
// operator's role's cap, after a confirmation, answered in the thread in the same step.
import { useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, href, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { caseOf, creditAndReply } from "../../../api/contracts/admin/feedback.ts";
import * as payments from "../../../api/contracts/admin/playerPayment.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { useSubmit } from "../../lib/form.ts";
import { FieldError } from "../../components/Form.tsx";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { valueText } from "../../shell/AdminLabels.ts";
import { money, statusText } from "../billing/t.ts";
import { ticketStatusOf } from "./words.ts";
import { battleStatusText } from "../admin-clans-battles/t.ts";

/** Orders a provider may still settle: an operator asks it again (verify). */
const VERIFIABLE = new Set(["created", "pending", "failed"]);

function CreditAndReply({
  ticketId,
  nickname,
  cap,
  onDone,
}: {
  ticketId: number;
  nickname: string;
  cap: { gold: number; silver: number; premiumDays: number };
  onDone: () => void;
}) {
  const [v, setV] = useState({ gold: "", silver: "", premiumDays: "", reason: "", reply: "" });
  const [asking, setAsking] = useState(false);
  const { busy, errors, run: submit } = useSubmit();
  const n = (s: string) => (s.trim() === "" ? 0 : Number(s));
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => {
    setV({ ...v, [k]: e.target.value });
    errors.clear(k);
  };
  const what = [
    n(v.gold) ? t`${ph({ n: fmtInt(n(v.gold)) })} gold` : "",
    n(v.silver) ? t`${ph({ n: fmtInt(n(v.silver)) })} silver` : "",
    n(v.premiumDays) ? t`${ph({ n: fmtInt(n(v.premiumDays)) })} days of premium` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const run = async () => {
    setAsking(false);
    await submit(async () => {
      const r = await api(creditAndReply, {
        ticketId,
        gold: n(v.gold),
        silver: n(v.silver),
        premiumDays: n(v.premiumDays),
        reason: v.reason,
        reply: v.reply,
      });
      toast.ok(t`Credited and answered: the balance is ${ph({ gold: fmtInt(r.balance.gold) })} gold now.`);
      setV({ gold: "", silver: "", premiumDays: "", reason: "", reply: "" });
      onDone();
    });
  };
  const field = (k: "gold" | "silver" | "premiumDays", label: string) => (
    <div className="tk-field">
      <label htmlFor={errors.id(k)}>{label}</label>
      <input inputMode="numeric" name={k} value={v[k]} onChange={set(k)} {...errors.input(k)} />
      <small className="tk-hint">{t`at most ${ph({ n: fmtInt(cap[k]) })}`}</small>
      <FieldError errors={errors} name={k} />
    </div>
  );
  return (
    <form
      noValidate
      className="tk-panel"
      aria-label={t`Credit and reply`}
      onSubmit={(e) => (e.preventDefault(), setAsking(true))}
    >
      <h3>{t`Credit and reply`}</h3>
      <p className="tk-hint">
        {t`A compensation: credited through the ledger, written to the admin log with this ticket; it is not revenue and does not make the player a payer.`}
      </p>
      <div className="tk-row">
        {field("gold", t`Gold`)}
        {field("silver", t`Silver`)}
        {field("premiumDays", t`Premium days`)}
      </div>
      <div className="tk-field">
        <label htmlFor={errors.id("reason")}>{t`Reason (operators only)`}</label>
        <input name="reason" value={v.reason} onChange={set("reason")} {...errors.input("reason")} />
        <FieldError errors={errors} name="reason" />
      </div>
      <div className="tk-field">
        <label htmlFor={errors.id("reply")}>{t`Reply to the player`}</label>
        <textarea name="reply" rows={4} value={v.reply} onChange={set("reply")} {...errors.input("reply")} />
        <FieldError errors={errors} name="reply" />
      </div>
      <button type="submit" className="tk-btn tk-primary" disabled={busy || !what || !v.reply.trim()}>
        {t`Credit and reply`}
      </button>
      <ConfirmDialog
        open={asking}
        text={t`Credit ${ph({ what })} to ${ph({ nickname })} and send the reply?`}
        onCancel={() => setAsking(false)}
        onConfirm={run}
      />
    </form>
  );
}

export function TicketCase({
  ticketId,
  version,
  onChanged,
}: {
  ticketId: number;
  version: number;
  onChanged: () => void;
}) {
  const state = useApi(caseOf, { ticketId });
  const [seen, setSeen] = useState(version);
  if (seen !== version) {
    setSeen(version);
    state.reload();
  }
  const verify = (orderId: number) =>
    act(
      () => api(payments.verify, { orderId }),
      (r) => t`The provider was asked: the order is ${ph({ status: statusText(r.order.status) })}.`,
      state.reload,
    );
  return (
    <Load state={state}>
      {(d) => {
        const p = d.player;
        return (
          <aside className="tk-case" aria-label={t`The player's case`}>
            <section className="tk-panel">
              <h2>
                <a href={`/admin/player/${p.id}`}>{p.nickname}</a> #{p.id}
              </h2>
              <dl className="tk-facts-grid">
                <dt>{t`Balance`}</dt>
                <dd data-testid="case-balance">
                  {t`${ph({ gold: fmtInt(p.gold) })} gold · ${ph({ silver: fmtInt(p.silver) })} silver`}
                </dd>
                <dt>{t`Premium`}</dt>
                <dd>{p.premiumUntil ? t`until ${ph({ until: fmtDateTime(p.premiumUntil) })}` : t`none`}</dd>
                <dt>{t({ message: "Ban", context: "ban state" })}</dt>
                <dd>
                  {p.bannedUntil
                    ? t`banned until ${ph({ until: fmtDateTime(p.bannedUntil) })}: ${ph({ reason: p.banReason ?? "" })}`
                    : t`not banned`}
                </dd>
                <dt>{t`Level`}</dt>
                <dd>{fmtInt(p.level)}</dd>
                <dt>{t`Country, city`}</dt>
                <dd>{[p.country, p.city].filter(Boolean).join(", ")}</dd>
                <dt>{t`Registered`}</dt>
                <dd>{fmtDateTime(p.createdAt)}</dd>
                <dt>{t`Last sign-in`}</dt>
                <dd>{p.lastLoginAt ? fmtDateTime(p.lastLoginAt) : "—"}</dd>
              </dl>
            </section>
            <section className="tk-panel" aria-label={t`Recent orders`}>
              <h3>
                {t`Recent orders`} · <a href={href(payments.player, { playerId: p.id })}>{t`all payments`}</a>
              </h3>
              {d.orders.length === 0 ? (
                <p className="tk-hint">{t`No orders.`}</p>
              ) : (
                <ul className="tk-list-cards">
                  {d.orders.map((o) => (
                    <li key={o.id} className="tk-list-card" data-testid={`case-order-${o.id}`}>
                      <strong>
                        #{o.id} · {o.provider === "manual" ? t`compensation` : money(o.amountMinor, o.currency)}
                      </strong>
                      <span>
                        {valueText("provider", o.provider)} · {statusText(o.status)}
                        {o.gold ? ` · ${t`${ph({ n: fmtInt(o.gold) })} gold`}` : ""}
                      </span>
                      <span className="tk-hint">
                        {fmtDateTime(o.createdAt)}
                        {o.paidAt ? ` · ${t`paid ${ph({ at: fmtDateTime(o.paidAt) })}`}` : ""}
                      </span>
                      {o.provider !== "manual" && VERIFIABLE.has(o.status) && (
                        <button type="button" className="tk-btn" onClick={() => verify(o.id)}>
                          {t`Verify with the provider`}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <CreditAndReply
              ticketId={ticketId}
              nickname={p.nickname}
              cap={d.creditCap}
              onDone={() => (state.reload(), onChanged())}
            />
            <section className="tk-panel" aria-label={t`Status history`}>
              <h3>{t`Status history`}</h3>
              <ol className="tk-history">
                {d.history.map((h) => (
                  <li key={h.id}>
                    {fmtDateTime(h.at)} ·{" "}
                    {h.from === null
                      ? t`opened by the player`
                      : `${ticketStatusOf(h.from)} → ${ticketStatusOf(h.to)}${h.by ? ` (${h.by})` : h.source === "player" ? ` (${t`the player`})` : ""}`}
                  </li>
                ))}
              </ol>
            </section>
            <section className="tk-panel" aria-label={t`Recent battles`}>
              <h3>
                {t`Recent battles`} · <a href={`/admin/player/${p.id}/battles`}>{t`all battles`}</a>
              </h3>
              {d.battles.length === 0 ? (
                <p className="tk-hint">{t`No battles.`}</p>
              ) : (
                <ul className="tk-history">
                  {d.battles.map((b) => (
                    <li key={b.battleId}>
                      <a href={`/admin/player/${p.id}/battles/${b.battleId}`}>#{b.battleId}</a> ·{" "}
                      {fmtDateTime(b.startedAt)} · {b.tank ? b.tank[locale] : `#${b.tankId}`} ·{" "}
                      {b.result ? valueText("result", b.result) : battleStatusText(b.status)} ·{" "}
                      {t`kills ${ph({ kills: fmtInt(b.kills) })}, damage ${ph({ damage: fmtInt(b.damage) })}`}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="tk-panel" aria-label={t`Bans`}>
              <h3>
                {t`Bans`} · <a href={`/admin/banLog/${p.id}`}>{t`ban log`}</a>
              </h3>
              {d.bans.length === 0 ? (
                <p className="tk-hint">{t`Never banned.`}</p>
              ) : (
                <ul className="tk-history">
                  {d.bans.map((b) => (
                    <li key={b.id}>
                      {fmtDateTime(b.createdAt)} ·{" "}
                      {b.action === "ban"
                        ? t`banned until ${ph({ until: fmtDateTime(b.until) })} by ${ph({ admin: b.adminUsername })}: ${ph({ reason: b.reason ?? "" })}`
                        : t`unbanned by ${ph({ admin: b.adminUsername })}`}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </aside>
        );
      }}
    </Load>
  );
}
