// Test mode (free gold through the stand-ins) is on by default only for a loopback-only server.
import { test, expect } from "bun:test";
import { servesLoopbackOnly } from "./boot.ts";

test("only a loopback HOST counts as nobody else can reach it", () => {
  for (const host of ["127.0.0.1", "127.3.2.1", "localhost", "::1", "[::1]", " LOCALHOST "])
    expect(servesLoopbackOnly(host)).toBe(true);
  for (const host of [
    "0.0.0.0",
    "::",
    "192.168.1.10",
    "10.0.0.2",
    "example.com",
    "127.0.0.1.example.com",
    "1270.0.0.1",
    "",
  ])
    expect(servesLoopbackOnly(host)).toBe(false);
});
