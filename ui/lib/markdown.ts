// The renderer lives with the server (api/domain/markdown.ts), which renders the landing's news
// itself; the editor's preview renders with the same code here.
export { renderMarkdown } from "../../api/domain/markdown.ts";
