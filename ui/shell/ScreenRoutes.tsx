// Routes the registered screens of one shell; a screen's code loads when it is first shown.
// Every screen gets its document title from its registered title ("Tanks — Tankodrome admin"),
// and a heading: the screen's own <h1> when it draws one, else the shell's (its title).
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { Route, Switch } from "wouter";
import { t } from "@lingui/core/macro";
import type { ScreenDef } from "../areas/registry.ts";
import { screenTitle } from "../areas/registry.ts";
import { Loading } from "../components/States.tsx";
import { NotFound } from "./NotFound.tsx";

const lazyCache = new Map<ScreenDef, ReturnType<typeof lazy>>();
function lazyOf(def: ScreenDef) {
  let c = lazyCache.get(def);
  if (!c) lazyCache.set(def, (c = lazy(def.load)));
  return c;
}

/**
 * The server's renderer (ui/ssr.tsx) loads the screens before it renders, and a screen it has is
 * rendered as it is: the server's HTML then holds the screen inside its completed Suspense boundary,
 * which the browser's lazy screen hydrates once its chunk is in.
 */
export const loadedScreens = new Map<ScreenDef, ComponentType<{ params: Record<string, string | undefined> }>>();

/** The tab's title for a screen title in a shell. */
export function documentTitle(shell: ScreenDef["shell"], title: string): string {
  if (shell === "admin") return t`${title} — Tankodrome admin`;
  // The landing's title is the game's name alone.
  return title === t`Tankodrome` ? title : t`${title} — Tankodrome`;
}

/**
 * A screen inside its frame: the tab title, and the shell's heading, which steps aside (before the
 * browser paints) as soon as the screen puts its own <h1> in the page.
 */
function ScreenFrame({ def, children }: { def: ScreenDef; children: ReactNode }) {
  const title = screenTitle(def);
  const frame = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = documentTitle(def.shell, title);
  }, [def.shell, title]);
  // Once the screen shows its own <h1>, the shell's is hidden at once (before the paint) and then
  // taken out of the page, so the page has one <h1>.
  const [screenHasHeading, setScreenHasHeading] = useState(def.ownHeading === true);
  useLayoutEffect(() => {
    const root = frame.current;
    if (!root || screenHasHeading) return;
    const check = () => {
      const own = heading.current;
      if ([...root.querySelectorAll("h1")].some((h) => h !== own)) {
        if (own) own.hidden = true;
        setScreenHasHeading(true);
      }
    };
    check();
    const watcher = new MutationObserver(check);
    watcher.observe(root, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [screenHasHeading]);
  return (
    <div ref={frame} className="tk-screen">
      {!screenHasHeading && (
        <h1 ref={heading} className="tk-screen-title">
          {title}
        </h1>
      )}
      {children}
    </div>
  );
}

function NotFoundTitle({ shell }: { shell: ScreenDef["shell"] }) {
  useEffect(() => {
    document.title = documentTitle(shell, t`Page not found`);
  }, [shell]);
  return <NotFound />;
}

/** The shell hands its own screens in, so the public bundle never carries the back office's list. */
export function ScreenRoutes({ shell, screens }: { shell: ScreenDef["shell"]; screens: readonly ScreenDef[] }) {
  const mine = useMemo(() => screens.filter((s) => s.shell === shell), [shell, screens]);
  return (
    <Switch>
      {mine.map((def) => {
        const C = loadedScreens.get(def) ?? lazyOf(def);
        return (
          <Route key={def.path} path={def.path}>
            {(params) => (
              <ScreenFrame def={def}>
                <Suspense fallback={<Loading />}>
                  <C params={params as Record<string, string | undefined>} />
                </Suspense>
              </ScreenFrame>
            )}
          </Route>
        );
      })}
      <Route>
        <NotFoundTitle shell={shell} />
      </Route>
    </Switch>
  );
}
