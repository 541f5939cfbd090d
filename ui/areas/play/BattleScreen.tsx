// The battle on a canvas: a live battle over its WebSocket (the player drives with WASD, aims
// with the mouse and fires with a click or Space; on a phone, the on-screen pad and fire button
// and a touch to aim), a spectator's live view, or a recorded battle's replay.
import { useEffect, useRef, useState } from "react";
import { t } from "@lingui/core/macro";
import "./play.css";
import { BattleView, draw, toWorld, type Hello, type Labels, type Camera } from "./engine.ts";
import { decodeServer, type EndMessage } from "../../../api/game/arena/contract.ts";
import { decodePing, encodePing, OP } from "../../../api/game/sim/wire.ts";
import { Driver, newControls } from "./driver.ts";
import { Sticks } from "./Sticks.tsx";
import { BattleSound } from "./sound.ts";
import { exposeFigures } from "./figures.ts";
import { BattleConnection, GIVE_UP_MS } from "./connection.ts";

export type { EndMessage } from "../../../api/game/arena/contract.ts";

export type Source = { kind: "live"; url: string; drive: boolean } | { kind: "replay"; url: string };

/** What a page around the battle may do with it: send a message on its socket, read the view. */
export interface BattleHandle {
  send(data: string | Uint8Array<ArrayBuffer>): void;
  view(): BattleView | null;
}

interface Props {
  source: Source;
  /** The page's handle on the live battle (consumables, spectating: BattleOverlay.tsx). */
  onHandle?: (h: BattleHandle) => void;
  onEnd?: (end: EndMessage) => void;
  /** Is the battle still running? Asked while reconnecting fails (the player's page asks the server). */
  stillRunning?: () => Promise<"running" | "over" | "unknown">;
  /** The page gave up on the connection and the player chose to go on (back to the hangar). */
  onGone?: (why: "over" | "unreachable") => void;
  /** Fills the window (the game) or its box (the admin page). */
  full?: boolean;
}

const wsUrl = (path: string) => {
  const u = new URL(path, location.href);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.toString();
};

