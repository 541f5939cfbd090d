// Where a refusal's field messages go on a hand-written form, and how one no input shows is said:
// in words, never as a raw path like prices.0.amount. The notices' store: a success takes the
// stale error notices away.
import { describe, expect, test } from "bun:test";
import { placeErrors, strayText } from "./field-errors.ts";
import { dismiss, onToasts, toast, type ToastItem } from "./toast.ts";
import { pathLabel } from "./schema-form.ts";

const LABELS: Record<string, string> = {
  prices: "Цены",
  amount: "Сумма",
  words: "Слова",
  grants: "Что даёт",
  gold: "Золото",
};
const row = (n: number) => `строка ${n}`;
const words = (path: string) => pathLabel(path, (f) => LABELS[f] ?? f, row);

describe("placeErrors", () => {
  test("a message goes under the input of its own path", () => {
    const shown = new Set(["prices.0.amount", "name"]);
    expect(
      placeErrors({ "prices.0.amount": "Введите число.", name: "Заполните поле." }, (p) => shown.has(p), words, row),
    ).toEqual({
      under: { "prices.0.amount": "Введите число.", name: "Заполните поле." },
      stray: {},
    });
  });

  test("a row of a list typed in one input goes under that input, its row named", () => {
    const shown = new Set(["words"]);
    expect(
      placeErrors(
        { "words.3": "Не больше 50 символов.", "words.7": "Не больше 50 символов." },
        (p) => shown.has(p),
        words,
        row,
      ),
    ).toEqual({
      under: { words: "строка 4: Не больше 50 символов. строка 8: Не больше 50 символов." },
      stray: {},
    });
  });

  test("a deeper path goes under the nearest input above it, the rest named in words", () => {
    const shown = new Set(["prices"]);
    expect(placeErrors({ "prices.0.amount": "Введите число." }, (p) => shown.has(p), words, row).under).toEqual({
      prices: "строка 1 · Сумма: Введите число.",
    });
  });

  test("a path with no input on the form is stray", () => {
    expect(
      placeErrors({ "grants.gold": "Введите число.", platforms: "Неверное значение." }, () => false, words, row),
    ).toEqual({
      under: {},
      stray: { "grants.gold": "Введите число.", platforms: "Неверное значение." },
    });
  });
});

describe("strayText", () => {
  test("names each field in words", () => {
    const text = strayText({ "prices.0.amount": "Введите число.", "grants.gold": "Не меньше 0." }, words)!;
    expect(text).toBe("Цены · строка 1 · Сумма: Введите число. Что даёт · Золото: Не меньше 0.");
    expect(text).not.toContain("prices.0.amount");
  });

  test("says nothing when a field has no words (the caller falls back to the server's message)", () => {
    expect(strayText({ "prices.0.amount": "Введите число." }, () => null)).toBeNull();
  });
});

describe("toast", () => {
  test("a success takes away the error notices still shown; dismissErrors too", () => {
    let shown: ToastItem[] = [];
    const off = onToasts((xs) => (shown = xs));
    // The store is the module's: notices another test file left (in the same run) are not ours.
    for (const x of shown) dismiss(x.id);
    expect(shown).toEqual([]);
    toast.error("Отказано");
    toast.error("Ещё отказ");
    expect(shown.map((x) => x.kind)).toEqual(["error", "error"]);
    toast.ok("Сохранено");
    expect(shown.map((x) => x.text)).toEqual(["Сохранено"]);
    toast.error("Снова отказ");
    toast.dismissErrors();
    expect(shown.map((x) => x.text)).toEqual(["Сохранено"]);
    off();
  });
});
