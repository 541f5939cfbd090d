import { catalog } from "../../../lib/i18n.ts";
import { accountMessages } from "./messages.ts";

export const t = catalog(accountMessages);
