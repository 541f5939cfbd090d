// A markdown editor for long texts (CMS guides, news, terms), 600 px high: it opens in markdown
// mode (a text area with a formatting toolbar and shortcuts) and has a rich mode showing the text
// rendered as readers will see it. Its code and the markdown renderer are one lazy chunk.
import { lazy, Suspense } from "react";
import { Loading } from "./States.tsx";
import { EDITOR_HEIGHT, type MarkdownEditorProps } from "./markdown-editor-props.ts";

const Pane = lazy(() => import("./MarkdownEditorPane.tsx"));

export function MarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense
      fallback={
        <div style={{ height: EDITOR_HEIGHT }}>
          <Loading />
        </div>
      }
    >
      <Pane {...props} />
    </Suspense>
  );
}
