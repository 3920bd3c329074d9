import { Schema } from "effect";

/** Every API error body: a Spanish message meant for the user. */
export const ApiErrorBody = Schema.Struct({ message: Schema.String });
export type ApiErrorBody = typeof ApiErrorBody.Type;
