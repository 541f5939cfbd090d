// The errors live below the http layer (domain rules raise them): api/domain/errors.ts.
export * from "../domain/errors.ts";
