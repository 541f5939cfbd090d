// Minor units (what the API keeps) ↔ the major unit an operator types.
import { expect, test } from "bun:test";
import { fractionDigits, majorToMinor, minorToMajor } from "./money.ts";

test("decimal places by currency", () => {
  expect(fractionDigits("RUB")).toBe(2);
  expect(fractionDigits("USD")).toBe(2);
  expect(fractionDigits("JPY")).toBe(0);
  expect(fractionDigits("not a currency")).toBe(2);
});

test("minor → major text", () => {
  expect(minorToMajor(9900, "RUB")).toBe("99.00");
  expect(minorToMajor(9950, "USD")).toBe("99.50");
  expect(minorToMajor(5, "EUR")).toBe("0.05");
  expect(minorToMajor(129900, "RUB")).toBe("1299.00");
  expect(minorToMajor(500, "JPY")).toBe("500");
});

test("major text → minor, as people type it", () => {
  expect(majorToMinor("99", "RUB")).toBe(9900);
  expect(majorToMinor("99.5", "RUB")).toBe(9950);
  expect(majorToMinor("99,50", "RUB")).toBe(9950);
  expect(majorToMinor("1 299.00", "RUB")).toBe(129900);
  expect(majorToMinor("0.05", "USD")).toBe(5);
  expect(majorToMinor("500", "JPY")).toBe(500);
});

test("not an amount of the currency: null", () => {
  expect(majorToMinor("", "RUB")).toBeNull();
  expect(majorToMinor("abc", "RUB")).toBeNull();
  expect(majorToMinor("9.999", "RUB")).toBeNull();
  expect(majorToMinor("1.5", "JPY")).toBeNull();
  expect(majorToMinor("1.2.3", "RUB")).toBeNull();
});

test("round trip", () => {
  for (const minor of [1, 99, 100, 9900, 123456789])
    expect(majorToMinor(minorToMajor(minor, "RUB"), "RUB")).toBe(minor);
});
