// Ecommpay's npm SDK (`ecommpay`, a dev dependency the tests sign callbacks with) ships no types.
declare module "ecommpay" {
  /** HMAC-SHA512 of the SDK's signature string of `params` with `secret`, base64. */
  export function signer(params: Record<string, unknown>, secret: string): string;
}
