// Sign-in (or linking, for a signed-in player) with the social networks operators enabled and the
// server has settings for (/admin/socialNetwork/; TEST MODE stand-ins on the embedded default).
import { ph, t } from "@lingui/core/macro";
import { href, useApi } from "../../../lib/api.ts";
import * as social from "../../../../api/contracts/public/social.ts";

export interface Network {
  key: string;
  name: string;
}

/** The start address of a network's sign-in (`link`: add it to the signed-in account). */
export const socialStart = (key: string, o: { next?: string; link?: boolean } = {}) => {
  return href(social.start, { network: key, ...(o.next ? { next: o.next } : {}), ...(o.link ? { link: "1" } : {}) });
};

export function SocialButtons({ next, link, except = [] }: { next?: string; link?: boolean; except?: string[] }) {
  const networks = useApi(social.networks, {});
  const list = (networks.data ?? []).filter((n) => !except.includes(n.key));
  if (list.length === 0) return null;
  return (
    <nav className="tk-social" aria-label={link ? t`Link a network` : t`Sign in with a network`}>
      {list.map((n) => (
        <a key={n.key} className="tk-btn" href={socialStart(n.key, { next, link })} data-network={n.key}>
          {link ? t`Link ${ph({ network: n.name })}` : t`Sign in with ${ph({ network: n.name })}`}
        </a>
      ))}
    </nav>
  );
}
