// A delay proxy on 127.0.0.1: every byte from the browser to the app and back waits half the round
// trip asked, in order (a TCP proxy, so HTTP and WebSockets alike). rtt 0 is still a hop through it.
import { createServer, connect, type Socket } from "node:net";

export interface DelayProxy {
  url: string;
  rtt: number;
  close(): Promise<void>;
}

export async function delayProxy(target: string, rttMs: number): Promise<DelayProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const pipe = (from: Socket, to: Socket) => {
    from.on("data", (d) => {
      if (rttMs <= 0) to.write(d);
      else setTimeout(() => to.writable && to.write(d), rttMs / 2);
    });
    from.on("end", () => setTimeout(() => to.end(), rttMs / 2));
    from.on("error", () => to.destroy());
  };
  const server = createServer((client) => {
    const up = connect(Number(port), hostname);
    for (const s of [client, up]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    }
    pipe(client, up);
    pipe(up, client);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    rtt: rttMs,
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
