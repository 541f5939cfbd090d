// The information pages (guides by default; news and other CMS types by address): the type's
// categories with their contents as navigation, and the chosen content rendered from markdown, in
// the page's locale. One screen for the index, a category and a content: the server answers each
// address with the same shape.
import { t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, locale } from "../../lib/i18n.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { Load, Empty } from "../../components/States.tsx";
import * as calls from "../../../api/contracts/public/information.ts";

export default function InformationPage({ params }: { params: Record<string, string | undefined> }) {
  const type = params.type ?? "guide";
  const base = `/${locale}/public/information/${encodeURIComponent(type)}`;
  const at = { locale, type } as const;
  const id = Number(params.id);
  // One address of three (the index, a category, a content), all answering the same shape.
  const category = !!params.id && location.pathname.includes("/category/");
  const byIndex = useApi(calls.index, params.id ? null : at);
  const byCategory = useApi(calls.category, category ? { ...at, id } : null);
  const byContent = useApi(calls.content, params.id && !category ? { ...at, id } : null);
  const state = params.id ? (category ? byCategory : byContent) : byIndex;
  return (
    <Load state={state}>
      {(d) => {
        const empty = d.categories.length === 0 && d.contents.length === 0;
        const current = d.content?.id;
        const link = (c: { id: number; title: string }) => (
          <li key={c.id}>
            <a href={`${base}/content/${c.id}`} aria-current={c.id === current ? "page" : undefined}>
              {c.title}
            </a>
          </li>
        );
        return (
          <div className="tk-information" style={{ display: "flex", gap: 24, flexWrap: "wrap" }}>
            <nav aria-label={t`Sections`} style={{ flex: "0 1 260px" }}>
              {d.categories.map((k) => (
                <section key={k.id} aria-labelledby={`cat-${k.id}`}>
                  <h2 id={`cat-${k.id}`}>
                    <a
                      href={`${base}/category/${k.id}`}
                      aria-current={d.category?.id === k.id && !params.id?.length ? "page" : undefined}
                    >
                      {k.title}
                    </a>
                  </h2>
                  <ul>{k.contents.map(link)}</ul>
                </section>
              ))}
              {d.contents.length > 0 && <ul>{d.contents.map(link)}</ul>}
            </nav>
            <article style={{ flex: "1 1 320px", minWidth: 0 }}>
              {empty ? (
                <Empty>{t`Nothing is published here yet.`}</Empty>
              ) : d.content ? (
                <>
                  {d.category && <p className="tk-hint">{d.category.title}</p>}
                  <h1>{d.content.title}</h1>
                  <small className="tk-hint">{fmtDateTime(d.content.publishedAt)}</small>
                  {d.content.image && <img src={d.content.image} alt="" style={{ maxWidth: "100%" }} />}
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it's output with html: false (api/domain/markdown.ts) */}
                  <div className="tk-markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(d.content.body) }} />
                </>
              ) : (
                <>
                  <h1>{d.category?.title ?? t`Guides`}</h1>
                  <p>{t`Choose a topic.`}</p>
                </>
              )}
            </article>
          </div>
        );
      }}
    </Load>
  );
}
