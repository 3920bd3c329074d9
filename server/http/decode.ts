import { Either, Schema } from "effect";
import type { FastifyRequest } from "fastify";
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

/** `decodeBody(LoginRequest)(request)` */
export const decodeBody =
  <A, I>(schema: Schema.Schema<A, I, never>) =>
  (request: FastifyRequest): A =>
    decodeWith(schema, request.body);

/** `decodeQuery(CompanyFilters)(request)` */
export const decodeQuery =
  <A, I>(schema: Schema.Schema<A, I, never>) =>
  (request: FastifyRequest): A =>
    decodeWith(schema, request.query);

/** `decodeParams(CompanyIdParams)(request)` */
export const decodeParams =
  <A, I>(schema: Schema.Schema<A, I, never>) =>
  (request: FastifyRequest): A =>
    decodeWith(schema, request.params);
