// The terms of use: the newest published terms from the CMS, in the page's locale.
import { ph, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, locale } from "../../lib/i18n.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { Load } from "../../components/States.tsx";
import { terms } from "../../../api/contracts/public/information.ts";

export default function TermsPage() {
  const state = useApi(terms, { locale });
  return (
    <Load state={state}>
      {(d) => (
        <article aria-labelledby="terms-title">
          <h1 id="terms-title">{d.terms.title}</h1>
          <small className="tk-hint">{t`Published ${ph({ at: fmtDateTime(d.terms.publishedAt) })}`}</small>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it's output with html: false (api/domain/markdown.ts) */}
          <div className="tk-markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(d.terms.body) }} />
        </article>
      )}
    </Load>
  );
}
