// The markdown editor itself (loaded lazily by MarkdownEditor.tsx): two tabs, "Markdown" (text
// area + toolbar; Ctrl/⌘+B, I, K) and "Rich" (the rendered text), in a 600 px frame.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { renderMarkdown } from "../lib/markdown.ts";
import { ACTIONS, applyAction, type Action } from "../lib/markdown-format.ts";
import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { EDITOR_HEIGHT, type MarkdownEditorProps } from "./markdown-editor-props.ts";
import "./MarkdownEditor.css";

type Mode = "markdown" | "rich";

const MODE_NAMES: Record<Mode, MessageDescriptor> = { markdown: msg`Markdown`, rich: msg`Preview` };
/** Each action's name (read by screen readers, shown as a tooltip) and its button face. */
const ACTION_TEXT: Record<Action["id"], { name: MessageDescriptor; face: MessageDescriptor }> = {
  bold: { name: msg`Bold`, face: msg({ message: "B", comment: "button face of Bold: one letter" }) },
  italic: { name: msg`Italic`, face: msg({ message: "I", comment: "button face of Italic: one letter" }) },
  heading: { name: msg`Heading`, face: msg({ message: "H", comment: "button face of Heading: one letter" }) },
  link: { name: msg`Link`, face: msg({ message: "↗", context: "editor button" }) },
  list: { name: msg`Bulleted list`, face: msg({ message: "•", context: "editor button" }) },
  numbered: { name: msg`Numbered list`, face: msg({ message: "1.", context: "editor button" }) },
  quote: { name: msg`Quote`, face: msg({ message: "❝", context: "editor button" }) },
  code: { name: msg`Code`, face: msg({ message: "</>", context: "editor button" }) },
};

export default function MarkdownEditorPane({ label, value, onChange, error, name }: MarkdownEditorProps) {
  const [mode, setMode] = useState<Mode>("markdown");
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const html = useMemo(() => (mode === "rich" ? renderMarkdown(value) : ""), [mode, value]);

  const run = (a: Action) => {
    const el = area.current;
    if (!el) return;
    const next = applyAction(value, el.selectionStart, el.selectionEnd, a);
    onChange(next.text);
    // Put the caret back on the formatted text once React has written the new value.
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.from, next.to);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey)) return;
    const a = ACTIONS.find((x) => x.key === e.key.toLowerCase());
    if (a) {
      e.preventDefault();
      run(a);
    }
  };
  const tab = (m: Mode) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${m}-tab`}
      aria-selected={mode === m}
      aria-controls={`${id}-${m}`}
      tabIndex={mode === m ? 0 : -1}
      className={mode === m ? "tk-btn tk-primary" : "tk-btn"}
      onClick={() => setMode(m)}
      onKeyDown={(e) =>
        (e.key === "ArrowRight" || e.key === "ArrowLeft") &&
        (setMode(m === "markdown" ? "rich" : "markdown"),
        e.currentTarget.parentElement?.querySelector<HTMLButtonElement>(`[aria-selected="false"]`)?.focus())
      }
    >
      {t(MODE_NAMES[m])}
    </button>
  );

  return (
    <div className="tk-md" style={{ height: EDITOR_HEIGHT }}>
      <div className="tk-md-head">
        <span id={`${id}-label`} className="tk-md-label">
          {label}
        </span>
        <div role="tablist" aria-labelledby={`${id}-label`} className="tk-row">
          {tab("markdown")}
          {tab("rich")}
        </div>
      </div>
      {mode === "markdown" ? (
        <div id={`${id}-markdown`} role="tabpanel" aria-labelledby={`${id}-markdown-tab`} className="tk-md-body">
          <div role="toolbar" aria-label={t`Formatting`} aria-controls={`${id}-text`} className="tk-row tk-md-toolbar">
            {ACTIONS.map((a) => (
              <button
                key={a.id}
                type="button"
                className="tk-btn"
                title={t(ACTION_TEXT[a.id].name) + (a.key ? ` (Ctrl+${a.key.toUpperCase()})` : "")}
                aria-label={t(ACTION_TEXT[a.id].name)}
                onClick={() => run(a)}
              >
                {t(ACTION_TEXT[a.id].face)}
              </button>
            ))}
          </div>
          <textarea
            ref={area}
            id={`${id}-text`}
            name={name}
            aria-labelledby={`${id}-label`}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            spellCheck
          />
        </div>
      ) : (
        // The renderer escapes typed HTML and refuses script links (ui/lib/markdown.ts).
        <div
          id={`${id}-rich`}
          role="tabpanel"
          aria-labelledby={`${id}-rich-tab`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is reached by Tab (WAI-ARIA tabs pattern)
          tabIndex={0}
          className="tk-md-body tk-md-rich"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it's output with html: false (ui/lib/markdown.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
      {error && (
        <small id={`${id}-error`} className="tk-field-error">
          {error}
        </small>
      )}
    </div>
  );
}
