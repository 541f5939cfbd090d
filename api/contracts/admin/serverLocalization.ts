// /admin/serverLocalization/: the server's texts' export (JSON or CSV) and import (a preview, then
// all or nothing); the list and the saves are the resource's (api/contracts/admin/resources.ts).
import { transferContracts } from "./transfer.ts";

export const { exportAll, importAll } = transferContracts({
  base: "/admin/serverLocalization/",
  role: "operator",
  actions: { export: "export", import: "import" },
});
