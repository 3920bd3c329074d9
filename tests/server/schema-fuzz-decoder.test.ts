import { isDeepStrictEqual } from "node:util";
import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { ALL_ENDPOINTS } from "../../contracts/all-endpoints.ts";
import { endpointLabel, type Endpoint } from "../../contracts/endpoint.ts";
import { decodeWith } from "../../server/http/decode.ts";
import { HttpError, toErrorReply } from "../../server/http/errors.ts";
import { ENGLISH, SEED, generateCases, preview, truncate, type FuzzRequest } from "./fuzz/mutations.ts";
import { routerInput } from "./fuzz/decoder.ts";
import { FUZZ_SPECS, OFFLINE_CONTEXT, caseSource, hasInput } from "./fuzz/specs.ts";

// Issue 24: malformed input is fuzzed at the decoder, in-process. Every case
// of the seeded generator (tests/server/fuzz/mutations.ts) for an endpoint
// with params, a query, a body or multipart fields is taken apart the way
// Fastify hands it to the router (tests/server/fuzz/decoder.ts: path params,
// the query with duplicate keys as arrays, the JSON body, a multipart's text
// fields) and decoded with the router's own `decodeWith`, whose failure the
// app's error handler (`toErrorReply`) turns into the 400's message. For
// every part of every case:
//
// - decoding throws nothing but the router's HttpError 400 (anything else is
//   a 500 over HTTP);
// - a refusal's message is non-empty Spanish (no English or technical text:
//   the same ENGLISH check the HTTP fuzz applies to answers);
// - an accepted value encodes with the same schema (what the client does
//   before sending), and that encoding decodes again to the same value.
//
// Every variant of the route decodes the case (GET /companies and its
// dashboard variant share a route: a mutated fixed query may select either),
// and every part decodes, even where the router would have stopped at an
// earlier part's refusal: a superset of what the router decodes. What never
// reaches a decoder (a URL find-my-way refuses, a body Fastify cannot parse,
// a multipart busboy refuses) is the HTTP fuzz's (tests/server/schema-fuzz.test.ts).

/** FUZZ_VERBOSE=1 prints each endpoint's decode counts, and the total. */
const VERBOSE = process.env["FUZZ_VERBOSE"] === "1";

/** Cases per endpoint: at least this many, or the spec's count when larger (decoding is cheap). */
const MIN_CASES = 200;

type Part = "params" | "query" | "body" | "fields";

interface Tally {
  accepted: number;
  refused: number;
  /** Requests that never reach a decoder, by why. */
  unread: Map<string, number>;
  messages: Set<string>;
}

const newTally = (): Tally => ({ accepted: 0, refused: 0, unread: new Map(), messages: new Set() });
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Decodes `input` as the router does, and says what is wrong, or null. A
 * refusal must be the router's 400 with a Spanish message; an acceptance
 * must survive encode-then-decode unchanged.
 */
function checkDecode(schema: Schema.Schema.AnyNoContext, input: unknown, tally: Tally): { readonly problem: string | null; readonly accepted: boolean } {
  let value: unknown;
  try {
    value = decodeWith(schema, input);
  } catch (error) {
    if (!(error instanceof HttpError)) return { problem: `threw ${String(error)} (a 500 over HTTP)`, accepted: false };
    const reply = toErrorReply(error);
    if (reply.statusCode !== 400 || !reply.expected) return { problem: `refused with ${reply.statusCode}: ${reply.message}`, accepted: false };
    if (reply.message.trim() === "") return { problem: "refused without a message", accepted: false };
    if (ENGLISH.test(reply.message)) return { problem: `refused with a message a person must not see: ${reply.message}`, accepted: false };
    tally.refused += 1;
    tally.messages.add(reply.message);
    return { problem: null, accepted: false };
  }
  const wire = Schema.encodeUnknownEither(schema)(value);
  if (Either.isLeft(wire)) return { problem: `accepted, but the decoded value does not encode: ${truncate(wire.left.message, 200)}`, accepted: true };
  let again: unknown;
  try {
    again = decodeWith(schema, wire.right);
  } catch (error) {
    return { problem: `accepted, but its encoding ${preview(wire.right)} is refused: ${error instanceof Error ? error.message : String(error)}`, accepted: true };
  }
  if (!isDeepStrictEqual(again, value)) return { problem: `accepted, but encode-then-decode gives ${preview(again)} for ${preview(value)}`, accepted: true };
  tally.accepted += 1;
  return { problem: null, accepted: true };
}

interface Decoded {
  readonly variant: Endpoint;
  readonly part: Part;
  readonly problem: string | null;
  readonly accepted: boolean;
}

