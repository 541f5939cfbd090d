// One CSV for every writer: cells quoted only when they must be, LF rows, and a reader that takes
// back whatever is written (quotes, commas, line breaks, edge spaces, CRLF files from elsewhere).
import { expect, test } from "bun:test";
import { csvCell, csvRecords, csvRow, parseCsv, toCsv } from "./csv.ts";

test("cells are quoted only when they hold a comma, a quote, a line break or an edge space", () => {
  expect(csvCell("Т-34")).toBe("Т-34");
  expect(csvCell('a,"b"')).toBe('"a,""b"""');
  expect(csvCell("two\nlines")).toBe('"two\nlines"');
  expect(csvCell("cr\r")).toBe('"cr\r"');
  expect(csvCell(" lead")).toBe('" lead"');
  expect(csvCell(null)).toBe("");
  expect(csvCell(undefined)).toBe("");
  expect(csvCell(12.5)).toBe("12.5");
  expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  expect(csvRow([1, "x,y"])).toBe('1,"x,y"\n');
  expect(
    toCsv([
      ["id", "name"],
      [1, "x,y"],
    ]),
  ).toBe('id,name\n1,"x,y"\n');
});

test("what is written reads back unchanged; CRLF files read too; a broken quote is refused", () => {
  const rows = [
    ["key", "ru", "en"],
    ["a", 'Он сказал "да", и ушёл', " spaced "],
    ["b", "две\nстроки", ""],
  ];
  expect(parseCsv(toCsv(rows))).toEqual([...rows]);
  expect(parseCsv("a,b\r\n1,2\r\n")).toEqual([
    ["a", "b"],
    ["1", "2"],
  ]);
  expect(parseCsv('a,"b')).toBeNull();
  expect(parseCsv('a,"b"x')).toBeNull();
  expect(csvRecords("metric,value\nrevenue,12\n\n")).toEqual([{ metric: "revenue", value: "12" }]);
});
