// TEST ONLY: a round-robin load balancer in front of several instances, as edge/multi-instance.test.ts
// needs one: each HTTP request and each WebSocket goes to the next instance in turn; an instance that
// does not answer (killed, stopped) is skipped for the next one, as a load balancer's health check
// would. WebSockets are piped both ways and closed together. Not for production.
interface SocketData {
  targets: string[];
  headers: Record<string, string>;
  upstream?: WebSocket;
  waiting: (string | ArrayBuffer)[];
}

export function startRoundRobinProxy(upstreams: string[], port = 0) {
  let next = 0;
  const order = () => {
    const start = next++ % upstreams.length;
    return upstreams.map((_, i) => upstreams[(start + i) % upstreams.length]);
  };
  const server = Bun.serve<SocketData, never>({
    hostname: "127.0.0.1",
    port,
    idleTimeout: 120,
    async fetch(req, srv) {
      const url = new URL(req.url);
      const path = url.pathname + url.search;
      if (req.headers.get("upgrade")?.toLowerCase() === "websocket") {
        const headers: Record<string, string> = {};
        const cookie = req.headers.get("cookie");
        if (cookie) headers.cookie = cookie;
        const targets = order().map((u) => `${u.replace(/^http/, "ws")}${path}`);
        return srv.upgrade(req, { data: { targets, headers, waiting: [] } })
          ? undefined
          : new Response("upgrade failed", { status: 400 });
      }
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
      let last: unknown;
      for (const u of order()) {
        try {
          return await fetch(`${u}${path}`, { method: req.method, headers: req.headers, body, redirect: "manual" });
        } catch (e) {
          last = e; // that instance is down: the next one
        }
      }
      return new Response(`no instance answered: ${String(last)}`, { status: 502 });
    },
    websocket: {
      open(ws) {
        const dial = (i: number) => {
          if (i >= ws.data.targets.length) return ws.close(1012, "no instance");
          const up = new WebSocket(ws.data.targets[i], { headers: ws.data.headers } as unknown as string[]);
          up.binaryType = "arraybuffer";
          let opened = false;
          up.onopen = () => {
            opened = true;
            ws.data.upstream = up;
            for (const m of ws.data.waiting.splice(0)) up.send(m);
          };
          up.onmessage = (e) => ws.send(e.data as string | ArrayBuffer);
          up.onclose = (e) => {
            if (!opened) return dial(i + 1);
            ws.close(e.code === 1000 || e.code === 1012 || (e.code >= 4000 && e.code < 5000) ? e.code : 1012, e.reason);
          };
        };
        dial(0);
      },
      message(ws, m) {
        const data = typeof m === "string" ? m : m.slice().buffer;
        if (ws.data.upstream?.readyState === 1) ws.data.upstream.send(data);
        else ws.data.waiting.push(data);
      },
      close(ws) {
        ws.data.upstream?.close();
      },
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}