/** Every part of the request decoded by every endpoint of its route; empty when nothing reaches a decoder. */
function decodeRequest(request: FuzzRequest, tally: Tally): ReadonlyArray<Decoded> {
  const input = routerInput(request);
  if (!input.routed) {
    count(tally.unread, input.why);
    return [];
  }
  const results: Decoded[] = [];
  const decode = (variant: Endpoint, part: Part, schema: Schema.Schema.AnyNoContext | undefined, value: unknown) => {
    if (schema !== undefined) results.push({ variant, part, ...checkDecode(schema, value, tally) });
  };
  if (input.body === null && input.variants.some((variant) => variant.body !== undefined)) count(tally.unread, "body: refused by the JSON parser");
  if (input.fields === undefined && input.variants.some((variant) => variant.multipart !== undefined)) count(tally.unread, "fields: a multipart the reader refuses");
  for (const variant of input.variants) {
    decode(variant, "params", variant.params, input.params);
    decode(variant, "query", variant.query, input.query);
    if (input.body !== null) decode(variant, "body", variant.body, input.body.value);
    if (input.fields !== undefined) decode(variant, "fields", variant.multipart?.fields, input.fields);
  }
  return results;
}

const describeProblem = (label: string, request: FuzzRequest, decoded: Decoded): string =>
  `${label} case #${request.index} (seed ${SEED}), ${decoded.part} as ${endpointLabel(decoded.variant)}: ${decoded.problem ?? ""} — ${request.note}\n    ${request.method} ${truncate(request.url, 200)}${
    request.payload === undefined ? "" : ` body ${truncate(Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : request.payload, 200)}`
  }${request.fields === undefined ? "" : ` fields ${truncate(JSON.stringify(request.fields), 200)}`}`;

describe("the schema fuzz at the decoder", () => {
  const totals = newTally();
  let requests = 0;
  const started = { wall: performance.now(), cpu: process.cpuUsage() };

  for (const endpoint of ALL_ENDPOINTS.filter(hasInput)) {
    const label = endpointLabel(endpoint);
    it(`${label}: every refusal a Spanish 400, every acceptance round-trips`, () => {
      const spec = FUZZ_SPECS[label];
      if (spec === undefined) throw new Error(`${label} has no fuzz spec (tests/server/fuzz/specs.ts)`);
      const cases = generateCases(endpoint, caseSource(spec, OFFLINE_CONTEXT), Math.max(MIN_CASES, spec.cases));
      const tally = newTally();
      const failures: string[] = [];
      const ownParts = new Map<Part, { accepted: number; refused: number }>();
      for (const request of cases) {
        for (const decoded of decodeRequest(request, tally)) {
          if (decoded.problem !== null) failures.push(describeProblem(label, request, decoded));
          if (decoded.variant !== endpoint) continue;
          const part = ownParts.get(decoded.part) ?? { accepted: 0, refused: 0 };
          if (decoded.accepted) part.accepted += 1;
          else part.refused += 1;
          ownParts.set(decoded.part, part);
          // The valid sample must be valid in every part, or the fuzz never gets past the first check.
          if (request.index === 0 && !decoded.accepted) failures.push(describeProblem(label, request, { ...decoded, problem: "the valid sample is refused" }));
        }
      }
      requests += cases.length;
      totals.accepted += tally.accepted;
      totals.refused += tally.refused;
      for (const [why, times] of tally.unread) totals.unread.set(why, (totals.unread.get(why) ?? 0) + times);
      for (const message of tally.messages) totals.messages.add(message);
      if (VERBOSE) process.stdout.write(`decoder ${label}: ${cases.length} cases, ${tally.accepted} accepted, ${tally.refused} refused, parts ${JSON.stringify([...ownParts])}, unread ${JSON.stringify([...tally.unread])}\n`);
      expect(failures, `${failures.length} decodes failed:\n${failures.slice(0, 15).join("\n")}`).toEqual([]);
      // Each of the endpoint's own parts met both answers: the fuzz reaches past the first check and also bites.
      const parts: Part[] = [
        ...(endpoint.params === undefined ? [] : ["params" as const]),
        ...(endpoint.query === undefined ? [] : ["query" as const]),
        ...(endpoint.body === undefined ? [] : ["body" as const]),
        ...(endpoint.multipart === undefined ? [] : ["fields" as const]),
      ];
      for (const part of parts) {
        expect(ownParts.get(part)?.accepted ?? 0, `${label} ${part}: nothing accepted`).toBeGreaterThan(0);
        expect(ownParts.get(part)?.refused ?? 0, `${label} ${part}: nothing refused`).toBeGreaterThan(0);
      }
    });
  }

  it("decoded some twenty thousand parts, with many distinct Spanish messages", () => {
    if (VERBOSE) {
      const cpu = process.cpuUsage(started.cpu);
      process.stdout.write(
        `decoder: ${requests} requests, ${totals.accepted} accepted and ${totals.refused} refused decodes, ${totals.messages.size} distinct messages, unread ${JSON.stringify([...totals.unread])}, ` +
          `${((performance.now() - started.wall) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU\n`,
      );
    }
    expect(requests).toBeGreaterThanOrEqual(12_000);
    expect(totals.accepted + totals.refused).toBeGreaterThanOrEqual(15_000);
    expect(totals.messages.size).toBeGreaterThanOrEqual(50);
  });
});
