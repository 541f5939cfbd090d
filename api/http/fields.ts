// The field schemas live below the http layer (domain rules and the UI share them): api/domain/fields.ts.
export * from "../domain/fields.ts";
