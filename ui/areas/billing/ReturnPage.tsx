// Where Robokassa sends the player back (Success or Fail): the order, followed until settled.
import { OrderStatus } from "./OrderStatus.tsx";

export default function ReturnPage() {
  return <OrderStatus url={`${window.location.pathname}${window.location.search}`} />;
}
