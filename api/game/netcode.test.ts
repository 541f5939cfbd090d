// The netcode through a room (api/game/arena/room.ts) without a server: inputs with their seq,
// per-client views, forged inputs. The socket routes are covered in arena.test.ts.
import { describe, expect, test } from "bun:test";
import { Room, type RoomOwner, type Viewer } from "./arena/room.ts";
import { botBattle } from "./sim/fixtures.ts";
import { encodeInput, type InputMessage } from "./sim/wire.ts";

const owner: RoomOwner = { finish: async () => null, stopped: async () => {} };

/** A 3 v 3 battle whose slot 0 is a player (id 1), the rest bots. */
function roomWithPlayer(seed = 5) {
  const setup = botBattle(seed, 3, "steppe", 120);
  setup.seats[0] = { ...setup.seats[0], playerId: 1, name: "Player", bot: undefined };
  return new Room(1, setup, owner);
}

function collector() {
  const got: (string | Uint8Array)[] = [];
  const viewer: Viewer = { send: (d) => void got.push(d), close() {} };
  return { got, viewer };
}

const input = (seq: number, over: Partial<InputMessage> = {}): Uint8Array =>
  encodeInput({ seq, throttle: 0, turn: 0, aim: 0, fire: false, ack: 0, view: 0, ...over });

describe("binary inputs", () => {
  test("a binary input drives the player's tank; an input older than the last taken is dropped", () => {
    const room = roomWithPlayer();
    const seat = room.join(collector().viewer, 1);
    room.message(seat, input(5, { throttle: 1 }));
    room.tick();
    expect(room.state.tanks[0].input.throttle).toBe(1);
    expect(seat.seq).toBe(5);
    // A stale one (seq 4, sent before 5) does not undo the newer input.
    room.message(seat, input(4, { throttle: -1 }));
    room.tick();
    expect(room.state.tanks[0].input.throttle).toBe(1);
    // A frame that is not an input (a truncated one) changes nothing.
    room.message(seat, input(6, { throttle: -1 }).subarray(0, 10));
    room.tick();
    expect(room.state.tanks[0].input.throttle).toBe(1);
  });
});
