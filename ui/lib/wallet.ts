// The signed-in player's balances and level changed (a battle paid, a module was bought): the site's
// header reads its figures again. One event on window, so the game's pages need no handle on the header.
import { useEffect } from "react";

const EVENT = "tk:wallet";

export function walletChanged() {
  window.dispatchEvent(new Event(EVENT));
}

export function useWalletChanged(then: () => void) {
  useEffect(() => {
    window.addEventListener(EVENT, then);
    return () => window.removeEventListener(EVENT, then);
  }, [then]);
}
