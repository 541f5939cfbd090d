// GET /admin/logout: asks before signing out. The sign-out itself is a POST with the session's
// CSRF token, so a link or a prefetch never signs an operator out.
import { api, useApi } from "../../lib/api.ts";
import * as access from "../../../api/contracts/admin/access.ts";
import { Load } from "../../components/States.tsx";
import { useSubmit } from "../../lib/form.ts";
import { FormMessage } from "../../components/Form.tsx";
import { t } from "@lingui/core/macro";

export default function LogoutPage() {
  const state = useApi(access.logoutPage, {});
  const { busy, errors, run } = useSubmit({ notice: false });
  const signOut = () =>
    run(async () => {
      await api(access.logout);
      location.assign("/admin/login");
    });
  return (
    <section className="tk-logout" aria-labelledby="logout-title">
      <h1 id="logout-title">{t`Sign out of the back office?`}</h1>
      <Load state={state}>
        {({ admin: { username } }) => (
          <>
            <p>{t`You are signed in as ${username}.`}</p>
            <FormMessage errors={errors} />
            <div className="tk-row">
              <button type="button" className="tk-btn tk-primary" disabled={busy} onClick={() => void signOut()}>
                {busy ? t`Signing out…` : t`Sign out`}
              </button>
              <a href="/admin/" className="tk-btn">
                {t`Stay signed in`}
              </a>
            </div>
          </>
        )}
      </Load>
    </section>
  );
}
