// What the two tournament screens share: the orders a top can be ranked by.
import { msg } from "@lingui/core/macro";

export const ORDERS = { rating: msg`rating gained`, wins: msg`wins`, battles: msg`battles`, experience: msg`experience` };
export type Order = keyof typeof ORDERS;
