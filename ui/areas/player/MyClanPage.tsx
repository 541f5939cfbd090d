// The player's clan: its card, members with their roles, live requests (approve or reject) for
// the leader and officers, editing, and leaving or removing the clan, each confirmed first.
// Without a clan: the player's pending requests and the ways to find or found one.
import { useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as clans from "../../../api/contracts/public/profile/clans.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { useForm } from "../../lib/form.ts";
import { Load, Empty } from "../../components/States.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toast } from "../../components/Toasts.tsx";
import { editClanSchema, editDescriptionSchema } from "./schemas.ts";
import { ChatPanel } from "../community/ChatPanel.tsx";

export const ROLES = { leader: msg`Leader`, officer: msg`Officer`, member: msg`Member` } as const;
type Role = keyof typeof ROLES;
type Joined = Extract<OutputOf<typeof clans.myClan>, { role: string }>;
type Clan = Joined["clan"];
type LogEntry = Joined["log"][number];

// What each clan log action says; an operator's change is marked as one ("admin." prefix).
const LOG_ACTIONS: Record<string, ReturnType<typeof msg>> = {
  create: msg`founded the clan`,
  edit: msg`edited the clan`,
  leader: msg`handed leadership to`,
  role: msg`changed the role of`,
  quit: msg`left the clan`,
  remove: msg`removed the clan`,
  request: msg`asked to join`,
  approve: msg`accepted`,
  reject: msg`turned down`,
  kick: msg`removed from the clan`,
};

function ClanLog({ log }: { log: LogEntry[] }) {
  if (log.length === 0) return <Empty>{t`Nothing has happened in the clan yet.`}</Empty>;
  return (
    <ul aria-label={t`Clan log`} className="tk-list">
      {log.map((e) => {
        const byOperator = e.action.startsWith("admin.");
        const what = LOG_ACTIONS[byOperator ? e.action.slice(6) : e.action];
        const self =
          e.action === "quit" ||
          e.action === "request" ||
          e.action === "create" ||
          e.action === "edit" ||
          e.action === "remove";
        return (
          <li key={e.id}>
            <time className="tk-hint">{fmtDateTime(e.createdAt)}</time> {byOperator ? t`An operator` : (e.actor ?? "—")}{" "}
            {what ? t(what) : e.action}
            {!self && e.target ? ` ${e.target}` : ""}
          </li>
        );
      })}
    </ul>
  );
}
type Pending = { text: string; run: () => Promise<unknown>; done: string; after?: () => void } | null;

function EditClan({ clan, leader, onDone }: { clan: Clan; leader: boolean; onDone: () => void }) {
  const form = useForm(
    leader ? editClanSchema : editDescriptionSchema,
    leader ? { name: clan.name, tag: clan.tag, description: clan.description } : { description: clan.description },
  );
  return (
    <Form
      form={form}
      submitLabel={t`Save`}
      onSubmit={form.submit(async (_input, data) => {
        await api(clans.editClan, data);
        toast.ok(t`Clan saved`);
        onDone();
      })}
    >
      {leader && <FormField form={form} name="name" label={t`Clan name`} />}
      {leader && <FormField form={form} name="tag" label={t`Tag`} />}
      <FormField form={form} name="description" label={t`Description`} type="textarea" />
    </Form>
  );
}

export default function MyClanPage() {
  const state = useApi(clans.myClan, {});
  const [pending, setPending] = useState<Pending>(null);
  const [editing, setEditing] = useState(false);
  const run = (work: () => Promise<unknown>, done: string, after?: () => void) =>
    act(work, done, after ?? state.reload);
  const confirm = async () => {
    const p = pending;
    setPending(null);
    if (p) await run(p.run, p.done, p.after);
  };
  return (
    <section aria-labelledby="clan-title">
      <Load state={state}>
        {(d) =>
          !d.clan ? (
            <>
              <h1 id="clan-title">{t`My clan`}</h1>
              <p>{t`You are not in a clan.`}</p>
              <p className="tk-row">
                <a className="tk-btn tk-primary" href="/public/profile/searchClans">
                  {t`Find a clan`}
                </a>
                <a className="tk-btn" href="/public/profile/createClan">
                  {t`Found a clan for ${ph({ price: fmtInt(d.rules.priceGold) })} gold`}
                </a>
              </p>
              <h2>{t`My requests`}</h2>
              {d.requests.length === 0 ? (
                <Empty>{t`No pending requests.`}</Empty>
              ) : (
                <ul>
                  {d.requests.map((r) => (
                    <li
                      key={r.id}
                    >{t`[${ph({ tag: r.tag })}] ${ph({ name: r.name })}, waiting until ${ph({ until: fmtDateTime(r.expiresAt) })}`}</li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <>
              <h1 id="clan-title">{`[${d.clan.tag}] ${d.clan.name}`}</h1>
              <p>{d.clan.description}</p>
              <p className="tk-row">
                <span>{t`Your role: ${ph({ role: t(ROLES[d.role]) })}`}</span>
                <span>{t`Rating ${ph({ rating: fmtInt(d.clan.rating) })}`}</span>
                <span>{t`Members ${ph({ n: d.members.length })} of ${ph({ limit: d.rules.memberLimit })}`}</span>
              </p>
              {d.role !== "member" && (
                <button type="button" className="tk-btn" aria-expanded={editing} onClick={() => setEditing(!editing)}>
                  {t`Edit clan`}
                </button>
              )}
              {editing && (
                <EditClan
                  clan={d.clan}
                  leader={d.role === "leader"}
                  onDone={() => (setEditing(false), state.reload())}
                />
              )}
              <h2>{t`Members`}</h2>
              <ul aria-label={t`Members`} className="tk-list">
                {d.members.map((m) => (
                  <li key={m.playerId} className="tk-row">
                    <span>
                      {m.nickname} ({t`level`} {m.level}) — {t(ROLES[m.role])}
                    </span>
                    {d.role === "leader" && m.role !== "leader" && (
                      <>
                        <label>
                          <span className="tk-sr">{t`Role of ${ph({ nickname: m.nickname })}`}</span>
                          <select
                            value={m.role}
                            onChange={(e) =>
                              run(
                                () => api(clans.editClan, { memberId: m.playerId, role: e.target.value as Role }),
                                t`Role changed`,
                              )
                            }
                          >
                            <option value="officer">{t(ROLES.officer)}</option>
                            <option value="member">{t(ROLES.member)}</option>
                          </select>
                        </label>
                        <button
                          type="button"
                          className="tk-btn"
                          onClick={() =>
                            setPending({
                              text: t`Hand the leadership over to ${ph({ nickname: m.nickname })}? You become an officer.`,
                              run: () => api(clans.editClan, { memberId: m.playerId, role: "leader" }),
                              done: t`Leadership handed over`,
                            })
                          }
                        >
                          {t`Make leader`}
                        </button>
                      </>
                    )}
                    {d.role !== "member" && m.role !== "leader" && !(d.role === "officer" && m.role === "officer") && (
                      <button
                        type="button"
                        className="tk-btn tk-danger"
                        onClick={() =>
                          setPending({
                            text: t`Remove ${ph({ nickname: m.nickname })} from the clan?`,
                            run: () => api(clans.removeMember, { memberId: m.playerId }),
                            done: t`Member removed`,
                          })
                        }
                      >
                        {t`Remove`}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {d.role !== "member" && (
                <>
                  <h2>{t`Requests to join`}</h2>
                  {d.requests.length === 0 ? (
                    <Empty>{t`No requests.`}</Empty>
                  ) : (
                    <ul aria-label={t`Requests to join`} className="tk-list">
                      {d.requests.map((r) => (
                        <li key={r.id} className="tk-row">
                          <span>
                            {r.nickname} ({t`level`} {r.level}){r.message ? `: ${r.message}` : ""}
                          </span>
                          <button
                            type="button"
                            className="tk-btn tk-primary"
                            onClick={() =>
                              run(() => api(clans.approveRequest, { requestId: r.id }), t`Request approved`)
                            }
                          >
                            {t`Approve ${ph({ nickname: r.nickname })}`}
                          </button>
                          <button
                            type="button"
                            className="tk-btn"
                            onClick={() =>
                              setPending({
                                text: t`Reject the request of ${ph({ nickname: r.nickname })}?`,
                                run: () => api(clans.rejectRequest, { requestId: r.id }),
                                done: t`Request rejected`,
                              })
                            }
                          >
                            {t`Reject`}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
              <ChatPanel room={`clan:${d.clan.id}`} />
              <h2>{t`Clan log`}</h2>
              <ClanLog log={d.log} />
              <p className="tk-row">
                <button
                  type="button"
                  className="tk-btn tk-danger"
                  onClick={() =>
                    setPending({
                      text: t`Leave the clan?`,
                      run: () => api(clans.quitClan),
                      done: t`You left the clan`,
                    })
                  }
                >
                  {t`Leave the clan`}
                </button>
                {d.role === "leader" && (
                  <button
                    type="button"
                    className="tk-btn tk-danger"
                    onClick={() =>
                      setPending({
                        text: t`Remove the clan for everyone? This cannot be undone.`,
                        run: () => api(clans.removeClan),
                        done: t`Clan removed`,
                      })
                    }
                  >
                    {t`Remove the clan`}
                  </button>
                )}
              </p>
            </>
          )
        }
      </Load>
      <ConfirmDialog
        open={pending !== null}
        text={pending?.text ?? ""}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
