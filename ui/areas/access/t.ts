import { catalog } from "../../lib/i18n.ts";
import { accessMessages } from "./messages.ts";

export const t = catalog(accessMessages);
