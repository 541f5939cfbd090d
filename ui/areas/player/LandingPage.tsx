// The landing page: the news carousel, the top players and clans by rating, and the way in
// (sign in, or the profile once signed in).
import { t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { Load, Empty } from "../../components/States.tsx";
import { Carousel } from "../../components/Carousel.tsx";
import { Table } from "../../components/Table.tsx";

interface News {
  id: number;
  title: string;
  body: string;
  image: string;
  publishedAt: number;
}
interface Landing {
  news: News[];
  topPlayers: { id: number; nickname: string; level: number; rating: number; battles: number; wins: number }[];
  topClans: { id: number; name: string; tag: string; rating: number; members: number }[];
  signedIn: boolean;
}

export default function LandingPage() {
  const state = useApi<Landing>(`/${locale}/public`);
  const erased = new URLSearchParams(location.search).has("erased");
  return (
    <Load state={state}>
      {(d) => (
        <div className="tk-landing">
          {erased && (
            <p role="status" className="tk-notice">
              {t`Your personal data was erased and you were signed out.`}
            </p>
          )}
          <section className="tk-panel" aria-labelledby="landing-title">
            <h1 id="landing-title">{t`Tankodrome`}</h1>
            <p>{t`Tank battles in the browser: fight, climb the rating, found a clan.`}</p>
            {d.signedIn ? (
              <a className="tk-btn tk-primary" href="/public/profile/">
                {t`My profile`}
              </a>
            ) : (
              <a className="tk-btn tk-primary" href="/public/login">
                {t`Sign in`}
              </a>
            )}
          </section>
          <h2>{t`News`}</h2>
          {d.news.length === 0 ? (
            <Empty>{t`No news yet.`}</Empty>
          ) : (
            <Carousel
              label={t`News`}
              slides={d.news.map((n) => (
                <article key={n.id}>
                  {n.image && <img src={n.image} alt="" style={{ maxWidth: "100%" }} />}
                  <h3>{n.title}</h3>
                  <small className="tk-hint">{fmtDateTime(n.publishedAt)}</small>
                  <div dangerouslySetInnerHTML={{ __html: renderMarkdown(n.body) }} />
                </article>
              ))}
            />
          )}
          <div className="tk-row" style={{ alignItems: "flex-start", flexWrap: "wrap" }}>
            <section aria-labelledby="top-players" style={{ flex: "1 1 280px" }}>
              <h2 id="top-players">{t`Top players`}</h2>
              {d.topPlayers.length === 0 ? (
                <Empty />
              ) : (
                <Table
                  rows={d.topPlayers.map((p, i) => ({ ...p, place: i + 1 }))}
                  rowKey={(p) => String(p.id)}
                  columns={[
                    { id: "place", label: t`Place`, value: (p) => p.place, sortable: false },
                    { id: "nickname", label: t`Player`, value: (p) => p.nickname, sortable: false },
                    { id: "level", label: t`Level`, value: (p) => p.level, sortable: false },
                    { id: "rating", label: t`Rating`, value: (p) => p.rating, cell: (p) => fmtInt(p.rating), sortable: false },
                  ]}
                />
              )}
            </section>
            <section aria-labelledby="top-clans" style={{ flex: "1 1 280px" }}>
              <h2 id="top-clans">{t`Top clans`}</h2>
              {d.topClans.length === 0 ? (
                <Empty />
              ) : (
                <Table
                  rows={d.topClans.map((k, i) => ({ ...k, place: i + 1 }))}
                  rowKey={(k) => String(k.id)}
                  columns={[
                    { id: "place", label: t`Place`, value: (k) => k.place, sortable: false },
                    { id: "name", label: t`Clan`, value: (k) => `[${k.tag}] ${k.name}`, sortable: false },
                    { id: "members", label: t`Members`, value: (k) => k.members, sortable: false },
                    { id: "rating", label: t`Rating`, value: (k) => k.rating, cell: (k) => fmtInt(k.rating), sortable: false },
                  ]}
                />
              )}
            </section>
          </div>
          <p>
            <a href={`/${locale}/public/information/guide/`}>{t`Guides for new players`}</a>
          </p>
        </div>
      )}
    </Load>
  );
}
