// Admin users: the list, a new admin, email and password changes, activation and the role
// ladder. The server enforces who may do what (and says why not); destructive steps are confirmed.
import { useState, type FormEvent } from "react";
import { api, useApi, ApiError } from "../../lib/api.ts";
import { fmtDateTime } from "../../lib/i18n.ts";
import { Load } from "../../components/States.tsx";
import { toast } from "../../components/Toasts.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useSubmit, FormError } from "./useSubmit.tsx";
import { t } from "./t.ts";

const ROLES = ["support", "operator", "admin", "superadmin"] as const;
type Role = (typeof ROLES)[number];
interface Admin {
  id: number;
  username: string;
  email: string;
  role: Role;
  active: boolean;
  createdAt: number;
  lastLoginAt: number | null;
}
interface Pending {
  text: string;
  run: () => Promise<void>;
}

const roleName = (r: Role) => t(`role.${r}`);
const userUrl = (action: string, username: string) => `/admin/api/user/${action}/${encodeURIComponent(username)}`;

export default function AdminsPage() {
  const list = useApi<{ admins: Admin[] }>("/admin/api/user/");
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<Admin | null>(null);

  /** Runs one change, tells how it went, and reloads the list. */
  const act = async (url: string, body: unknown = {}) => {
    try {
      await api(url, { body });
      toast.ok(t("admins.saved"));
      list.reload();
      return true;
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : String(err));
      return false;
    }
  };
  const confirmThen = (text: string, run: () => Promise<unknown>) => setPending({ text, run: async () => void (await run()) });

  return (
    <section>
      <h1>{t("admins.title")}</h1>
      <Load state={list} empty={(d) => d.admins.length === 0}>
        {(d) => (
          <table>
            <thead>
              <tr>
                <th>{t("admins.username")}</th>
                <th>{t("admins.email")}</th>
                <th>{t("admins.role")}</th>
                <th>{t("admins.status")}</th>
                <th>{t("admins.created")}</th>
                <th>{t("admins.lastLogin")}</th>
                <th>{t("admins.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {d.admins.map((a) => (
                <tr key={a.id} data-username={a.username}>
                  <td>{a.username}</td>
                  <td>{a.email}</td>
                  <td>{roleName(a.role)}</td>
                  <td>{a.active ? t("admins.active") : t("admins.inactive")}</td>
                  <td>{fmtDateTime(a.createdAt)}</td>
                  <td>{a.lastLoginAt ? fmtDateTime(a.lastLoginAt) : t("admins.never")}</td>
                  <td className="tk-row">
                    <button type="button" className="tk-btn" onClick={() => act(userUrl("promote", a.username))}>
                      {t("admins.promote")}
                    </button>
                    <button type="button" className="tk-btn" onClick={() => confirmThen(t("admins.confirm.denote", { username: a.username, role: roleName(a.role) }), () => act(userUrl("denote", a.username)))}>
                      {t("admins.denote")}
                    </button>
                    {a.active ? (
                      <button type="button" className="tk-btn tk-danger" onClick={() => confirmThen(t("admins.confirm.deactivate", { username: a.username }), () => act(userUrl("deactivate", a.username)))}>
                        {t("admins.deactivate")}
                      </button>
                    ) : (
                      <button type="button" className="tk-btn" onClick={() => act(userUrl("activate", a.username))}>
                        {t("admins.activate")}
                      </button>
                    )}
                    <button type="button" className="tk-btn" onClick={() => setEditing(a)}>
                      {t("admins.edit")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Load>
      {editing && <EditAdmin admin={editing} act={act} confirmThen={confirmThen} close={() => setEditing(null)} />}
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

function EditAdmin({ admin, act, confirmThen, close }: { admin: Admin; act: (url: string, body?: unknown) => Promise<boolean>; confirmThen: (text: string, run: () => Promise<unknown>) => void; close: () => void }) {
  const [email, setEmail] = useState(admin.email);
  const [password, setPassword] = useState("");
  return (
    <section className="tk-panel" aria-labelledby="edit-admin-title">
      <h2 id="edit-admin-title">{t("admins.editTitle", { username: admin.username })}</h2>
      <form
        className="tk-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act(userUrl("change-email", admin.username), { email });
        }}
      >
        <label>
          {t("admins.email")} <input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <button type="submit" className="tk-btn">
          {t("admins.saveEmail")}
        </button>
      </form>
      <form
        className="tk-row"
        onSubmit={(e) => {
          e.preventDefault();
          confirmThen(t("admins.confirm.password", { username: admin.username }), async () => {
            if (await act(userUrl("change-password", admin.username), { password })) setPassword("");
          });
        }}
      >
        <label>
          {t("admins.newPassword")} <input name="newPassword" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <button type="submit" className="tk-btn">
          {t("admins.savePassword")}
        </button>
      </form>
      <button type="button" className="tk-btn" onClick={close}>
        {t("admins.close")}
      </button>
    </section>
  );
}

function CreateAdmin({ onCreated }: { onCreated: () => void }) {
  const empty = { username: "", email: "", password: "", role: "support" as Role };
  const [form, setForm] = useState(empty);
  const { busy, error, run } = useSubmit();
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api("/admin/api/user/create", { body: form });
      toast.ok(t("admins.created.ok", { username: form.username }));
      setForm(empty);
      onCreated();
    });
  };
  const fieldError = (k: string) => error?.fields[k] && <span className="tk-field-error">{error.fields[k]}</span>;
  return (
    <form className="tk-panel tk-form" onSubmit={submit} noValidate aria-labelledby="create-admin-title">
      <h2 id="create-admin-title">{t("admins.create")}</h2>
      <label>
        {t("admins.username")} <input name="username" value={form.username} onChange={set("username")} aria-invalid={Boolean(error?.fields.username)} required />
        {fieldError("username")}
      </label>
      <label>
        {t("admins.email")} <input name="email" type="email" value={form.email} onChange={set("email")} aria-invalid={Boolean(error?.fields.email)} required />
        {fieldError("email")}
      </label>
      <label>
        {t("admins.password")} <input name="password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} aria-invalid={Boolean(error?.fields.password)} required />
        {fieldError("password")}
      </label>
      <label>
        {t("admins.role")}{" "}
        <select name="role" value={form.role} onChange={set("role")}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      </label>
      <FormError error={error} />
      <button type="submit" className="tk-btn tk-primary" disabled={busy}>
        {t("admins.createSubmit")}
      </button>
    </form>
  );
}
