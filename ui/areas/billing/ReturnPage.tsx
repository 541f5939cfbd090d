// Where a provider sends the player back (Robokassa's Success or Fail, Ecommpay's and PayPal's
// return): the order, followed until settled. Robokassa's pages check the signed fields of the
// address as they are, so they go back as sent.
import { api, sendRaw } from "../../lib/api.ts";
import * as billing from "../../../api/contracts/billing.ts";
import { OrderStatus } from "./OrderStatus.tsx";

const fields = () => Object.fromEntries(new URLSearchParams(window.location.search));
const load = () => {
  const path = window.location.pathname;
  if (path.startsWith("/billing/robokassa/"))
    return sendRaw(path.endsWith("/fail") ? billing.robokassaFail : billing.robokassaSuccess, fields());
  return api(billing.orderReturn, { order: Number(fields().order) });
};

export default function ReturnPage() {
  return <OrderStatus load={load} />;
}
