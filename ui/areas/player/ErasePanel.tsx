// Erasing personal data: what goes and what stays, a confirmation, then the player is signed out
// (the server ends every session) and taken to the landing page.
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api } from "../../lib/api.ts";
import * as profile from "../../../api/contracts/public/profile.ts";
import { act } from "../../lib/action.ts";
import { locale } from "../../lib/i18n.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";

export function ErasePanel() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const erase = async () => {
    setAsking(false);
    setBusy(true);
    const done = await act(
      () => api(profile.erase),
      null,
      () => window.location.assign(`/${locale}/public?erased=1`),
    );
    if (!done) setBusy(false);
  };
  return (
    <section className="tk-panel" aria-labelledby="erase-title">
      <h2 id="erase-title">{t`Erase my personal data`}</h2>
      <p>{t`Your email, password, avatar, linked social accounts and the texts of your support messages are removed, and your nickname is replaced. If you lead a clan, it passes to an officer. Your purchases and payments stay on record, linked only to your player id. You will be signed out everywhere. This cannot be undone.`}</p>
      <button type="button" className="tk-btn tk-danger" disabled={busy} onClick={() => setAsking(true)}>
        {t`Erase my data`}
      </button>
      <ConfirmDialog
        open={asking}
        text={t`Erase your personal data and sign out? This cannot be undone.`}
        onConfirm={erase}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
