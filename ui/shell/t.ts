import { catalog } from "../lib/i18n.ts";
import { shellMessages } from "./messages.ts";

export const t = catalog(shellMessages);
