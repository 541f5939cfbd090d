import { test, expect } from "bun:test";
import { robokassaHash } from "./robokassa.ts";
import { toUsdCents, decimalToMinor, minorToDecimal } from "./money.ts";

test("Robokassa's MD5 (@noble/hashes legacy) passes the RFC 1321 test suite", async () => {
  const md5 = (t: string) => robokassaHash("md5", t);
  expect(await md5("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
  expect(await md5("a")).toBe("0cc175b9c0f1b6a831c399e269772661");
  expect(await md5("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
  expect(await md5("message digest")).toBe("f96b697d7cb7938d525a2f31aaf161d0");
  expect(await md5("abcdefghijklmnopqrstuvwxyz")).toBe("c3fcd3d76192e4007dfb496cca67e13b");
  expect(await md5("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")).toBe(
    "d174ab98d277d9f5a5611c2c9f419d9f",
  );
  expect(await md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890")).toBe(
    "57edf4a22be3c955ac49da2e2107b67a",
  );
  // UTF-8 text (Robokassa signs Shp_ values as sent).
  expect(await md5("Танк")).toBe(new Bun.CryptoHasher("md5").update("Танк").digest("hex"));
});

test("fixed rates and decimal money", () => {
  expect(toUsdCents(199, "USD")).toBe(199);
  expect(toUsdCents(9900, "RUB")).toBe(109);
  expect(toUsdCents(-9900, "RUB")).toBe(-109);
  expect(toUsdCents(499, "EUR")).toBe(539);
  expect(decimalToMinor("99.000000")).toBe(9900);
  expect(decimalToMinor("99.5")).toBe(9950);
  expect(decimalToMinor("99.001")).toBeNull();
  expect(decimalToMinor("abc")).toBeNull();
  expect(minorToDecimal(9905)).toBe("99.05");
});
