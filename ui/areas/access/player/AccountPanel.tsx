// The profile's account panel: a guest is offered to keep the progress (email + password, or a
// network); a kept account shows its email (confirmed or not: the link again), changes it (the new
// address counts once its link is opened), and its linked networks (link another, unlink one while
// another way in remains).
import { useState } from "react";
import { ph, t } from "@lingui/core/macro";
import { api, useApi } from "../../../lib/api.ts";
import { act } from "../../../lib/action.ts";
import * as door from "../../../../api/contracts/public/front-door.ts";
import * as social from "../../../../api/contracts/public/social.ts";
import { fmtDateTime } from "../../../lib/i18n.ts";
import { Load } from "../../../components/States.tsx";
import { toast } from "../../../components/Toasts.tsx";
import { useSubmit } from "../../../lib/form.ts";
import { EmailField, SubmitRow, useNewPassword } from "./Field.tsx";
import { SocialButtons } from "./SocialButtons.tsx";

export interface Account {
  guest: boolean;
  email: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  identities: { network: string; name: string; label: string | null; createdAt: number }[];
}

function ClaimForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState("");
  const pw = useNewPassword();
  const { busy, errors, submit } = useSubmit({ notice: false });
  const claim = submit(async () => {
    pw.check();
    const r = await api(door.claim, { email, password: pw.password });
    toast.ok(r.message);
    onDone();
  });
  return (
    <form onSubmit={claim} noValidate aria-label={t`Keep with email and password`} className="tk-stack">
      <EmailField errors={errors} value={email} onChange={setEmail} />
      {pw.fields(errors)}
      <SubmitRow errors={errors} busy={busy} label={t`Keep my progress`} busyLabel={t`Saving…`} />
    </form>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState("");
  const { busy, errors, submit } = useSubmit({ notice: false });
  const change = submit(async () => {
    const r = await api(door.changeEmail, { email });
    toast.ok(r.message);
    setEmail("");
    onDone();
  });
  return (
    <form onSubmit={change} noValidate aria-label={t`Change the email`} className="tk-stack">
      <EmailField errors={errors} value={email} onChange={setEmail} label={t`New email`} />
      <SubmitRow
        errors={errors}
        busy={busy}
        label={t`Send a confirmation link`}
        busyLabel={t`Sending…`}
        primary={false}
      />
    </form>
  );
}

export function AccountPanel() {
  const state = useApi(door.account, {});
  const here = `${location.pathname}#account`;
  return (
    <section className="tk-panel" id="account" aria-labelledby="account-title">
      <h2 id="account-title">{t`Account`}</h2>
      <Load state={state}>
        {(a) =>
          a.guest ? (
            <>
              <p className="tk-notice" role="note">
                {t`You play as a guest. Keep your progress to sign in on any device, buy gold, send gifts and transfers. An unkept guest is removed after a long absence.`}
              </p>
              <ClaimForm onDone={() => location.reload()} />
              <p>{t`Or keep it with a network:`}</p>
              <SocialButtons link next={here} />
            </>
          ) : (
            <>
              <dl className="tk-facts tk-facts-grid">
                <dt>{t({ message: "Email", context: "player account" })}</dt>
                <dd>
                  {a.email ?? t`none`}{" "}
                  {a.email &&
                    (a.emailVerified ? (
                      <span className="tk-ok">{t`confirmed`}</span>
                    ) : (
                      <>
                        <span className="tk-warn">{t`not confirmed`}</span>{" "}
                        <button
                          type="button"
                          className="tk-link"
                          onClick={() =>
                            act(
                              () => api(door.verifyAgain),
                              (r) => r.message,
                            )
                          }
                        >
                          {t`Send the link again`}
                        </button>
                      </>
                    ))}
                </dd>
                <dt>{t`Password`}</dt>
                <dd>
                  {a.hasPassword ? (
                    <a href="/public/profile/changePassword">{t`Change`}</a>
                  ) : a.email ? (
                    <a href="/public/profile/resetPassword">{t`Set one by mail`}</a>
                  ) : (
                    t`none`
                  )}
                </dd>
              </dl>
              <EmailForm onDone={state.reload} />
              <h3>{t`Linked networks`}</h3>
              {a.identities.length === 0 ? (
                <p className="tk-hint">{t`No network is linked yet.`}</p>
              ) : (
                <ul className="tk-list">
                  {a.identities.map((i) => (
                    <li key={i.network}>
                      <strong>{i.name}</strong>
                      {i.label && ` · ${i.label}`}{" "}
                      <small className="tk-hint">{t`since ${ph({ at: fmtDateTime(i.createdAt) })}`}</small>{" "}
                      <button
                        type="button"
                        className="tk-link"
                        onClick={() => act(() => api(social.unlink, { network: i.network }), null, state.reload)}
                      >
                        {t`Unlink`}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <SocialButtons link next={here} except={a.identities.map((i) => i.network)} />
            </>
          )
        }
      </Load>
    </section>
  );
}
