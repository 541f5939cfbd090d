// Admin users: the list, a new admin, email and password changes, activation and the role
// ladder. The server enforces who may do what (and says why not); destructive steps are confirmed.
import { useState, type FormEvent } from "react";
import { sendRaw, useApi } from "../../lib/api.ts";
import * as access from "../../../api/contracts/admin/access.ts";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { RowMenu } from "../../components/RowMenu.tsx";
import { act } from "../../lib/action.ts";
import "./admins.css";
import { useSubmit } from "../../lib/form.ts";
import { FormMessage } from "../../components/Form.tsx";
import { FieldError } from "../../components/Form.tsx";
import { useFieldErrors, type FieldErrorState } from "../../lib/field-errors.ts";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

const ROLES = ["support", "operator", "admin", "superadmin"] as const;
type Role = (typeof ROLES)[number];
/** An operator's account as the list answers it. */
type Admin = OutputOf<typeof access.users>["admins"][number];
interface Pending {
  text: string;
  run: () => Promise<void>;
}

const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  support: msg`support`,
  operator: msg`operator`,
  admin: msg`admin`,
  superadmin: msg`superadmin`,
};
const roleName = (r: Role) => t(ROLE_NAMES[r]);

export default function AdminsPage() {
  const list = useApi(access.users, {});
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<Admin | null>(null);

  /** A row's change: the notice of how it went, and the list again. */
  const rowAct = (send: () => Promise<unknown>) => act(send, t`Saved.`, list.reload);
  /** A form's change: a refused field's message under its input, the notice, and the list again. */
  const formAct = (send: () => Promise<unknown>, errors: FieldErrorState) =>
    errors.run(async () => {
      await send();
      toast.ok(t`Saved.`);
      list.reload();
    });
  const confirmThen = (text: string, run: () => Promise<unknown>) =>
    setPending({ text, run: async () => void (await run()) });

  return (
    <section>
      <h1>{t`Admins`}</h1>
      <Load state={list} empty={(d) => d.admins.length === 0}>
        {(d) => (
          <table className="tk-admins">
            <thead>
              <tr>
                <th>{t`Username`}</th>
                <th>{t({ message: "Email", context: "admin account" })}</th>
                <th>{t`Role`}</th>
                <th>{t({ message: "Status", context: "admin account" })}</th>
                <th>{t`Created`}</th>
                <th>{t`Last sign-in`}</th>
                <th>{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {d.admins.map((a) => (
                <tr key={a.id} data-username={a.username}>
                  <td>{a.username}</td>
                  <td>{a.email}</td>
                  <td>{roleName(a.role)}</td>
                  <td>{a.active ? t`active` : t`deactivated`}</td>
                  <td>{fmtDateTime(a.createdAt)}</td>
                  <td>{a.lastLoginAt ? fmtDateTime(a.lastLoginAt) : t`never`}</td>
                  <td>
                    <RowMenu
                      actions={[
                        {
                          label: t`Promote`,
                          onClick: () => rowAct(() => sendRaw(access.promote, { username: a.username })),
                        },
                        {
                          label: t`Demote`,
                          onClick: () =>
                            confirmThen(
                              t`Demote ${ph({ username: a.username })} from ${ph({ role: roleName(a.role) })} one step down the role ladder?`,
                              () => rowAct(() => sendRaw(access.denote, { username: a.username })),
                            ),
                        },
                        a.active
                          ? {
                              label: t`Deactivate`,
                              danger: true,
                              onClick: () =>
                                confirmThen(
                                  t`Deactivate ${ph({ username: a.username })}? Their sessions end at once and they cannot sign in until activated.`,
                                  () => rowAct(() => sendRaw(access.deactivate, { username: a.username })),
                                ),
                            }
                          : {
                              label: t({ message: "Activate", context: "admin account" }),
                              onClick: () => rowAct(() => sendRaw(access.activate, { username: a.username })),
                            },
                        { label: t`Edit`, onClick: () => setEditing(a) },
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Load>
      {editing && <EditAdmin admin={editing} act={formAct} confirmThen={confirmThen} close={() => setEditing(null)} />}
      <CreateAdmin onCreated={list.reload} />
      <ConfirmDialog
        open={pending !== null}
        text={pending?.text ?? ""}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          void p?.run();
        }}
      />
    </section>
  );
}

function EditAdmin({
  admin,
  act,
  confirmThen,
  close,
}: {
  admin: Admin;
  act: (send: () => Promise<unknown>, errors: FieldErrorState) => Promise<boolean>;
  confirmThen: (text: string, run: () => Promise<unknown>) => void;
  close: () => void;
}) {
  const [email, setEmail] = useState(admin.email);
  const [password, setPassword] = useState("");
  const emailErrors = useFieldErrors();
  const passwordErrors = useFieldErrors();
  return (
    <section className="tk-panel" aria-labelledby="edit-admin-title">
      <h2 id="edit-admin-title">{t`Edit ${ph({ username: admin.username })}`}</h2>
      <form
        noValidate
        className="tk-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => sendRaw(access.changeEmail, { username: admin.username, email }), emailErrors);
        }}
      >
        <label>
          {t({ message: "Email", context: "admin account" })}{" "}
          <input
            name="email"
            type="email"
            value={email}
            onChange={(e) => (setEmail(e.target.value), emailErrors.clear("email"))}
            required
            {...emailErrors.input("email")}
          />
          <FieldError errors={emailErrors} name="email" />
        </label>
        <button type="submit" className="tk-btn">
          {t`Change email`}
        </button>
      </form>
      <form
        noValidate
        className="tk-row"
        onSubmit={(e) => {
          e.preventDefault();
          confirmThen(
            t`Change the password of ${ph({ username: admin.username })}? Their sessions end at once.`,
            async () => {
              if (
                await act(() => sendRaw(access.changePassword, { username: admin.username, password }), passwordErrors)
              )
                setPassword("");
            },
          );
        }}
      >
        <label>
          {t`New password`}{" "}
          <input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => (setPassword(e.target.value), passwordErrors.clear("password"))}
            required
            {...passwordErrors.input("password")}
          />
          <FieldError errors={passwordErrors} name="password" />
        </label>
        <button type="submit" className="tk-btn">
          {t`Change password`}
        </button>
      </form>
      <button type="button" className="tk-btn" onClick={close}>
        {t`Close`}
      </button>
    </section>
  );
}

function CreateAdmin({ onCreated }: { onCreated: () => void }) {
  const empty = { username: "", email: "", password: "", role: "support" as Role };
  const [form, setForm] = useState(empty);
  const { busy, errors, run } = useSubmit({ notice: false });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => (
    setForm((f) => ({ ...f, [k]: e.target.value })), errors.clear(k)
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await sendRaw(access.create, form);
      toast.ok(t`Admin ${ph({ username: form.username })} created.`);
      setForm(empty);
      onCreated();
    });
  };
  return (
    <form className="tk-panel tk-form" onSubmit={submit} noValidate aria-labelledby="create-admin-title">
      <h2 id="create-admin-title">{t`New admin`}</h2>
      <label>
        {t`Username`}{" "}
        <input
          name="username"
          value={form.username}
          onChange={set("username")}
          required
          {...errors.input("username")}
        />
        <FieldError errors={errors} name="username" />
      </label>
      <label>
        {t({ message: "Email", context: "admin account" })}{" "}
        <input
          name="email"
          type="email"
          value={form.email}
          onChange={set("email")}
          required
          {...errors.input("email")}
        />
        <FieldError errors={errors} name="email" />
      </label>
      <label>
        {t`Password`}{" "}
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set("password")}
          required
          {...errors.input("password")}
        />
        <FieldError errors={errors} name="password" />
      </label>
      <label>
        {t`Role`}{" "}
        <select name="role" value={form.role} onChange={set("role")} {...errors.input("role")}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
        <FieldError errors={errors} name="role" />
      </label>
      <FormMessage errors={errors} />
      <button type="submit" className="tk-btn tk-primary" disabled={busy}>
        {t`Create`}
      </button>
    </form>
  );
}
