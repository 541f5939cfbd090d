// Operators' notifications in the hangar (issue 30; the back office sends them, issue 31): the
// unread ones on top of the hangar, each read with one button (the profile's inbox reads the same).
import { useState } from "react";
import { t } from "@lingui/core/macro";
import { api, useApi } from "../../lib/api.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { list, read } from "../../../api/contracts/public/inbox.ts";

export function HangarInbox() {
  const inbox = useApi(list, { unread: true });
  const [gone, setGone] = useState<number[]>([]);
  const items = (inbox.data?.items ?? []).filter((i) => !gone.includes(i.id));
  if (!items.length) return null;
  return (
    <section aria-label={t`Messages`}>
      <ul className="tk-inbox">
        {items.map((m) => (
          <li key={m.id}>
            <strong>{m.title}</strong>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes the operator's text (the profile's inbox draws it so) */}
            <div className="tk-md" dangerouslySetInnerHTML={{ __html: renderMarkdown(m.body) }} />
            <button
              type="button"
              className="tk-btn"
              onClick={async () => {
                setGone((g) => [...g, m.id]);
                await api(read, { ids: [m.id] }).catch(() => undefined);
              }}
            >
              {t`Got it`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