export function BattleScreen({ source, onEnd, full, onHandle, stillRunning, onGone }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<BattleView | null>(null);
  const [status, setStatus] = useState<"connecting" | "live" | "lost" | "ended" | "gone">("connecting");
  /** Why the page gave up on the connection: the battle is over, or no server answered for a while. */
  const [gone, setGone] = useState<"over" | "unreachable" | null>(null);
  const [hello, setHello] = useState<Hello | null>(null);
  const control = useRef(newControls());
  /** Where the pointer is on the canvas (CSS pixels): the aim, turned into a world point each frame. */
  const pointer = useRef<null | { px: number; py: number }>(null);
  const sendRef = useRef<(d: Uint8Array<ArrayBuffer>) => void>(() => {});
  /** The battle's sound (a driver's only): started by the first touch, click or key. */
  const sound = useRef<BattleSound | null>(null);
  const [soundSettings, setSoundSettings] = useState(() => {
    sound.current ??= new BattleSound();
    // The latency harness and the e2e read what was played (e2e/netcode.spec.ts).
    if (typeof window !== "undefined") (window as unknown as { __tkSound: BattleSound }).__tkSound = sound.current;
    return sound.current.settings;
  });
  // A touch screen drives with the twin sticks (a phone, a tablet).
  const touch =
    typeof window !== "undefined" && ("ontouchstart" in window || window.matchMedia?.("(pointer: coarse)").matches);

  // The connection (live) or the recorded frames (replay).
  useEffect(() => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const onHello = (h: Hello) => {
      viewRef.current = new BattleView(h);
      viewRef.current.sticks = touch && source.kind === "live" && source.drive;
      setHello(h);
      setStatus("live");
    };
    const onText = (text: string) => {
      const msg = decodeServer(text);
      if (msg?.type === "hello") onHello(msg as Hello);
      else if (msg?.type === "end") {
        setStatus("ended");
        onEnd?.(msg);
      }
    };
    let conn: BattleConnection | null = null;
    if (source.kind === "live") {
      // The socket comes back by itself (connection.ts): after a drop, a deploy or a takeover.
      conn = new BattleConnection(wsUrl(source.url), {
        message: (m) => {
          if (m.type === "hello") onHello(m as Hello);
          else if (m.type === "end") {
            setStatus("ended");
            onEnd?.(m);
          }
        },
        binary: (bytes, ws) => {
          // The server's PING is answered at once (it measures the round trip with it).
          if (bytes[0] === OP.PING) {
            const id = decodePing(bytes, OP.PING);
            if (id !== null) ws.send(encodePing(OP.PONG, id));
            return;
          }
          viewRef.current?.push(bytes, performance.now());
        },
        link: (state, why) => {
          if (state === "lost") setStatus((s) => (s === "ended" ? s : "lost"));
          else if (state === "gone") {
            setStatus((s) => (s === "ended" ? s : "gone"));
            setGone(why ?? "unreachable");
          }
        },
        check: stillRunning,
      });
      sendRef.current = (d) => conn?.send(d);
      onHandle?.({ send: (d) => conn?.send(d), view: () => viewRef.current });
    } else {
      // Frames: [u32 length][bytes]; the first is the roster, the last the end.
      void (async () => {
        const res = await fetch(source.url, { credentials: "same-origin" });
        if (!res.ok) {
          setStatus("lost");
          return;
        }
        const buf = new Uint8Array(await res.arrayBuffer());
        const frames: Uint8Array[] = [];
        for (let o = 0; o + 4 <= buf.byteLength; ) {
          const n = new DataView(buf.buffer, buf.byteOffset + o, 4).getUint32(0, true);
          frames.push(buf.subarray(o + 4, o + 4 + n));
          o += 4 + n;
        }
        const dec = new TextDecoder();
        onText(dec.decode(frames[0]));
        const h = viewRef.current!.hello;
        const every = (1000 * h.snapshotEvery) / h.tickHz;
        let i = 1;
        const playNext = () => {
          if (closed || i >= frames.length) return;
          const f = frames[i++];
          if (f[0] === OP.VIEW) {
            viewRef.current?.push(f, performance.now());
            retry = setTimeout(playNext, every);
          } else {
            onText(dec.decode(f));
          }
        };
        playNext();
      })();
    }
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      conn?.close();
    };
  }, [source.kind, source.url]);

  // Drawing, and the driver's ticks: each sampled, predicted and sent (20 a second; driver.ts).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = canvas.getContext("2d")!;
    let raf = 0;
    let cam: Camera | null = null;
    const driver = new Driver((d) => sendRef.current(d));
    const figures = exposeFigures(() => viewRef.current);
    const labels: Labels = {
      loaded: t`Loaded`,
      reloading: t`Reloading`,
      hp: t`HP`,
      capture: t`Capture`,
      spectator: t`Spectator`,
      destroyed: t`Destroyed`,
      killed: (a, b) => t`${a} destroyed ${b}`,
    };
    const loop = () => {
      raf = requestAnimationFrame(loop);
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      const w = Math.round(canvas.clientWidth * dpr),
        h = Math.round(canvas.clientHeight * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      const view = viewRef.current;
      if (!view) {
        ctx.fillStyle = "#1b2116";
        ctx.fillRect(0, 0, w, h);
        return;
      }
      const c = control.current;
      const pt = pointer.current;
      c.aimAt = pt && cam ? toWorld(cam, w, h, pt.px * dpr, pt.py * dpr) : null;
      const now = performance.now();
      if (source.kind === "live" && source.drive && view.you !== null) driver.frame(view, c, now);
      const drawn = draw(ctx, view, now, w, h, dpr, labels, view.you !== null && !touch ? c.aimAt : null);
      if (!drawn) return;
      cam = drawn.cam;
      figures.frame(now, drawn.frame);
      if (source.kind === "live" && source.drive && view.you !== null) {
        const me = drawn.frame.tanks[view.you];
        view.listener = me ? { x: me.x, y: me.y } : null;
        const snd = sound.current;
        if (snd) {
          view.onSound ??= (kind, dx, dy) => snd.play(kind, dx, dy);
          const p = view.predictor;
          snd.engineAt(me?.alive && p ? p.state.v / p.state.maxSpeed : null);
        }
      }
    };
    loop();
    return () => {
      cancelAnimationFrame(raf);
      figures.stop();
      sound.current?.engineAt(null);
    };
  }, [source.kind, source.url]);

  // Keys and mouse (only when driving).
  useEffect(() => {
    if (source.kind !== "live" || !source.drive) return;
    const canvas = canvasRef.current!;
    const figures = exposeFigures(() => viewRef.current);
    const keys: Record<string, "up" | "down" | "left" | "right" | "fire"> = {
      KeyW: "up",
      ArrowUp: "up",
      KeyS: "down",
      ArrowDown: "down",
      KeyA: "left",
      ArrowLeft: "left",
      KeyD: "right",
      ArrowRight: "right",
      Space: "fire",
    };
    const key = (down: boolean) => (e: KeyboardEvent) => {
      sound.current?.start();
      const k = keys[e.code];
      if (!k) return;
      e.preventDefault();
      if (down && !control.current[k]) figures.pressed(e.timeStamp);
      control.current[k] = down;
    };
    const kd = key(true),
      ku = key(false);
    const rect = () => canvas.getBoundingClientRect();
    const move = (e: PointerEvent) => {
      const r = rect();
      pointer.current = { px: e.clientX - r.left, py: e.clientY - r.top };
    };
    const down = (e: PointerEvent) => {
      sound.current?.start();
      move(e);
      if (e.pointerType === "mouse" && e.button === 0) control.current.fire = true;
    };
    const up = (e: PointerEvent) => {
      if (e.pointerType === "mouse") control.current.fire = false;
    };
    const blur = () =>
      Object.assign(control.current, { up: false, down: false, left: false, right: false, fire: false });
    window.addEventListener("keydown", kd);
    window.addEventListener("keyup", ku);
    window.addEventListener("blur", blur);
    canvas.addEventListener("pointermove", move);
    canvas.addEventListener("pointerdown", down);
    window.addEventListener("pointerup", up);
    return () => {
      window.removeEventListener("keydown", kd);
      window.removeEventListener("keyup", ku);
      window.removeEventListener("blur", blur);
      canvas.removeEventListener("pointermove", move);
      canvas.removeEventListener("pointerdown", down);
      window.removeEventListener("pointerup", up);
    };
  }, [source.kind, source.url]);

  const driving = source.kind === "live" && source.drive;
  return (
    <div className={full ? "tk-arena tk-arena-full" : "tk-arena"}>
      <canvas ref={canvasRef} className="tk-arena-canvas" aria-label={t`Battlefield`} role="img" />
      {status === "connecting" && <div className="tk-arena-note">{t`Connecting to the battle…`}</div>}
      {status === "lost" && (
        <div className="tk-arena-note">
          {source.kind === "replay" ? t`The replay could not be loaded.` : t`Connection lost. Reconnecting…`}
        </div>
      )}
      {status === "gone" && (
        <div className="tk-arena-note tk-arena-gone" role="alert">
          <p>
            {gone === "over"
              ? t`The battle is over: it ended while the connection was down.`
              : t`The battle's server did not answer for ${Math.round(GIVE_UP_MS / 1000)} seconds. The battle is kept: if it goes on, it ends without you and its result waits in the hangar.`}
          </p>
          {onGone && (
            <button type="button" className="tk-btn tk-primary" onClick={() => onGone(gone ?? "unreachable")}>
              {gone === "over" ? t`See the result` : t`To the hangar`}
            </button>
          )}
        </div>
      )}
      {driving && hello && (
        <>
          <p className="tk-arena-help">{t`WASD — drive, mouse — aim, click or Space — fire`}</p>
          {touch && (
            <Sticks
              controls={control}
              labels={{ drive: t`Drive`, aim: t`Aim and fire` }}
              onTouch={() => sound.current?.start()}
            />
          )}
          <div className="tk-sound" role="group" aria-label={t`Sound`}>
            <button
              type="button"
              className="tk-sound-mute"
              aria-pressed={soundSettings.muted}
              aria-label={soundSettings.muted ? t`Sound off: turn on` : t`Sound on: mute`}
              onClick={() => {
                const s = sound.current;
                if (!s) return;
                s.start();
                s.set({ muted: !s.settings.muted });
                setSoundSettings(s.settings);
              }}
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <path d="M3 7h3l4-3.5v13L6 13H3z" fill="currentColor" />
                {soundSettings.muted ? (
                  <path d="M13 7l5 6M18 7l-5 6" stroke="currentColor" strokeWidth="1.8" fill="none" />
                ) : (
                  <path
                    d="M13 6.5a5 5 0 0 1 0 7M15.5 4a8.5 8.5 0 0 1 0 12"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    fill="none"
                  />
                )}
              </svg>
            </button>
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(soundSettings.volume * 100)}
              aria-label={t`Volume`}
              onChange={(e) => {
                const s = sound.current;
                if (!s) return;
                s.start();
                s.set({ volume: Number(e.currentTarget.value) / 100, muted: false });
                setSoundSettings(s.settings);
              }}
            />
          </div>
          {/* Once the page has given up there is nothing to turn for: the note saying why stays readable. */}
          {status !== "gone" && (
            <div className="tk-rotate" role="alert">
              {t`Turn your phone sideways: the battle is played in landscape.`}
            </div>
          )}
        </>
      )}
    </div>
  );
}
