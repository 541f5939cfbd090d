// The TEST MODE page lives in api/http/test-sheet.ts: the payment and the social networks' stand-ins share it.
export * from "../../http/test-sheet.ts";
