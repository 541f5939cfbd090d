// A recorded battle, replayed through the simulation and sent as the frames a viewer draws: first
// the roster (JSON, as a live battle's hello), then a view of everything every SNAPSHOT_EVERY ticks,
// each coded against the one before (wire.ts VIEW: the reader reads them in order); each frame is its
// length (4 bytes, little-endian) and its bytes. The replay is computed as the stream is read.
import { createBattle, step } from "../sim/sim.ts";
import { applyRecorded, type BattleRecord } from "../sim/replay.ts";
import { frameOf, ViewCoder } from "../sim/wire.ts";
import { TICK_HZ, type GameEvent } from "../sim/types.ts";
import { SNAPSHOT_EVERY } from "./room.ts";
import type { EndMessage } from "./contract.ts";

function frame(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + bytes.byteLength);
  new DataView(out.buffer).setUint32(0, bytes.byteLength, true);
  out.set(bytes, 4);
  return out;
}

export function replayFrames(battleId: number, record: BattleRecord): ReadableStream<Uint8Array> {
  const state = createBattle(record.setup);
  let next = 0;
  let events: GameEvent[] = [];
  let sentHello = false;
  const coder = new ViewCoder();
  const view = (evs: GameEvent[]) => {
    const bytes = coder.encode(frameOf(state), null, { ack: 0, own: null, shells: state.shells, events: evs });
    coder.ack(state.tick);
    return bytes;
  };
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentHello) {
        sentHello = true;
        const hello = {
          type: "hello",
          battleId,
          you: null,
          map: state.map.name,
          mapDef: state.map,
          roundSeconds: record.setup.roundSeconds,
          tickHz: TICK_HZ,
          snapshotEvery: SNAPSHOT_EVERY,
          tick: 0,
          seats: state.tanks.map((t) => ({
            slot: t.slot,
            team: t.team,
            name: t.name,
            bot: t.bot !== null,
            tank: {
              id: t.spec.tankId,
              name: t.spec.name,
              tier: t.spec.tier,
              type: t.spec.type,
              nation: t.spec.nation,
              hp: t.maxHp,
              reloadTicks: t.reloadTicks,
            },
          })),
        };
        controller.enqueue(frame(new TextEncoder().encode(JSON.stringify(hello))));
        controller.enqueue(frame(view([])));
        return;
      }
      // About ten seconds of battle per pull.
      const parts: Uint8Array[] = [];
      for (let i = 0; i < 200 && !state.ended; i++) {
        next = applyRecorded(state, record.inputs, next);
        if (state.ended) break;
        step(state);
        events.push(...state.events);
        if (state.tick % SNAPSHOT_EVERY === 0 || state.ended) {
          parts.push(frame(view(events)));
          events = [];
        }
      }
      if (state.ended) {
        parts.push(frame(view(events)));
        parts.push(
          frame(
            new TextEncoder().encode(
              JSON.stringify({ type: "end", ...state.ended, team: null, outcome: null } satisfies EndMessage),
            ),
          ),
        );
      }
      const size = parts.reduce((s, p) => s + p.byteLength, 0);
      const chunk = new Uint8Array(size);
      let o = 0;
      for (const p of parts) {
        chunk.set(p, o);
        o += p.byteLength;
      }
      controller.enqueue(chunk);
      if (state.ended) controller.close();
    },
  });
}
