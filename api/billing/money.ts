// The billing area's money helpers live with the rules that use them (api/domain/billing/money.ts).
export * from "../domain/billing/money.ts";
