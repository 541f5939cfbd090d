// Routes the registered screens of one shell; a screen's code loads when it is first shown.
import { lazy, Suspense, useMemo } from "react";
import { Route, Switch } from "wouter";
import { screens } from "../areas/index.ts";
import type { ScreenDef } from "../areas/registry.ts";
import { Loading } from "../components/States.tsx";
import { NotFound } from "./NotFound.tsx";

const lazyCache = new Map<ScreenDef, ReturnType<typeof lazy>>();
function lazyOf(def: ScreenDef) {
  let c = lazyCache.get(def);
  if (!c) lazyCache.set(def, (c = lazy(def.load)));
  return c;
}

export function ScreenRoutes({ shell }: { shell: ScreenDef["shell"] }) {
  const mine = useMemo(() => screens.filter((s) => s.shell === shell), [shell]);
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {mine.map((def) => {
          const C = lazyOf(def);
          return <Route key={def.path} path={def.path}>{(params) => <C params={params as Record<string, string | undefined>} />}</Route>;
        })}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </Suspense>
  );
}
