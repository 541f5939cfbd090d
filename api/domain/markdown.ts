// Markdown to HTML of what players will read (CMS guides, news, terms): the server renders the
// landing's news with it, the editor's preview (ui/lib/markdown.ts) too. markdown-it
// with raw HTML off escapes any tag an author types, and its link check refuses javascript:,
// vbscript:, file: and non-image data: addresses, so the HTML is safe to insert as is.
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

// Links to other sites open in a new tab without handing it our window.
const defaultLink =
  md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
md.renderer.rules.link_open = (tokens, i, options, env, self) => {
  const href = tokens[i].attrGet("href") ?? "";
  if (/^https?:\/\//i.test(href)) {
    tokens[i].attrSet("target", "_blank");
    tokens[i].attrSet("rel", "noopener noreferrer");
  }
  return defaultLink(tokens, i, options, env, self);
};

export const renderMarkdown = (text: string): string => md.render(text);
