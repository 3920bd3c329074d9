import { Either, Schema } from "effect";
import { firstMessage } from "../../contracts/fields.ts";
import { HttpError } from "./errors.ts";

/** Deeper than any request we declare (the deepest is 3); past it the input is refused unread. */
export const MAX_INPUT_DEPTH = 16;

export const INPUT_MESSAGES = {
  tooDeep: "Los datos enviados tienen demasiados niveles anidados.",
  nulCharacter: "Los datos enviados contienen un carácter no permitido.",
} as const;

/**
 * Refuse cheaply what no schema should see: nesting past MAX_INPUT_DEPTH
 * (formatting the error of a 10,000-deep array overflows the stack) and NUL
 * characters in any string or key (PostgreSQL refuses them in text, which
 * would surface as a 500). One iterative walk, bounded by the body size.
 */
export function assertSafeInput(input: unknown): void {
  const stack: Array<readonly [unknown, number]> = [[input, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() ?? [undefined, 0];
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw new HttpError(400, INPUT_MESSAGES.nulCharacter);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) throw new HttpError(400, INPUT_MESSAGES.tooDeep);
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) throw new HttpError(400, INPUT_MESSAGES.nulCharacter);
      stack.push([item, depth + 1]);
    }
  }
}

/**
 * Validate request input with a contract schema (never Fastify's JSON
 * schema). A failure is a 400 whose message is the contract's Spanish text.
 */
export function decodeWith<A, I>(schema: Schema.Schema<A, I, never>, input: unknown): A {
  assertSafeInput(input);
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(input);
  if (Either.isLeft(result)) throw new HttpError(400, firstMessage(result.left));
  return result.right;
}
