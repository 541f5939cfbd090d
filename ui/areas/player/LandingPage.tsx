// The landing page sells the game: a hero with tanks drawn by our code and the way to play, the
// five classes, the news carousel (its markdown rendered by the server), and the top players and
// clans by rating. A visitor sees no links into profiles; a signed-in player also gets theirs.
import { msg, ph, t } from "@lingui/core/macro";
import { useApi } from "../../lib/api.ts";
import { landing } from "../../../api/contracts/public/landing.ts";
import { pageSearch, useHydrated } from "../../lib/page.ts";
import { fmtDateTime, fmtInt, locale } from "../../lib/i18n.ts";
import { Load, Empty } from "../../components/States.tsx";
import { Carousel } from "../../components/Carousel.tsx";
import { TankArt, type TankClass } from "../../components/TankArt.tsx";

const CLASSES: {
  id: TankClass;
  nation: "ussr" | "germany" | "usa" | "uk" | "france";
  name: ReturnType<typeof msg>;
  role: ReturnType<typeof msg>;
}[] = [
  { id: "light", nation: "france", name: msg`Light tanks`, role: msg`Scouting and speed` },
  { id: "medium", nation: "usa", name: msg`Medium tanks`, role: msg`All-rounders of every front` },
  { id: "heavy", nation: "ussr", name: msg`Heavy tanks`, role: msg`Armour that holds the line` },
  { id: "td", nation: "germany", name: msg`Tank destroyers`, role: msg`Ambushes and penetration` },
  { id: "spg", nation: "uk", name: msg`Self-propelled guns`, role: msg`Fire support from afar` },
];

/** The hero's battlefield: sky, hills, and three tanks facing each other. */
function Battlefield() {
  return (
    <div className="tk-hero-art" aria-hidden="true">
      <svg viewBox="0 0 600 200" preserveAspectRatio="xMidYMax slice" className="tk-hero-ground" aria-hidden="true">
        <path d="M0 150 Q90 110 180 140 T360 130 T600 120 V200 H0Z" fill="#27321f" />
        <path d="M0 170 Q120 150 240 168 T480 160 T600 166 V200 H0Z" fill="#1c2517" />
      </svg>
      <TankArt tankClass="heavy" nation="ussr" className="tk-hero-tank tk-hero-tank-1" />
      <TankArt tankClass="medium" nation="usa" className="tk-hero-tank tk-hero-tank-2" />
      <TankArt tankClass="td" nation="germany" className="tk-hero-tank tk-hero-tank-3" flip />
    </div>
  );
}

function Leaderboard<R extends { id: number }>({
  rows,
  name,
  detail,
  label,
}: {
  rows: R[];
  name: (r: R) => string;
  detail: (r: R) => string;
  label: string;
}) {
  if (rows.length === 0) return <Empty />;
  return (
    <ol className="tk-board" aria-label={label}>
      {rows.map((r, i) => (
        <li key={r.id}>
          <span className="tk-board-place">{i + 1}</span>
          <span className="tk-board-name">{name(r)}</span>
          <span className="tk-board-detail">{detail(r)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A news item's time in the viewer's time zone, which only the browser knows (blank in the server's HTML). */
function NewsDate({ ms }: { ms: number }) {
  const hydrated = useHydrated();
  return <small className="tk-hint">{hydrated ? fmtDateTime(ms) : ""}</small>;
}

export default function LandingPage() {
  const state = useApi(landing, { locale });
  const erased = new URLSearchParams(pageSearch()).has("erased");
  return (
    <div className="tk-landing">
      {erased && (
        <p role="status" className="tk-notice">
          {t`Your personal data was erased and you were signed out.`}
        </p>
      )}
      <section className="tk-hero" aria-labelledby="landing-title">
        <div className="tk-hero-text">
          <h1 id="landing-title">{t`Tankodrome`}</h1>
          <p className="tk-hero-lead">{t`Tank battles in the browser: fight, climb the rating, found a clan.`}</p>
          <div className="tk-row">
            <a className="tk-btn tk-primary tk-btn-big" href={`/${locale}/play/`}>
              {t`Play now`}
            </a>
            {state.data?.signedIn ? (
              <a className="tk-btn tk-btn-big" href="/public/profile/">
                {t`My profile`}
              </a>
            ) : (
              <a className="tk-btn tk-btn-big" href={`/public/login?next=${encodeURIComponent(`/${locale}/play/`)}`}>
                {t`Sign in`}
              </a>
            )}
          </div>
          {!state.data?.signedIn && (
            <p className="tk-hint">
              {t`No sign-up needed: Play starts at once, and you can keep your progress later.`}{" "}
              <a href="/public/signup">{t`Create an account`}</a>
            </p>
          )}
        </div>
        <Battlefield />
      </section>
      <section aria-labelledby="classes-title">
        <h2 id="classes-title">{t`Five classes, seven nations`}</h2>
        <ul className="tk-classes">
          {CLASSES.map((c) => (
            <li key={c.id} className="tk-class">
              <TankArt tankClass={c.id} nation={c.nation} className="tk-class-art" />
              <strong>{t(c.name)}</strong>
              <span className="tk-hint">{t(c.role)}</span>
            </li>
          ))}
        </ul>
      </section>
      <Load state={state}>
        {(d) => (
          <>
            <section aria-labelledby="news-title">
              <h2 id="news-title">{t`News`}</h2>
              {d.news.length === 0 ? (
                <Empty>{t`No news yet.`}</Empty>
              ) : (
                <Carousel
                  label={t`News`}
                  slides={d.news.map((n) => (
                    <article key={n.id} className="tk-news">
                      {n.image && <img src={n.image} alt="" />}
                      <h3>{n.title}</h3>
                      <NewsDate ms={n.publishedAt} />
                      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it's output with html: false (api/domain/markdown.ts) */}
                      <div className="tk-markdown" dangerouslySetInnerHTML={{ __html: n.html }} />
                    </article>
                  ))}
                />
              )}
            </section>
            <div className="tk-columns">
              <section aria-labelledby="top-players">
                <h2 id="top-players">{t`Top players`}</h2>
                <Leaderboard
                  label={t`Top players`}
                  rows={d.topPlayers}
                  name={(p) => p.nickname}
                  detail={(p) => `★ ${p.level} · ${fmtInt(p.rating)}`}
                />
              </section>
              <section aria-labelledby="top-clans">
                <h2 id="top-clans">{t`Top clans`}</h2>
                <Leaderboard
                  label={t`Top clans`}
                  rows={d.topClans}
                  name={(k) => `[${k.tag}] ${k.name}`}
                  detail={(k) => `${t`members: ${ph({ n: fmtInt(k.members) })}`} · ${fmtInt(k.rating)}`}
                />
              </section>
            </div>
          </>
        )}
      </Load>
      <p>
        <a href={`/${locale}/public/information/guide/`}>{t`Guides for new players`}</a>
      </p>
    </div>
  );
}
