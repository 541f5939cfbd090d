// Telegram Login answers in the address's fragment (#tgAuthResult=…), which never reaches the
// server: this page hands it back as a query. Other networks' callbacks never show a page.
import { useEffect } from "react";
import { t } from "@lingui/core/macro";

export default function SocialCallbackPage() {
  const result = /(?:^#|&)tgAuthResult=([^&]*)/.exec(location.hash)?.[1];
  useEffect(() => {
    if (!result) return;
    const q = new URLSearchParams(location.search);
    q.set("tgAuthResult", result);
    location.replace(`${location.pathname}?${q}`);
  }, [result]);
  return (
    <section className="tk-login" aria-labelledby="social-back-title">
      <h1 id="social-back-title">{t`Signing in…`}</h1>
      {result ? (
        <p role="status" aria-busy="true">
          {t`One moment…`}
        </p>
      ) : (
        <p className="tk-error" role="alert">
          {t`The network sent no sign-in back.`} <a href="/public/login">{t`Back to sign-in`}</a>
        </p>
      )}
    </section>
  );
}
