// /admin/clan/:clanId — a clan's card: edit name, tag, description; its members with their
// roles (change a role, hand the leadership over, remove a member — each after a confirmation);
// the member CSV; links to the clan log and counters; removing the clan (admins).
import { useState } from "react";
import { t, ph } from "@lingui/core/macro";
import { api, sendRaw, useApi } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { fmtDateTime, fmtInt } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors } from "../../lib/field-errors.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Table } from "../../components/Table.tsx";
import { roleText, CLAN_ROLES } from "./t.ts";
import type { ClanRow } from "./ClansPage.tsx";
import { actionsColumn } from "../../components/RowMenu.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as clans from "../../../api/contracts/admin/clans.ts";

type Member = OutputOf<typeof clans.card>["members"][number];
type Pending =
  | { kind: "role"; member: Member; role: Member["role"] }
  | { kind: "remove"; member: Member }
  | { kind: "clan" };

function EditForm({ clan, onSaved }: { clan: ClanRow; onSaved: () => void }) {
  const [form, setForm] = useState({ name: clan.name, tag: clan.tag, description: clan.description });
  const errors = useFieldErrors();
  async function save(e: React.FormEvent) {
    e.preventDefault();
    await errors.run(async () => {
      await sendRaw(clans.setClan, { clanId: clan.id, ...form });
      toast.ok(t`Saved`);
      onSaved();
    });
  }
  const field = (name: "name" | "tag" | "description", label: string) => (
    <label>
      {label}
      <input
        name={name}
        value={form[name]}
        onChange={(e) => (setForm({ ...form, [name]: e.target.value }), errors.clear(name))}
        {...errors.input(name)}
      />
      <FieldError errors={errors} name={name} />
    </label>
  );
  return (
    <form noValidate className="tk-form-grid" onSubmit={save}>
      {field("name", t`Name`)}
      {field("tag", t`Tag`)}
      {field("description", t`Description`)}
      <button type="submit" className="tk-btn tk-primary">
        {t`Save`}
      </button>
    </form>
  );
}

export default function ClanPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.clanId ?? "";
  const state = useApi(clans.card, { clanId: Number(id) });
  const [pending, setPending] = useState<Pending | null>(null);

  async function apply(p: Pending) {
    setPending(null);
    const clanId = Number(id);
    if (p.kind === "role")
      await act(
        () => api(clans.setMember, { clanId, playerId: p.member.playerId, role: p.role }),
        t`Saved`,
        state.reload,
      );
    else if (p.kind === "remove")
      await act(() => api(clans.removeMember, { clanId, playerId: p.member.playerId }), t`Saved`, state.reload);
    else
      await act(
        () => api(clans.removeClan, { clanId }),
        t`Clan removed`,
        () => location.assign("/admin/clan/"),
      );
  }
  const question = (p: Pending | null) =>
    !p
      ? ""
      : p.kind === "role"
        ? t`Make ${ph({ nickname: p.member.nickname })} ${ph({ role: roleText(p.role) })}?`
        : p.kind === "remove"
          ? t`Remove ${ph({ nickname: p.member.nickname })} from the clan?`
          : t`Remove the clan with all its members?`;

  return (
    <Load state={state}>
      {(d) => (
        <section className="tk-clan">
          <h1>
            [{d.clan.tag}] {d.clan.name}
          </h1>
          <p>
            {t`Rating ${ph({ rating: fmtInt(d.clan.rating) })} · wins ${ph({ wins: fmtInt(d.clan.wins) })} · members ${ph({ n: fmtInt(d.clan.members) })} · created ${ph({ at: fmtDateTime(d.clan.createdAt) })}`}
          </p>
          <nav className="tk-row">
            <a href={`/admin/clanLog/${d.clan.id}`}>{t`Clan log`}</a>
            <a href={`/admin/clanCounters/${d.clan.id}`}>{t`Counters`}</a>
            <a href={`/admin/clan/export/members/${d.clan.id}`} download>
              {t`Members CSV`}
            </a>
          </nav>
          <EditForm key={`${d.clan.name}|${d.clan.tag}|${d.clan.description}`} clan={d.clan} onSaved={state.reload} />
          <h2>{t`Members`}</h2>
          <Table
            rows={d.members}
            rowKey={(m) => String(m.playerId)}
            columns={[
              {
                id: "nickname",
                label: t`Player`,
                value: (m) => m.nickname,
                cell: (m) => <a href={`/admin/player/${m.playerId}`}>{m.nickname}</a>,
              },
              {
                id: "role",
                label: t`Role`,
                value: (m) => m.role,
                cell: (m) =>
                  m.role === "leader" ? (
                    roleText(m.role)
                  ) : (
                    <select
                      aria-label={t`Role of ${ph({ nickname: m.nickname })}`}
                      value={m.role}
                      onChange={(e) => {
                        const role = CLAN_ROLES.find((r) => r === e.target.value);
                        if (role) setPending({ kind: "role", member: m, role });
                      }}
                    >
                      {CLAN_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {roleText(r)}
                        </option>
                      ))}
                    </select>
                  ),
              },
              { id: "level", label: t`Level`, value: (m) => m.level },
              { id: "rating", label: t`Rating`, value: (m) => m.rating },
              { id: "battles", label: t`Battles`, value: (m) => m.battles },
              { id: "joinedAt", label: t`Joined`, value: (m) => m.joinedAt, cell: (m) => fmtDateTime(m.joinedAt) },
              actionsColumn<Member>((m) => [
                m.role !== "leader" && {
                  label: t`Remove`,
                  danger: true,
                  onClick: () => setPending({ kind: "remove", member: m }),
                },
              ]),
            ]}
          />
          <p>
            <button type="button" className="tk-btn tk-danger" onClick={() => setPending({ kind: "clan" })}>
              {t`Remove the clan`}
            </button>
          </p>
          <ConfirmDialog
            open={pending !== null}
            text={question(pending)}
            onConfirm={() => pending && apply(pending)}
            onCancel={() => setPending(null)}
          />
        </section>
      )}
    </Load>
  );
}
