// The markdown editor's props and height (MarkdownEditor.tsx and its lazy pane, MarkdownEditorPane.tsx, both read them).
export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** A message under the editor (e.g. the server's field error). */
  error?: string;
  name?: string;
}

export const EDITOR_HEIGHT = 600;
