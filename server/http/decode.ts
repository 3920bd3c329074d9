import { Either, Schema } from "effect";
import { firstMessage } from "../../contracts/fields.ts";
import { HttpError } from "./errors.ts";

/**
 * Validate request input with a contract schema (never Fastify's JSON
 * schema). A failure is a 400 whose message is the contract's Spanish text.
 */
export function decodeWith<A, I>(schema: Schema.Schema<A, I, never>, input: unknown): A {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(input);
  if (Either.isLeft(result)) throw new HttpError(400, firstMessage(result.left));
  return result.right;
}
