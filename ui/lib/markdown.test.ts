import { test, expect } from "bun:test";
import { renderMarkdown } from "./markdown.ts";
import { ACTIONS, applyAction } from "./markdown-format.ts";

test("markdown renders headings, emphasis, lists and links", () => {
  const html = renderMarkdown("# Guide\n\n**Armour** and *speed*\n\n- one\n- two\n\n[site](https://example.com)");
  expect(html).toContain("<h1>Guide</h1>");
  expect(html).toContain("<strong>Armour</strong> and <em>speed</em>");
  expect(html).toContain("<li>one</li>");
  expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
});

test("typed HTML is shown as text and script links are refused", () => {
  const html = renderMarkdown('<img src=x onerror="alert(1)"> [x](javascript:alert(1))');
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;img");
  expect(html).not.toContain('href="javascript');
});

test("toolbar actions wrap the selection or prefix each selected line", () => {
  const act = (id: string) => ACTIONS.find((a) => a.id === id)!;
  expect(applyAction("make it bold", 8, 12, act("bold"))).toEqual({ text: "make it **bold**", from: 10, to: 14 });
  expect(applyAction("x ", 2, 2, act("link")).text).toBe("x [link](https://)");
  expect(applyAction("intro\none\ntwo", 7, 13, act("numbered")).text).toBe("intro\n1. one\n2. two");
  expect(applyAction("title", 2, 2, act("heading")).text).toBe("## title");
});
