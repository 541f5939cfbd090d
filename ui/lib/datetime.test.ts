import { test, expect } from "bun:test";
import { formatDateTime, parseDateTime } from "./datetime.ts";

test("formats as DD.MM.YYYY HH:mm:ss and parses it back", () => {
  const ms = new Date(2026, 0, 5, 7, 8, 9).getTime();
  expect(formatDateTime(ms)).toBe("05.01.2026 07:08:09");
  expect(parseDateTime("05.01.2026 07:08:09")).toBe(ms);
  expect(parseDateTime("05.01.2026")).toBe(new Date(2026, 0, 5).getTime());
});

test("refuses what is not a real date-time", () => {
  for (const bad of [
    "30.02.2026 00:00:00",
    "32.01.2026",
    "01.13.2026",
    "01.01.2026 24:00:00",
    "2026-01-01",
    "1.1.2026",
    "",
  ]) {
    expect(parseDateTime(bad)).toBeNull();
  }
});
