import { createHash } from "node:crypto";
import { eq, inArray, isNotNull } from "drizzle-orm";
import { Arbitrary, Either, FastCheck, Schema, SchemaAST } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_ENDPOINTS } from "../../contracts/all-endpoints.ts";
import { endpointLabel, pathParamNames, type Endpoint, type HttpMethod } from "../../contracts/endpoint.ts";
import { DATA_ROOM_CATEGORIES, DATA_ROOM_CATEGORY_INFO, FileBody, listDataRoomFilesEndpoint, uploadDataRoomFilesEndpoint } from "../../contracts/data-room.ts";
import { SellerRegistrationRequest } from "../../contracts/registration.ts";
import { RFC_EXAMPLES } from "../../contracts/rfc.ts";
import { HtmlPageBody, PaymentList, PLAN_IDS } from "../../contracts/subscriptions.ts";
import { buildApp } from "../../server/app.ts";
import { indexBotPassages } from "../../server/bot/index-passages.ts";
import { hashVerificationToken } from "../../server/accounts/email-verification.ts";
import { hashRecoveryToken } from "../../server/accounts/password-recovery.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { mexicoCityToday } from "../../server/data-room/content.ts";
import { signFileToken } from "../../server/data-room/signed-url.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { buyerProfiles, emailVerificationTokens, passwordResetTokens } from "../../server/accounts/schema.ts";
import { companies } from "../../server/companies/schema.ts";
import { savedSearches } from "../../server/saved-searches/schema.ts";
import { sessions, users } from "../../server/auth/schema.ts";
import { NDA_VERSIONS, currentNda, type NdaVersion } from "../../content/nda.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { createMailer, type Mailer } from "../../server/mail/mailer.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";
import { openLocalCheckout, payPlan } from "./paid-plan.ts";
import {
  SAMPLE_FILES,
  dataRoomUpload,
  multipartBody,
  pictureUpload,
  type MultipartBody,
  SAMPLE_PASSWORD,
  botQuestion,
  adminUserListQuery,
  buyerSignUp,
  companyCreateRequest,
  companyUpdateRequest,
  interestRequest,
  kybRequest,
  onboardingCharacteristics,
  onboardingCompanyData,
  onboardingEquities,
  onboardingFundingRound,
  onboardingFundingStructures,
  onboardingInterests,
  onboardingSellData,
  onboardingSellingData,
  onboardingUses,
  slackOnboardingRequest,
  leadRequest,
  loginRequest,
  passwordChangeRequest,
  profileRequest,
  recoveryRequest,
  recoveryTokenFor,
  resetRequest,
  sellerSignUp,
  valuationRequest,
  accessRequestBody,
  acceptNdaBody,
  dealMessageBody,
  decideAccessBody,
  decideLetterBody,
  insertAccessRequest,
  letterOfIntentBody,
  shareFileBody,
  savedSearchRequest,
  verificationTokenFor,
  verifyEmailRequest,
} from "./samples.ts";

// Issue "Hardening: the campaign": a bounded, seeded schema fuzz. For every
// endpoint with params, a query or a body, a few hundred requests start from
// valid values (a hand-built sample and samples drawn from the contract with
// Effect's Arbitrary) and mutate them: wrong types, boundary numbers, huge
// and strange strings, NUL, deep nesting, extra and missing keys, arrays for
// objects, invalid JSON, wrong content types, broken percent-encoding and
// forged tokens. Each is sent anonymously and, for guarded endpoints, signed
// in. The server must answer every one without a 5xx, every 4xx with a
// Spanish `{ message }`, every 2xx within its contract, and no background
// task may fail. Everything derives from SEED: a failure prints the endpoint,
// the case index and the mutations, and the same run reproduces it.

const SEED = 20_260_515;
/** FUZZ_VERBOSE=1 prints each endpoint's case count and statuses, and the total. */
const VERBOSE = process.env["FUZZ_VERBOSE"] === "1";

// --- Deterministic randomness ------------------------------------------------------------

/** mulberry32: a tiny seeded PRNG, so a case is the same on every run and machine. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: ReadonlyArray<T>): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** A stable 32-bit seed per endpoint, from SEED and its label. */
const seedFor = (label: string): number => createHash("sha256").update(`${SEED}:${label}`).digest().readUInt32LE(0);

// --- JSON that JSON.stringify cannot write ----------------------------------------------

/** A JSON token written as is: 1e309 (Infinity once parsed), -0, 1.0. */
class RawJson {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    // Object.entries also lists an own "__proto__" key (made with defineProperty).
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** An object with an own key, "__proto__" included. */
const withKey = (object: object, key: string, value: unknown): object => {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
};

// --- Nasty values ------------------------------------------------------------------------------

const nested = (depth: number, kind: "array" | "object"): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === "array" ? [value] : { a: value };
  return value;
};

const stringOfLength = (length: number, unit = "a"): string => unit.repeat(length);
const emailOfLength = (length: number): string => `${"a".repeat(Math.max(1, length - "@ejemplo.mx".length))}@ejemplo.mx`;

interface Nasty {
  readonly label: string;
  readonly value: unknown;
}

const nasty = (label: string, value: unknown): Nasty => ({ label, value });

const WRONG_TYPES: ReadonlyArray<Nasty> = [
  nasty("null", null),
  nasty("true", true),
  nasty("false", false),
  nasty("0", 0),
  nasty("1", 1),
  nasty('""', ""),
  nasty('" "', " "),
  nasty('"texto"', "texto"),
  nasty("[]", []),
  nasty("{}", {}),
  nasty("[1,2]", [1, 2]),
  nasty('["a"]', ["a"]),
  nasty('{"a":1}', { a: 1 }),
];

const BOUNDARY_NUMBERS: ReadonlyArray<Nasty> = [
  ...[0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, 4_294_967_296, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 1.5, 0.1, 5e-324, 1799, 1800, 10_000_000, 10_000_001].map(
    (number) => nasty(String(number), number),
  ),
  ...["-0", "1e309", "-1e309", "1E400", "0.0", "1.0", "19.000", "100000000000000000000000000000", "2e0", "1e-400"].map((text) => nasty(`raw ${text}`, new RawJson(text))),
];

const NUMBERISH_STRINGS: ReadonlyArray<Nasty> = [
  "NaN", "Infinity", "-Infinity", "1e309", "0x1F", "0b1", "0o7", "1_000", " 1", "1 ", "+1", "01", "-0", "-1", "0", "1.0", "1e3", "19.5",
  "١٢٣", "１２", "2147483647", "2147483648", "9007199254740993", "99999999999", "null", "undefined", "true", "[]", "{}",
].map((text) => nasty(JSON.stringify(text), text));

const UNICODE_STRINGS: ReadonlyArray<Nasty> = [
  ["spanish", "Ñandú Peña Güemes"],
  ["emoji", "😀🇲🇽👩‍👩‍👧‍👦"],
  ["combining", "e\u0301\u0301\u0301a\u0308"],
  ["zalgo", "Z̸̡̛͈͉a̴̢͎l̷̨̛g̶̢̛o̵̧̕"],
  ["rtl override", "\u202Eabc\u202C عربي"],
  ["hebrew", "עברית"],
  ["lone high surrogate", "\uD800"],
  ["lone low surrogate", "x\uDC00x"],
  ["cut emoji", "a\uD83D"],
  ["bom", "\uFEFFbom"],
  ["zero width", "\u200B\u200C\u200D"],
  ["line separators", "a\u2028b\u2029c"],
  ["controls", "\u0001\u001F\u007F\u0085"],
  ["case folding", "ﬁ ǅ ß ẞ İ ı"],
  ["fullwidth e-mail", "ａ＠ｂ．ｍｘ"],
  ["whitespace", "\t\n\r\v\f"],
  ["html", "<script>alert(1)</script>"],
  ["sql", "' OR 1=1 --"],
  ["like", "%_\\"],
  ["template", "$1 $$ ${x} {{7*7}}"],
  ["path", "../../etc/passwd"],
  ["escaped nul text", "\\u0000"],
  ["tsquery", "a:* & !b | (c <-> d)"],
  ["e-mail with unicode", "ñandú@ejemplo.mx"],
  ["upper-case e-mail", "ANA@EJEMPLO.MX"],
  ["two @", "a@b@ejemplo.mx"],
].map(([label = "", value = ""]) => nasty(label, value));

const NUL_STRINGS: ReadonlyArray<Nasty> = [nasty("NUL", "\u0000"), nasty("a NUL b", "a\u0000b"), nasty("ten NUL", "\u0000".repeat(10))];

const LENGTHS = [1, 29, 30, 31, 119, 120, 121, 127, 128, 129, 199, 200, 201, 253, 254, 255, 299, 300, 301, 499, 500, 501, 1023, 1024, 1025, 1999, 2000, 2001];

const LONG_STRINGS: ReadonlyArray<Nasty> = [
  ...LENGTHS.map((length) => nasty(`${length} chars`, stringOfLength(length))),
  ...[253, 254, 255, 320].map((length) => nasty(`${length}-char e-mail`, emailOfLength(length))),
  nasty("121 spaces", " ".repeat(121)),
  nasty("10,001 chars", stringOfLength(10_001)),
  nasty("200,000 chars", stringOfLength(200_000)),
  nasty("100,000 ñ", stringOfLength(100_000, "ñ")),
  nasty("50,000 emoji", stringOfLength(50_000, "😀")),
  nasty("e-mail of 100,000 labels", `a@${"a.".repeat(100_000)}mx`),
  nasty("100,000 spaces then a", `${" ".repeat(100_000)}a`),
];

const STRUCTURES: ReadonlyArray<Nasty> = [
  nasty("array nested 15", nested(15, "array")),
  nasty("array nested 16", nested(16, "array")),
  nasty("object nested 15", nested(15, "object")),
  nasty("object nested 17", nested(17, "object")),
  nasty("10,000 zeros", Array.from({ length: 10_000 }, () => 0)),
  nasty("object of 5,000 keys", Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`k${index}`, index]))),
  nasty("__proto__ object", withKey({}, "__proto__", { admin: true })),
  nasty("constructor.prototype", { constructor: { prototype: { admin: true } } }),
];

const VALUE_POOLS: ReadonlyArray<ReadonlyArray<Nasty>> = [WRONG_TYPES, BOUNDARY_NUMBERS, NUMBERISH_STRINGS, UNICODE_STRINGS, NUL_STRINGS, LONG_STRINGS, STRUCTURES];
/** Strings only: query values and path segments. */
const STRING_POOLS: ReadonlyArray<ReadonlyArray<Nasty>> = [NUMBERISH_STRINGS, UNICODE_STRINGS, NUL_STRINGS, LONG_STRINGS];

const EXTRA_KEYS = ["extra", "constructor", "toString", "hasOwnProperty", "", "a\u0000b", "x".repeat(300), "😀", "user.email", "__proto__", "roles", "is_admin", "owner_user_id", "id"];

// --- Paths into a JSON value ------------------------------------------------------------------

type Path = ReadonlyArray<string | number>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof RawJson);

function pathsOf(value: unknown, path: Path = []): ReadonlyArray<Path> {
  if (isPlainObject(value)) return [path, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  if (Array.isArray(value) && value.length <= 20) return [path, ...value.flatMap((item, index) => pathsOf(item, [...path, index]))];
  return [path];
}

function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const step of path) current = isPlainObject(current) || Array.isArray(current) ? Reflect.get(current, step) : undefined;
  return current;
}

/** A copy with the value at `path` replaced (`remove`: deleted). */
function setAt(value: unknown, path: Path, next: unknown, remove = false): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return next;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && remove) copy.splice(Number(step), 1);
    else copy[Number(step)] = setAt(copy[Number(step)], rest, next, remove);
    return copy;
  }
  if (isPlainObject(value)) {
    if (rest.length === 0 && remove) return Object.fromEntries(Object.entries(value).filter(([key]) => key !== String(step)));
    return withKey(value, String(step), setAt(value[String(step)], rest, next, remove));
  }
  return value;
}

const describePath = (path: Path): string => (path.length === 0 ? "body" : `body.${path.join(".")}`);

const preview = (value: unknown): string => {
  const text = typeof value === "string" ? JSON.stringify(value) : toJson(value);
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
};

// --- Requests --------------------------------------------------------------------------------------

/** Query pairs as decoded strings, and fragments already percent-encoded (broken on purpose). */
interface Draft {
  params: Record<string, string>;
  query: Array<readonly [string, string]>;
  rawQuery: string[];
  body: { readonly kind: "json"; readonly value: unknown } | { readonly kind: "raw"; readonly payload: string | Buffer } | null;
  contentType: string | null;
  notes: string[];
}

interface FuzzRequest {
  readonly index: number;
  readonly method: HttpMethod | "OPTIONS";
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload?: string | Buffer;
  readonly note: string;
}

/** percent-encoding that writes a lone surrogate as its (invalid) three UTF-8 bytes instead of throwing. */
function percentEncode(text: string): string {
  let out = "";
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(index + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
    } else {
      out += encodeURIComponent(text[index] ?? "");
    }
  }
  return out;
}

function buildRequest(endpoint: Endpoint, draft: Draft, index: number): FuzzRequest {
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => draft.params[name] ?? "");
  const search = [...draft.query.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`), ...draft.rawQuery].join("&");
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (draft.body !== null) payload = draft.body.kind === "json" ? toJson(draft.body.value) : draft.body.payload;
  if (draft.contentType !== null) headers["content-type"] = draft.contentType;
  return {
    index,
    method: endpoint.method,
    url: `/api${path}${search === "" ? "" : `?${search}`}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
    note: draft.notes.join("; "),
  };
}

// --- Mutations ------------------------------------------------------------------------------------

const pickNasty = (rng: Rng, pools: ReadonlyArray<ReadonlyArray<Nasty>>): Nasty => rng.pick(rng.pick(pools));

type BodyMutation = (rng: Rng, value: unknown) => { readonly value: unknown; readonly note: string };

const BODY_MUTATIONS: ReadonlyArray<BodyMutation> = [
  // Replace a field (or the body) by a nasty value.
  (rng, value) => {
    const path = rng.pick(pathsOf(value));
    const next = pickNasty(rng, VALUE_POOLS);
    return { value: setAt(value, path, next.value), note: `${describePath(path)} = ${next.label}` };
  },
  // The same, on a leaf only (the likeliest to pass the outer checks).
  (rng, value) => {
    const leaves = pathsOf(value).filter((path) => !isPlainObject(getAt(value, path)) && !Array.isArray(getAt(value, path)));
    const path = leaves.length === 0 ? [] : rng.pick(leaves);
    const next = pickNasty(rng, VALUE_POOLS);
    return { value: setAt(value, path, next.value), note: `${describePath(path)} = ${next.label}` };
  },
  // Remove a key.
  (rng, value) => {
    const paths = pathsOf(value).filter((path) => path.length > 0);
    if (paths.length === 0) return { value, note: "nothing to remove" };
    const path = rng.pick(paths);
    return { value: setAt(value, path, undefined, true), note: `without ${describePath(path)}` };
  },
  // Add a key to an object.
  (rng, value) => {
    const objects = pathsOf(value).filter((path) => isPlainObject(getAt(value, path)));
    if (objects.length === 0) return { value, note: "no object for an extra key" };
    const path = rng.pick(objects);
    const key = rng.pick(EXTRA_KEYS);
    const next = pickNasty(rng, VALUE_POOLS);
    const target = getAt(value, path);
    return { value: setAt(value, path, withKey(isPlainObject(target) ? target : {}, key, next.value)), note: `${describePath(path)}[${JSON.stringify(key.slice(0, 20))}] = ${next.label}` };
  },
  // An object as an array of its values, or a value wrapped in an array.
  (rng, value) => {
    const path = rng.pick(pathsOf(value));
    const target = getAt(value, path);
    if (isPlainObject(target)) return { value: setAt(value, path, Object.values(target)), note: `${describePath(path)} as an array of its values` };
    return { value: setAt(value, path, [target]), note: `${describePath(path)} wrapped in an array` };
  },
  // Type confusion a form makes: numbers as strings and back.
  (rng, value) => {
    const path = rng.pick(pathsOf(value));
    const target = getAt(value, path);
    if (typeof target === "number") return { value: setAt(value, path, String(target)), note: `${describePath(path)} as a string` };
    if (typeof target === "string" && target !== "" && !Number.isNaN(Number(target))) return { value: setAt(value, path, Number(target)), note: `${describePath(path)} as a number` };
    if (typeof target === "string") return { value: setAt(value, path, `  ${target.toUpperCase()}  `), note: `${describePath(path)} padded and upper-cased` };
    return { value: setAt(value, path, null), note: `${describePath(path)} = null` };
  },
  // Strange text appended to a string, so the rest of it stays plausible.
  (rng, value) => {
    const strings = pathsOf(value).filter((path) => typeof getAt(value, path) === "string");
    if (strings.length === 0) return { value, note: "no string to extend" };
    const path = rng.pick(strings);
    const next = pickNasty(rng, [UNICODE_STRINGS, NUL_STRINGS]);
    return { value: setAt(value, path, `${String(getAt(value, path))}${String(next.value)}`), note: `${describePath(path)} + ${next.label}` };
  },
];

/** Whole bodies no mutation of a value can write: broken JSON, odd shapes, sizes and content types. */
const rawBodyCases = (valid: unknown): ReadonlyArray<{ readonly note: string; readonly payload: string | Buffer | null; readonly contentType: string | null }> => {
  const json = toJson(valid);
  const firstKey = isPlainObject(valid) ? (Object.keys(valid)[0] ?? "a") : "a";
  const raw = (note: string, payload: string | Buffer | null, contentType: string | null = "application/json") => ({ note, payload, contentType });
  return [
    raw("unterminated object", "{"),
    raw("missing value", '{"a":}'),
    raw("single quotes", "{'a':1}"),
    raw("trailing comma", json.replace(/}$/, ",}")),
    raw("unterminated array", "[1,2"),
    raw("raw NUL inside a JSON string", '{"a":"\u0000"}'),
    raw("NaN", "NaN"),
    raw("NaN as a value", `{"${firstKey}":NaN}`),
    raw("undefined", "undefined"),
    raw("BOM before the JSON", `\uFEFF${json}`),
    raw("garbage after the JSON", `${json} x`),
    raw("comment before the JSON", `//c\n${json}`),
    raw("invalid UTF-8 bytes", Buffer.from([0xff, 0xfe, 0x7b, 0x7d])),
    raw("invalid UTF-8 inside a string", Buffer.concat([Buffer.from(`{"${firstKey}":"`), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')])),
    raw("empty body", ""),
    raw("a space", " "),
    raw("null", "null"),
    raw("an array", "[]"),
    raw("a number", "0"),
    raw("a string", '"texto"'),
    raw("true", "true"),
    raw("the valid body in an array", `[${json}]`),
    raw("duplicate first key (the valid one wins)", json.replace(/^{/, `{"${firstKey}":{"a":[1]},`)),
    raw("duplicate first key (the odd one wins)", json.replace(/}$/, `,"${firstKey}":{"a":[1]}}`)),
    raw("__proto__ key", json.replace(/^{/, '{"__proto__":{"admin":true},')),
    raw("constructor.prototype key", json.replace(/^{/, '{"constructor":{"prototype":{"admin":true}},')),
    raw("escaped lone surrogates (the last key wins)", json.replace(/}$/, `,"${firstKey}":"\\ud800\\udc00\\udc00\\ud800"}`)),
    raw("nested 17 deep", toJson(nested(17, "object"))),
    raw("10,000 nested arrays", `${"[".repeat(10_000)}${"]".repeat(10_000)}`),
    raw("10,000 nested objects", `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`),
    raw("1.1 MB of x", "x".repeat(1_100_000)),
    raw("1.1 MB string value", `{"${firstKey}":"${"a".repeat(1_100_000)}"}`),
    raw("100,000 numbers", `[${Array.from({ length: 100_000 }, () => "1").join(",")}]`),
    raw("text/plain", json, "text/plain"),
    raw("form-urlencoded", "name=a&email=b%40c.mx", "application/x-www-form-urlencoded"),
    raw("multipart", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--", "multipart/form-data; boundary=x"),
    raw("xml", "<a>b</a>", "application/xml"),
    raw("JSON declared UTF-16", json, "application/json; charset=utf-16le"),
    raw("JSON declared latin1", json, "application/json; charset=latin1"),
    raw("upper-case content type", json, "APPLICATION/JSON"),
    raw("quoted charset", json, 'application/json;charset="utf-8"'),
    raw("vnd+json", json, "application/vnd.api+json"),
    raw("two content types", json, "application/json, text/html"),
    raw("*/*", json, "*/*"),
    raw("empty content type", json, ""),
    raw("no content type", json, null),
    raw("text/html", json, "text/html; charset=utf-8"),
    raw("JSON content type without a body", null),
  ];
};

const FORM = "application/x-www-form-urlencoded";

/** Whole form bodies the local checkout's page never sends. */
const FORM_BODIES: ReadonlyArray<{ readonly note: string; readonly payload: string | Buffer | null; readonly contentType: string | null }> = [
  { note: "no form body", payload: null, contentType: null },
  { note: "an empty form", payload: "", contentType: FORM },
  { note: "no outcome", payload: "resultado=paid", contentType: FORM },
  { note: "two outcomes", payload: "outcome=paid&outcome=declined", contentType: FORM },
  { note: "outcome in upper case", payload: "outcome=PAID", contentType: FORM },
  { note: "broken percent-encoding", payload: "outcome=%E0%A4%A", contentType: FORM },
  { note: "invalid UTF-8", payload: Buffer.from([0x6f, 0x3d, 0xff, 0xfe]), contentType: FORM },
  { note: "a NUL", payload: "outcome=paid%00", contentType: FORM },
  { note: "2 KB of form", payload: `outcome=paid&x=${"a".repeat(2_048)}`, contentType: FORM },
  { note: "1.1 MB of form", payload: `outcome=paid&x=${"a".repeat(1_100_000)}`, contentType: FORM },
  { note: "the form as JSON", payload: '{"outcome":"paid"}', contentType: "application/json" },
  { note: "the form as text/plain", payload: "outcome=paid", contentType: "text/plain" },
  { note: "multipart", payload: '--x\r\nContent-Disposition: form-data; name="outcome"\r\n\r\npaid\r\n--x--', contentType: "multipart/form-data; boundary=x" },
];

/** Whole multipart bodies an upload form never sends (built from the valid one). */
const multipartBodies = (valid: MultipartBody): ReadonlyArray<{ readonly note: string; readonly payload: string | Buffer | null; readonly contentType: string | null }> => {
  const pdf = { filename: "a.pdf", contentType: "application/pdf", bytes: SAMPLE_FILES.pdf };
  const boundary = /boundary=(.+)$/.exec(valid.contentType)?.[1] ?? "";
  return [
    { note: "no body", payload: null, contentType: null },
    { note: "the multipart without a content type", payload: valid.payload, contentType: null },
    { note: "a wrong boundary", payload: valid.payload, contentType: "multipart/form-data; boundary=otra-frontera" },
    { note: "no boundary", payload: valid.payload, contentType: "multipart/form-data" },
    { note: "a 500-character boundary", payload: valid.payload, contentType: `multipart/form-data; boundary=${"b".repeat(500)}` },
    { note: "truncated in the file", payload: valid.payload.subarray(0, valid.payload.length - 40), contentType: valid.contentType },
    { note: "truncated before the closing boundary", payload: valid.payload.subarray(0, valid.payload.length - 4), contentType: valid.contentType },
    { note: "an empty body", payload: "", contentType: valid.contentType },
    { note: "only the closing boundary", payload: `--${boundary}--\r\n`, contentType: valid.contentType },
    { note: "no file", payload: multipartBody([{ name: "file_type", value: "picture" }, { name: "issued_on", value: "2026-01-01" }], boundary).payload, contentType: valid.contentType },
    { note: "the file under a wrong field name", payload: multipartBody([{ name: "archivo", ...pdf }], boundary).payload, contentType: valid.contentType },
    { note: "a huge text field", payload: multipartBody([{ name: "issued_on", value: "x".repeat(100_000) }, { name: "files[]", ...pdf }, { name: "file", ...pdf }], boundary).payload, contentType: valid.contentType },
    { note: "a field name with a NUL", payload: multipartBody([{ name: "issued\u0000on", value: "2026-01-01" }, { name: "files[]", ...pdf }], boundary).payload, contentType: valid.contentType },
    { note: "a __proto__ field", payload: multipartBody([{ name: "__proto__", value: "x" }, { name: "files[]", ...pdf }, { name: "file", ...pdf }], boundary).payload, contentType: valid.contentType },
    { note: "40 text fields", payload: multipartBody(Array.from({ length: 40 }, (_, index) => ({ name: `f${index}`, value: "1" })), boundary).payload, contentType: valid.contentType },
    { note: "an empty file", payload: multipartBody([{ name: "files[]", ...pdf, bytes: Buffer.alloc(0) }, { name: "file", ...pdf, bytes: Buffer.alloc(0) }], boundary).payload, contentType: valid.contentType },
    { note: "HTML named .pdf", payload: multipartBody([{ name: "file_type", value: "picture" }, { name: "files[]", ...pdf, bytes: SAMPLE_FILES.html }, { name: "file", ...pdf, bytes: SAMPLE_FILES.html }], boundary).payload, contentType: valid.contentType },
    { note: "junk between the parts", payload: Buffer.concat([Buffer.from("basura\r\n"), valid.payload]), contentType: valid.contentType },
    { note: "a part without headers", payload: `--${boundary}\r\n\r\nnada\r\n--${boundary}--\r\n`, contentType: valid.contentType },
    { note: "the upload as JSON", payload: '{"files":[]}', contentType: "application/json" },
    { note: "the upload as a form", payload: "file_type=picture", contentType: FORM },
  ];
};

const RAW_QUERIES: ReadonlyArray<string> = [
  "q=%", "q=%E0%A4%A", "q=%FF%FE", "q=%ED%A0%80", "q=%C0%80", "%00=1", "q=%00", "q[]=1", "state_id[a]=1", "page=1&page=2",
  `q=${"a".repeat(200_000)}`, "&&&", "=", "==1", "q", "q=a;b", "q=a%26b", "q=+", "per_page=%2B1", "__proto__=1", "constructor=1",
  "hasOwnProperty=1", "toString=1", "is_dashboard=true", "is_dashboard=TRUE", "is_dashboard=1", "is_dashboard", "is_dashboard[]=true",
  "page=0", "page=101", "per_page=49", "page=100000", "page=100001", "per_page=0", "state_id=0", "state_id=99999", "q=%20%20%20",
  `q=${"%F0%9F%98%80".repeat(101)}`, `q=${encodeURIComponent("tecnologia ".repeat(20))}`, "q=de%20la%20el", `q=${"a".repeat(100)}`,
];

const RAW_PATH_IDS: ReadonlyArray<string> = [
  "0", "-1", "2147483647", "2147483648", "4294967296", "9007199254740993", "1e3", "01", "1.0", "abc", "%201", "1%20", "%00", "%",
  "%FF", "%ED%A0%80", "1%2F2", "..", "%2E%2E", "%EF%BC%91", "%D9%A3", "1".repeat(100), "1".repeat(101), "1".repeat(10_000),
  "1;drop", "null", "undefined", "-0", "+1", "%2B1", "0x10", "1,2", "%E2%80%AE1", "1%0A", "1%0D%0A",
];

// --- What each endpoint needs --------------------------------------------------------------------

interface FuzzContext {
  readonly company: { readonly id: number; readonly humanId: string };
  /** An account logging in works for (test hash parameters, so a good guess is cheap). */
  readonly loginEmail: string;
  /** A recovery link re-armed before each case of the reset endpoint. */
  readonly recoverToken: string;
  /** An open local checkout (of an account no caller signs in as, so no new checkout expires it). */
  readonly checkoutId: string;
  /** The paid seller's payment and its receipt link's signature. */
  readonly paymentId: number;
  readonly receiptSignature: string;
  /** A data-room file of the company, its signed download token, and the company picture's key. */
  readonly fileId: number;
  readonly fileToken: string;
  readonly pictureKey: string;
  /** An account the admin deactivates (re-armed after each case of DELETE /users/{id}). */
  readonly deactivatableUserId: number;
  /** The deal room: the NDA in force, a listed company the buyer has not asked, and the buyer's requests (see DEAL_IDS). */
  readonly ndaVersion: string;
  readonly askCompanyId: number;
  /** An e-mail verification link re-armed before a third of the cases of PUT /accounts/email_verifications. */
  readonly verificationToken: string;
  /** The signed-in buyer's saved search, re-armed before a third of the cases of DELETE /saved_searches/{id}. */
  readonly savedSearchId: number;
}

/**
 * The fuzz buyer's requests and letter, at ids far above the sequences' (a
 * fuzzed path id never lands on them, so a mutated decision cannot revoke
 * the request the thread's cases need): an approved one (the thread and the
 * letters), a pending one (the decision), one approved under the previous
 * NDA (the new acceptance) and one with a pending letter (its answer).
 */
const DEAL_IDS = { approved: 700_000_001, pending: 700_000_002, outdated: 700_000_003, withLetter: 700_000_004, letter: 700_000_001 } as const;

/** An NDA version before the one in force: the fuzz's app knows both. */
const OLD_NDA: NdaVersion = { version: "2000-01", effectiveDate: "2000-01-01", text: "Acuerdo anterior entre {{comprador}} y {{referencia}}, {{fecha}}." };

interface Sample {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** An HTML form's body (application/x-www-form-urlencoded), for the pages that post one. */
  readonly form?: string;
  /** A multipart/form-data upload (the picture, the data room). */
  readonly multipart?: MultipartBody;
}

interface FuzzSpec {
  /** Guarded endpoints are also called signed in; public ones sometimes. */
  readonly guarded: boolean;
  /** How many cases (each sent once per auth variant). */
  readonly cases: number;
  /** A valid request; `index` lets sign-ups use a fresh e-mail now and then (each new account costs a real scrypt hash). */
  readonly valid: (context: FuzzContext, index: number) => Sample;
  /** Contract samples are drawn from this schema instead of the body's (a filter Arbitrary cannot satisfy quickly). */
  readonly bodyArbitrary?: Schema.Schema.AnyNoContext;
  /** Fix what a contract sample cannot know (a live link, the company's reference) or should not cost (an unknown e-mail's hash). */
  readonly fixSample?: (sample: Record<string, unknown>, valid: Sample) => Record<string, unknown>;
}

/** Fresh accounts only once in a while: a sign-up that succeeds hashes with production scrypt parameters. */
const signUpEmail = (kind: string, index: number): string => (index % 16 === 0 ? `fuzz.${kind}.${index}@ejemplo.mx` : `fuzz.${kind}@ejemplo.mx`);

/** Contract samples cannot know which catalogue rows exist: keep the valid request's ids. */
const onboardingCatalogueIds = (sample: Record<string, unknown>, valid: Sample) => ({
  ...sample,
  society_id: getAt(valid.body, ["society_id"]),
  tax_system_id: getAt(valid.body, ["tax_system_id"]),
});

const matchPasswords = (newKey: string) => (sample: Record<string, unknown>) => ({ ...sample, password_confirmation: sample[newKey] });

const FUZZ_SPECS: Readonly<Record<string, FuzzSpec>> = {
  "POST /sessions": {
    guarded: false,
    cases: 150,
    valid: (context) => ({ body: loginRequest(context.loginEmail) }),
    fixSample: (sample, valid) => ({ ...sample, email: getAt(valid.body, ["email"]) }),
  },
  "POST /accounts/recover-passwords": { guarded: false, cases: 130, valid: (context) => ({ body: recoveryRequest(context.loginEmail) }) },
  "PUT /accounts/recover-passwords": {
    guarded: false,
    cases: 150,
    valid: (context) => ({ body: resetRequest(context.recoverToken) }),
    fixSample: matchPasswords("password"),
  },
  "PATCH /accounts": { guarded: true, cases: 130, valid: () => ({ body: profileRequest() }) },
  "PATCH /accounts/passwords": {
    guarded: true,
    cases: 130,
    valid: () => ({ body: passwordChangeRequest(SAMPLE_PASSWORD) }),
    fixSample: matchPasswords("new_password"),
  },
  "POST /buyers": { guarded: false, cases: 160, valid: (_context, index) => ({ body: buyerSignUp(signUpEmail("comprador", index)) }) },
  "POST /sellers": {
    guarded: false,
    cases: 160,
    valid: (_context, index) => ({ body: sellerSignUp(signUpEmail("vendedor", index)) }),
    // The year's filter reads the clock; Arbitrary would search 2^32 integers for one in range.
    bodyArbitrary: Schema.Struct({ ...SellerRegistrationRequest.fields, foundation_date: Schema.Int.pipe(Schema.between(1800, 2025)) }),
  },
  "POST /leads": { guarded: false, cases: 150, valid: () => ({ body: leadRequest() }) },
  "GET /companies": { guarded: false, cases: 180, valid: (_context, index) => ({ query: [{}, { q: "tecnologia monterrey" }, { state_id: "19", industry_id: "1", per_page: "48" }, { page: "2", per_page: "1" }][index % 4] ?? {} }) },
  "GET /companies?is_dashboard=true": { guarded: true, cases: 110, valid: (_context, index) => ({ query: index % 2 === 0 ? { q: "alfa", page: "1", per_page: "12" } : {} }) },
  "GET /companies/:id": { guarded: false, cases: 90, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "GET /companies/:id?is_dashboard=true": { guarded: true, cases: 80, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "POST /companies/:id/interest_messages": {
    guarded: true,
    cases: 130,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: interestRequest(context.company.humanId) }),
    fixSample: (sample, valid) => ({ ...sample, human_id: getAt(valid.body, ["human_id"]) }),
  },
  // The fixed seller's own contact (an admin may name any; a buyer is refused another's): samples keep it, so they reach the later checks.
  "POST /companies": {
    guarded: true,
    cases: 140,
    valid: () => ({ body: companyCreateRequest({ name: "fuzz.vendedora.fija", email: "fuzz.vendedora.fija@ejemplo.mx" }) }),
    fixSample: (sample, valid) => ({ ...sample, contact: getAt(valid.body, ["contact"]) }),
  },
  "PUT /companies/:id": {
    guarded: true,
    cases: 140,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: companyUpdateRequest() }),
  },
  "POST /payments/checkout_sessions": { guarded: true, cases: 110, valid: (_context, index) => ({ body: { subscription_id: PLAN_IDS[index % PLAN_IDS.length] } }) },
  "GET /payments": { guarded: true, cases: 80, valid: (_context, index) => ({ query: index % 2 === 0 ? {} : { page: String(1 + (index % 3)) } }) },
  "GET /payments/local-checkout/:id": { guarded: false, cases: 70, valid: (context) => ({ params: { id: context.checkoutId } }) },
  // Paying closes the checkout: later valid samples meet the "already processed" page.
  "POST /payments/local-checkout/:id": { guarded: false, cases: 80, valid: (context, index) => ({ params: { id: context.checkoutId }, form: index % 5 === 0 ? "outcome=declined" : "outcome=paid" }) },
  "GET /payments/:id/receipt": { guarded: false, cases: 80, valid: (context) => ({ params: { id: String(context.paymentId) }, query: { signature: context.receiptSignature } }) },

  // The picture and the data room: the owner (the signed-in seller) or an admin; few mutations each (14 category endpoints).
  "PUT /companies/:id/company_files": { guarded: true, cases: 90, valid: (context) => ({ params: { id: String(context.company.id) }, multipart: pictureUpload() }) },
  ...Object.fromEntries(
    DATA_ROOM_CATEGORIES.flatMap((category): Array<[string, FuzzSpec]> => [
      [endpointLabel(listDataRoomFilesEndpoint(category)), { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.company.id) } }) }],
      [
        endpointLabel(uploadDataRoomFilesEndpoint(category)),
        {
          guarded: true,
          cases: 75,
          valid: (context) => ({
            params: { id: String(context.company.id) },
            multipart: dataRoomUpload(DATA_ROOM_CATEGORY_INFO[category].needsIssueDate ? mexicoCityToday(new Date()) : undefined),
          }),
        },
      ],
    ]),
  ),
  "GET /companies/:id/company_files/:fileId": { guarded: true, cases: 70, valid: (context) => ({ params: { id: String(context.company.id), fileId: String(context.fileId) } }) },
  "GET /companies/:id/company_files/:fileId/views": { guarded: true, cases: 70, valid: (context) => ({ params: { id: String(context.company.id), fileId: String(context.fileId) } }) },
  "GET /files/:token": { guarded: false, cases: 70, valid: (context) => ({ params: { token: context.fileToken } }) },
  "GET /company_pictures/:key": { guarded: false, cases: 70, valid: (context) => ({ params: { key: context.pictureKey } }) },
  // The seller owns the company and pays; the buyer is refused (no plan), the admin may (any company).
  "POST /companies/:id/validations/kyb": { guarded: true, cases: 80, valid: (context, index) => ({ params: { id: String(context.company.id) }, body: kybRequest(RFC_EXAMPLES[index % RFC_EXAMPLES.length]) }) },
  // The onboarding: the owner (the signed-in seller) or an admin; the saves that must total 100% draw samples that do.
  "GET /companies/:id/onboardings": { guarded: true, cases: 30, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "POST /companies/:id/onboardings/company_data": { guarded: true, cases: 60, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingCompanyData() }), fixSample: onboardingCatalogueIds },
  "PUT /companies/:id/onboardings/company_equities": {
    guarded: true,
    cases: 60,
    valid: (context, index) => ({ params: { id: String(context.company.id) }, body: index % 2 === 0 ? onboardingEquities() : onboardingEquities(33.33, 33.33, 33.34) }),
    bodyArbitrary: Schema.Struct({ company_equities: Schema.Tuple(Schema.Struct({ shareholder: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40)), equity: Schema.Literal(100) })) }),
  },
  "PUT /companies/:id/onboardings/company_interests": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingInterests() }) },
  "PUT /companies/:id/onboardings/company_funding_rounds": { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingFundingRound() }) },
  "PUT /companies/:id/onboardings/company_funding_rounds_uses": {
    guarded: true,
    cases: 60,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingUses(60.5, 39.5) }),
    bodyArbitrary: Schema.Struct({ company_funding_rounds_uses: Schema.Tuple(Schema.Struct({ use_name: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40)), use_percentage: Schema.Literal(100) })) }),
  },
  "PUT /companies/:id/onboardings/company_selling_data": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingSellingData() }) },
  "PUT /companies/:id/onboardings/company_sell_data": { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingSellData() }) },
  "PUT /companies/:id/onboardings/company_characteristics": {
    guarded: true,
    cases: 40,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingCharacteristics() }),
    fixSample: (sample, valid) => ({ ...sample, characteristics: getAt(valid.body, ["characteristics"]), attributes: getAt(valid.body, ["attributes"]) }),
  },
  "PUT /companies/:id/onboardings/funding_structures": {
    guarded: true,
    cases: 40,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingFundingStructures() }),
    fixSample: (sample, valid) => ({ ...sample, funding_structures: getAt(valid.body, ["funding_structures"]) }),
  },
  "POST /slack-onboarding": { guarded: true, cases: 40, valid: (context) => ({ body: slackOnboardingRequest(context.company.id) }) },
  // Public, like the contact form; contract samples keep the valid request's industry (Arbitrary cannot know the catalogue).
  "POST /valuations": {
    guarded: false,
    cases: 150,
    valid: () => ({ body: valuationRequest() }),
    // The cross-field rules too (EBITDA within sales, the location's currency), so extreme amounts reach the engine.
    fixSample: (sample, valid) => ({
      ...sample,
      industry_id: getAt(valid.body, ["industry_id"]),
      net_profit: Math.min(Number(sample["net_profit"]), Number(sample["gross_revenue"])),
      currency: sample["location"] === 1 ? "MXN" : "USD",
    }),
  },
  // Puente Bot: public; its questions reach the ranking SQL (the passages are indexed below).
  "GET /bot": { guarded: false, cases: 90, valid: (_context, index) => ({ query: index % 3 === 0 ? {} : { pregunta: index % 3 === 1 ? "¿Qué es el KYB?" : "cuanto cuesta el plan impulza" } }) },
  "POST /bot/answers": { guarded: false, cases: 150, valid: (_context, index) => ({ body: botQuestion(index % 2 === 0 ? undefined : "¿son una institución financiera?") }) },
  // The admin dashboard: only the admin gets past the role check; other callers meet the 403 first.
  "GET /users": { guarded: true, cases: 60, valid: (_context, index) => ({ query: index % 2 === 0 ? adminUserListQuery() : {} }) },
  "DELETE /users/:id": { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.deactivatableUserId) } }) },

  // The deal room: the buyer asks once (then 409s), the seller and admin meet the refusals; each request in its state (DEAL_IDS).
  "POST /companies/:id/access_requests": {
    guarded: true,
    cases: 90,
    valid: (context) => ({ params: { id: String(context.askCompanyId) }, body: accessRequestBody(context.ndaVersion) }),
    fixSample: (sample, valid) => ({ ...sample, nda_version: getAt(valid.body, ["nda_version"]) }),
  },
  "GET /access_requests": {
    guarded: true,
    cases: 70,
    valid: (_context, index) => ({ query: [{}, { side: "outgoing" }, { side: "incoming", status: "pending", per_page: "5" }, { page: "2", per_page: "1" }][index % 4] ?? {} }),
  },
  "GET /access_requests/:id": { guarded: true, cases: 50, valid: () => ({ params: { id: String(DEAL_IDS.approved) } }) },
  "PATCH /access_requests/:id": { guarded: true, cases: 70, valid: () => ({ params: { id: String(DEAL_IDS.pending) }, body: decideAccessBody("approved") }) },
  "POST /access_requests/:id/nda_acceptances": {
    guarded: true,
    cases: 60,
    valid: (context) => ({ params: { id: String(DEAL_IDS.outdated) }, body: acceptNdaBody(context.ndaVersion) }),
    fixSample: (sample, valid) => ({ ...sample, nda_version: getAt(valid.body, ["nda_version"]) }),
  },
  "GET /access_requests/:id/messages": { guarded: true, cases: 50, valid: () => ({ params: { id: String(DEAL_IDS.approved) } }) },
  "POST /access_requests/:id/messages": { guarded: true, cases: 90, valid: () => ({ params: { id: String(DEAL_IDS.approved) }, body: dealMessageBody() }) },
  "GET /access_requests/:id/letters_of_intent": { guarded: true, cases: 50, valid: () => ({ params: { id: String(DEAL_IDS.approved) } }) },
  "POST /access_requests/:id/letters_of_intent": { guarded: true, cases: 110, valid: () => ({ params: { id: String(DEAL_IDS.approved) }, body: letterOfIntentBody() }) },
  "PATCH /letters_of_intent/:id": { guarded: true, cases: 60, valid: () => ({ params: { id: String(DEAL_IDS.letter) }, body: decideLetterBody("accepted") }) },
  "PATCH /companies/:id/company_files/:fileId": {
    guarded: true,
    cases: 60,
    valid: (context, index) => ({ params: { id: String(context.company.id), fileId: String(context.fileId) }, body: shareFileBody(index % 2 === 0) }),
  },
  // E-mail verification, seller analytics and saved searches (issue 16): the link's token reaches the claim; filters stay real
  // catalogue ids so odd names and texts reach the duplicate check and the insert.
  "PUT /accounts/email_verifications": { guarded: false, cases: 100, valid: (context) => ({ body: verifyEmailRequest(context.verificationToken) }) },
  "GET /companies/:id/analytics": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "POST /saved_searches": {
    guarded: true,
    cases: 90,
    valid: (_context, index) => ({ body: savedSearchRequest(`Búsqueda ${index}`, index % 2 === 0 ? "tortillas" : "tecnologia monterrey") }),
    fixSample: (sample, valid) => ({ ...sample, filters: getAt(valid.body, ["filters"]) }),
  },
  "DELETE /saved_searches/:id": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.savedSearchId) } }) },
};

const hasInput = (endpoint: Endpoint): boolean => endpoint.params !== undefined || endpoint.query !== undefined || endpoint.body !== undefined;

/** Endpoints with input but no fuzz spec, and specs for nothing. */
function specProblems(endpoints: ReadonlyArray<Endpoint>): ReadonlyArray<string> {
  const withInput = endpoints.filter(hasInput).map(endpointLabel);
  const missing = withInput.filter((label) => FUZZ_SPECS[label] === undefined).map((label) => `${label}: no fuzz spec`);
  const stale = Object.keys(FUZZ_SPECS).filter((label) => !withInput.includes(label)).map((label) => `${label}: spec for no endpoint with input`);
  return [...missing, ...stale];
}

// --- Contract samples (Effect's Arbitrary) --------------------------------------------------------

const SAMPLES_PER_PART = 10;

/** The struct inside a top-level filter (cross-field checks such as matching passwords are met by fixSample). */
const withoutTopFilter = (schema: Schema.Schema.AnyNoContext): Schema.Schema.AnyNoContext =>
  SchemaAST.isRefinement(schema.ast) ? Schema.make(schema.ast.from) : schema;

/**
 * Wire values drawn from a contract, seeded. Bodies: decoded values drawn
 * from the schema (its patterns and bounds sit on the decoded side), then
 * encoded. Params and query: drawn from the wire side directly (strings).
 */
function contractSamples(schema: Schema.Schema.AnyNoContext, side: "decoded" | "wire", seed: number): ReadonlyArray<unknown> {
  const source = withoutTopFilter(schema);
  if (side === "wire") return FastCheck.sample(Arbitrary.make(Schema.encodedBoundSchema(source)), { seed, numRuns: SAMPLES_PER_PART });
  const encode = Schema.encodeUnknownEither(source);
  return FastCheck.sample(Arbitrary.make(source), { seed, numRuns: SAMPLES_PER_PART }).flatMap((value) => {
    const wire = encode(value);
    return Either.isRight(wire) ? [wire.right] : [];
  });
}

const asRecord = (value: unknown): Record<string, unknown> => (isPlainObject(value) ? value : {});
const asStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(asRecord(value)).flatMap(([key, item]) => (typeof item === "string" ? [[key, item]] : [])));

// --- Case generation -----------------------------------------------------------------------------

function draftOf(endpoint: Endpoint, sample: Sample, note: string): Draft {
  return {
    params: { ...sample.params },
    query: [...Object.entries(endpoint.fixedQuery ?? {}), ...Object.entries(sample.query ?? {})],
    rawQuery: [],
    body:
      sample.multipart !== undefined
        ? { kind: "raw", payload: sample.multipart.payload }
        : sample.form !== undefined
          ? { kind: "raw", payload: sample.form }
          : endpoint.body === undefined
            ? null
            : { kind: "json", value: sample.body },
    contentType: sample.multipart !== undefined ? sample.multipart.contentType : sample.form !== undefined ? FORM : endpoint.body === undefined ? null : "application/json",
    notes: [note],
  };
}

function mutateQuery(rng: Rng, draft: Draft): void {
  const roll = rng.int(6);
  if (roll === 0 && draft.query.length > 0) {
    const position = rng.int(draft.query.length);
    const [key] = draft.query[position] ?? ["", ""];
    const next = pickNasty(rng, STRING_POOLS);
    draft.query[position] = [key, String(next.value)];
    draft.notes.push(`query ${key} = ${next.label}`);
  } else if (roll === 1 && draft.query.length > 0) {
    const position = rng.int(draft.query.length);
    draft.notes.push(`query without ${draft.query[position]?.[0] ?? ""}`);
    draft.query.splice(position, 1);
  } else if (roll === 2 && draft.query.length > 0) {
    const [key, value] = rng.pick(draft.query);
    draft.query.push([key, value]);
    draft.notes.push(`query ${key} twice`);
  } else if (roll === 3) {
    const key = rng.pick(["state_id", "industry_id", "sales_range_id", "interest_id", "company_type_id", "verification_level_id", "ebitda_id", "q", "page", "per_page", "is_dashboard", "extra"]);
    const next = pickNasty(rng, STRING_POOLS);
    draft.query.push([key, String(next.value)]);
    draft.notes.push(`query ${key} = ${next.label}`);
  } else {
    const fragment = rng.pick(RAW_QUERIES);
    draft.rawQuery.push(fragment);
    draft.notes.push(`raw query ${preview(fragment)}`);
  }
}

function mutateParams(rng: Rng, draft: Draft): void {
  const name = rng.pick(Object.keys(draft.params));
  if (rng.chance(0.6)) {
    const id = rng.pick(RAW_PATH_IDS);
    draft.params[name] = id;
    draft.notes.push(`path ${name} = ${preview(id)}`);
  } else {
    const next = pickNasty(rng, STRING_POOLS);
    draft.params[name] = percentEncode(String(next.value));
    draft.notes.push(`path ${name} = ${next.label}`);
  }
}

/** Every case of one endpoint, in order: the valid sample, contract samples, whole-body oddities, then mutations. */
function generateCases(endpoint: Endpoint, spec: FuzzSpec, context: FuzzContext): ReadonlyArray<FuzzRequest> {
  const label = endpointLabel(endpoint);
  const seed = seedFor(label);
  const rng = new Rng(seed);
  const cases: FuzzRequest[] = [];
  const add = (draft: Draft) => cases.push(buildRequest(endpoint, draft, cases.length));

  // Contract samples: each drawn part replaces the valid one's, and the spec fixes what it cannot know.
  const drawn: Sample[] = [];
  const bodies = endpoint.body === undefined ? [] : contractSamples(spec.bodyArbitrary ?? endpoint.body, "decoded", seed);
  const queries = endpoint.query === undefined ? [] : contractSamples(endpoint.query, "wire", seed + 1);
  const params = endpoint.params === undefined ? [] : contractSamples(endpoint.params, "wire", seed + 2);
  for (let index = 0; index < SAMPLES_PER_PART; index += 1) {
    const valid = spec.valid(context, index);
    const body = bodies[index];
    drawn.push({
      ...valid,
      ...(queries[index] === undefined ? {} : { query: asStrings(queries[index]) }),
      ...(params[index] === undefined ? {} : { params: asStrings(params[index]) }),
      ...(body === undefined ? {} : { body: spec.fixSample === undefined ? body : spec.fixSample(asRecord(body), valid) }),
    });
  }

  add(draftOf(endpoint, spec.valid(context, 0), "the valid sample"));
  for (const sample of drawn) add(draftOf(endpoint, sample, "a contract sample"));
  if (endpoint.body !== undefined) {
    for (const raw of rawBodyCases(spec.valid(context, 0).body)) {
      const draft = draftOf(endpoint, spec.valid(context, cases.length), raw.note);
      draft.body = raw.payload === null ? null : { kind: "raw", payload: raw.payload };
      draft.contentType = raw.contentType;
      add(draft);
    }
  }
  if (spec.valid(context, 0).form !== undefined) {
    for (const raw of FORM_BODIES) {
      const draft = draftOf(endpoint, spec.valid(context, cases.length), raw.note);
      draft.body = raw.payload === null ? null : { kind: "raw", payload: raw.payload };
      draft.contentType = raw.contentType;
      add(draft);
    }
  }
  const validUpload = spec.valid(context, 0).multipart;
  if (validUpload !== undefined) {
    for (const raw of multipartBodies(validUpload)) {
      const draft = draftOf(endpoint, spec.valid(context, cases.length), raw.note);
      draft.body = raw.payload === null ? null : { kind: "raw", payload: raw.payload };
      draft.contentType = raw.contentType;
      add(draft);
    }
  }
  if (endpoint.query !== undefined) {
    for (const fragment of RAW_QUERIES) {
      const draft = draftOf(endpoint, spec.valid(context, cases.length), `raw query ${preview(fragment)}`);
      draft.rawQuery.push(fragment);
      add(draft);
    }
  }
  if (endpoint.params !== undefined) {
    for (const id of RAW_PATH_IDS) {
      const draft = draftOf(endpoint, spec.valid(context, cases.length), `path = ${preview(id)}`);
      for (const name of pathParamNames(endpoint.path)) draft.params[name] = id;
      add(draft);
    }
  }

  cases.push(...wrongMethodCases(endpoint, spec.valid(context, 0).params ?? {}, cases.length));

  while (cases.length < spec.cases) {
    const index = cases.length;
    const fromValid = rng.chance(0.7);
    const draft = draftOf(endpoint, fromValid ? spec.valid(context, index) : rng.pick(drawn), fromValid ? "valid sample" : "contract sample");
    const mutations = 1 + rng.int(3);
    for (let step = 0; step < mutations; step += 1) {
      const parts = [...(endpoint.body === undefined ? [] : ["body", "body", "body"]), ...(draft.contentType === FORM ? ["form"] : []), ...(endpoint.query === undefined ? [] : ["query"]), ...(endpoint.params === undefined ? [] : ["params"])];
      const part = parts.length === 0 ? "query" : rng.pick(parts);
      if (part === "body" && draft.body?.kind === "json") {
        const mutation = rng.pick(BODY_MUTATIONS)(rng, draft.body.value);
        draft.body = { kind: "json", value: mutation.value };
        draft.notes.push(mutation.note);
      } else if (part === "form") {
        const next = pickNasty(rng, STRING_POOLS);
        draft.body = { kind: "raw", payload: `outcome=${percentEncode(String(next.value))}` };
        draft.notes.push(`form outcome = ${next.label}`);
      } else if (part === "params") {
        mutateParams(rng, draft);
      } else {
        mutateQuery(rng, draft);
      }
    }
    add(draft);
  }
  return cases;
}

/** Endpoints without input still meet junk: an unexpected query, body or content type. */
function junkCases(endpoint: Endpoint): ReadonlyArray<FuzzRequest> {
  const base: Draft = { params: {}, query: [], rawQuery: [], body: null, contentType: null, notes: [] };
  const variants: ReadonlyArray<Partial<Draft>> = [
    { rawQuery: ["x=%FF", "y[]=1", "%00=1"], notes: ["a junk query"] },
    { rawQuery: [`q=${"a".repeat(200_000)}`], notes: ["a 200,000-character query"] },
    { body: { kind: "raw", payload: '{"a":' }, contentType: "application/json", notes: ["an unexpected, broken JSON body"] },
    { body: { kind: "raw", payload: `${"[".repeat(10_000)}${"]".repeat(10_000)}` }, contentType: "application/json", notes: ["an unexpected, deep JSON body"] },
    { body: { kind: "raw", payload: "a=b" }, contentType: "application/x-www-form-urlencoded", notes: ["an unexpected form body"] },
  ];
  const cases = variants.map((variant, index) => buildRequest(endpoint, { ...base, ...variant }, index));
  return [...cases, ...wrongMethodCases(endpoint, {}, cases.length)];
}

/** The endpoint's path with every method it is not served with: a 404 with a message, like any unknown route. */
function wrongMethodCases(endpoint: Endpoint, params: Readonly<Record<string, string>>, firstIndex: number): ReadonlyArray<FuzzRequest> {
  const served = new Set<string>(ALL_ENDPOINTS.filter((other) => other.path === endpoint.path).map((other) => other.method));
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => params[name] ?? "1");
  return (["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const)
    .filter((method) => !served.has(method))
    .map((method, offset) => ({
      index: firstIndex + offset,
      method,
      url: `/api${path}`,
      headers: method === "GET" || method === "OPTIONS" ? {} : { "content-type": "application/json" },
      ...(method === "GET" || method === "OPTIONS" ? {} : { payload: "{}" }),
      note: `${method}, which ${endpoint.path} does not serve`,
    }));
}

// --- Tokens a client could forge -----------------------------------------------------------------

const FAR_FUTURE = 4_102_444_800; // 2100-01-01, fixed: inputs never read the clock.

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

async function forgedHeaders(validSid: string, userId: number): Promise<ReadonlyArray<{ readonly note: string; readonly header: string }>> {
  const claims = { sub: String(userId), email: "x@ejemplo.mx", name: "X", roles: ["admin"], phone: null, is_onboarding_completed: true, is_paid: true, status: "active", iat: 1_700_000_000, exp: FAR_FUTURE };
  const sign = (payload: Record<string, unknown>, alg = "HS256") => new SignJWT(payload).setProtectedHeader({ alg, typ: "JWT" }).sign(TEST_JWT_SECRET);
  return [
    { note: "Bearer and nothing", header: "Bearer" },
    { note: "Bearer and a space", header: "Bearer " },
    { note: "Basic credentials", header: "Basic dXN1YXJpbzpjbGF2ZQ==" },
    { note: "three dots", header: "Bearer a.b.c" },
    { note: "an 8 KB token", header: `Bearer ${"x".repeat(8_192)}` },
    { note: "alg none", header: `Bearer ${base64url({ alg: "none", typ: "JWT" })}.${base64url({ ...claims, sid: validSid })}.` },
    { note: "HS512 with our secret", header: `Bearer ${await sign({ ...claims, sid: validSid }, "HS512")}` },
    { note: "no session id", header: `Bearer ${await sign(claims)}` },
    { note: "a session id of no session", header: `Bearer ${await sign({ ...claims, sid: "s".repeat(22) })}` },
    { note: "a real session id for another user id", header: `Bearer ${await sign({ ...claims, sub: String(userId + 1), sid: validSid })}` },
    { note: "sub past integer", header: `Bearer ${await sign({ ...claims, sub: "2147483648", sid: validSid })}` },
    { note: "sub 1e3", header: `Bearer ${await sign({ ...claims, sub: "1e3", sid: validSid })}` },
    { note: "sub -1", header: `Bearer ${await sign({ ...claims, sub: "-1", sid: validSid })}` },
    { note: "sub with NUL", header: `Bearer ${await sign({ ...claims, sub: "1\u0000", sid: validSid })}` },
    { note: "sid with NUL", header: `Bearer ${await sign({ ...claims, sid: `${validSid.slice(0, 20)}\u0000` })}` },
    { note: "roles not an array", header: `Bearer ${await sign({ ...claims, roles: "admin", sid: validSid })}` },
    { note: "expired", header: `Bearer ${await sign({ ...claims, exp: 1_700_000_100, sid: validSid })}` },
  ];
}

/** Headers other than the token that a client controls. */
const ODD_HEADERS: ReadonlyArray<{ readonly note: string; readonly headers: Readonly<Record<string, string>> }> = [
  { note: "a 500-character request id", headers: { "x-request-id": "a".repeat(500) } },
  { note: "a request id with spaces and slashes", headers: { "x-request-id": "../../x y" } },
  { note: "a junk X-Forwarded-For", headers: { "x-forwarded-for": "999.1.1.1, ::ffff:zz, " } },
  { note: "X-Forwarded-Proto https", headers: { "x-forwarded-proto": "https" } },
  { note: "Accept text/html", headers: { accept: "text/html" } },
  { note: "a junk Accept-Encoding", headers: { "accept-encoding": "br;q=2, *;q=-1, gzip;q=NaN" } },
  { note: "a junk cookie", headers: { cookie: "a=%FF; b" } },
];

// --- The run -------------------------------------------------------------------------------------

interface Outcome {
  readonly label: string;
  readonly request: FuzzRequest;
  readonly auth: string;
  readonly response: LightMyRequestResponse;
}

/** What Effect, Fastify or JSON.parse say in English; every answer is Spanish. */
const ENGLISH = /Expected |is missing|is unexpected|Unexpected token|Unexpected end|Body cannot be empty|Unsupported Media Type|Not Found|Bad Request|Internal Server Error|FST_/;

const truncate = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** What is wrong with an answer, or null: a 5xx, a 4xx without a Spanish { message }, a 2xx outside the contract. */
function problemWith(outcome: Outcome, sameRoute: ReadonlyArray<Endpoint>): string | null {
  const { statusCode, body, headers } = outcome.response;
  if (statusCode >= 500) return `${statusCode}`;
  const pages = sameRoute.some((endpoint) => endpoint.response === HtmlPageBody);
  // A file's bytes (a download, a picture): a success is the bytes with the file's type, never HTML or JSON.
  if (statusCode === 200 && sameRoute.some((endpoint) => endpoint.response === FileBody)) {
    return /^(application\/pdf|image\/(png|jpeg))$/.test(String(headers["content-type"] ?? "")) && headers["x-content-type-options"] === "nosniff" ? null : `200 file answer as ${String(headers["content-type"])}`;
  }
  // The local checkout's form answers like a browser expects: a redirect to the app's result page.
  if (statusCode === 303) return pages && /^\/pago-(exitoso|error)(\?|$)/.test(String(headers["location"] ?? "")) ? null : `303 to ${String(headers["location"])}`;
  if (String(headers["content-type"] ?? "").startsWith("text/html")) {
    if (!pages) return `${statusCode} as HTML from an endpoint that answers JSON`;
    if (!/^<!doctype html>/i.test(body)) return `${statusCode} with a body that is not a page`;
    if (statusCode >= 400 && !/<p>[^<]+<\/p>/.test(body)) return `${statusCode} page that says nothing`;
    return ENGLISH.test(body) ? `${statusCode} page with a message a person must not see` : null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${statusCode} without a JSON body`;
  }
  if (statusCode >= 400) {
    const message = isPlainObject(parsed) ? parsed["message"] : undefined;
    if (typeof message !== "string" || message.trim().length === 0) return `${statusCode} without a non-empty { message }`;
    return ENGLISH.test(message) ? `${statusCode} with a message a person must not see: ${message}` : null;
  }
  if (statusCode >= 200 && statusCode < 300) {
    // A mutated fixed query may select the other endpoint of the same route.
    const fits = sameRoute.some((endpoint) => Either.isRight(Schema.decodeUnknownEither(endpoint.response)(parsed)));
    return fits ? null : `${statusCode} outside the contract`;
  }
  return `unexpected ${statusCode}`;
}

const describeFailure = (outcome: Outcome, problem: string): string => {
  const { request } = outcome;
  const payload = request.payload === undefined ? "" : ` body ${truncate(Buffer.isBuffer(request.payload) ? `<bytes ${request.payload.toString("hex").slice(0, 80)}>` : request.payload, 200)}`;
  return `${outcome.label} case #${request.index} (seed ${SEED}) as ${outcome.auth}: ${problem} — ${request.note}\n    ${request.method} ${truncate(request.url, 200)}${payload}\n    answer ${truncate(outcome.response.body, 200)}`;
};

describe("the schema fuzz", () => {
  it("has a spec for every endpoint of ALL_ENDPOINTS with params, a query or a body", () => {
    expect(specProblems(ALL_ENDPOINTS)).toEqual([]);
  });

  it("is deterministic: the same seed gives the same requests", () => {
    const context: FuzzContext = {
      company: { id: 7, humanId: "PUE-0007" },
      loginEmail: "a@ejemplo.mx",
      recoverToken: "t".repeat(43),
      checkoutId: `chk_${"c".repeat(22)}`,
      paymentId: 3,
      receiptSignature: "s".repeat(43),
      fileId: 5,
      fileToken: "5.1.4102444800.firma",
      pictureKey: "0".repeat(32),
      deactivatableUserId: 9,
      ndaVersion: "2026-11",
      askCompanyId: 11,
      verificationToken: "v".repeat(43),
      savedSearchId: 11,
    };
    const digest = () => {
      const hash = createHash("sha256");
      for (const endpoint of ALL_ENDPOINTS) {
        const spec = FUZZ_SPECS[endpointLabel(endpoint)];
        const cases = spec === undefined ? junkCases(endpoint) : generateCases(endpoint, spec, context);
        for (const request of cases) hash.update(`${request.method} ${request.url} ${JSON.stringify(request.headers)} ${request.note}\n`).update(request.payload ?? "");
      }
      return hash.digest("hex");
    };
    expect(digest()).toBe(digest());
  });
});

describe.each(ONE_TEST_DATABASE)("schema fuzz on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let context: FuzzContext;
  const signedIn: Array<{ readonly who: string; readonly token: string }> = [];
  const signedInIds: number[] = [];
  let passwordOwner: CreatedUser;
  let passwordOwnerHash = "";
  let passwordOwnerToken = "";
  let savedSearchOwnerId = 0;
  let forged: ReadonlyArray<{ readonly note: string; readonly header: string }> = [];
  const loggedErrors: string[] = [];
  const mailFailures: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    await indexBotPassages(handle.db);
    const make = (email: string, roles: ReadonlyArray<"admin" | "seller" | "buyer">) =>
      createUser(handle.db, { email, password: SAMPLE_PASSWORD, name: email.split("@")[0] ?? email, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
    const buyer = await make("fuzz.comprador.fijo@ejemplo.mx", ["buyer"]);
    const seller = await make("fuzz.vendedora.fija@ejemplo.mx", ["seller"]);
    const admin = await make("fuzz.admin@ejemplo.mx", ["admin"]);
    const login = await make("fuzz.login@ejemplo.mx", ["buyer"]);
    const resetTarget = await make("fuzz.olvido@ejemplo.mx", ["buyer"]);
    const deactivatable = await make("fuzz.desactivable@ejemplo.mx", ["buyer"]);
    // The fuzz buyer is a registered buyer with a verified e-mail (decision 023), so the deal room's cases get past who they are.
    await handle.db.insert(buyerProfiles).values({ userId: buyer.id, buyerDescriptionId: 1, stateId: 19, investmentDescriptionSummary: "Manufactura", investmentSizeId: 1 });
    await handle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.id));
    passwordOwner = await make("fuzz.cambio@ejemplo.mx", ["buyer"]);
    const [row] = await handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, passwordOwner.id));
    passwordOwnerHash = row?.hash ?? "";
    passwordOwnerToken = await sessionTokenFor(handle.db, passwordOwner.id);
    const company = await createCompany(handle.db, {
      name: "Fuzz Industrial",
      ownerUserId: seller.id,
      isPublished: true,
      contactEmail: "contacto@fuzz.example.mx",
      shortDescription: "Tecnología para manufactura en Monterrey",
      stateId: 19,
      industryIds: [1],
      interestIds: [1],
    });
    for (const [who, user] of [["buyer", buyer], ["seller", seller], ["admin", admin]] as const) signedIn.push({ who, token: await sessionTokenFor(handle.db, user.id) });
    signedInIds.push(buyer.id, seller.id, admin.id);
    const recoverToken = await recoveryTokenFor(handle.db, resetTarget.id, "fuzz-recovery-link-0123456789abcdefghijklmnopq");
    const verificationToken = await verificationTokenFor(handle.db, resetTarget.id, "fuzz-verification-link-0123456789abcdefghijklm");
    savedSearchOwnerId = buyer.id;
    const [search] = await handle.db.insert(savedSearches).values({ userId: buyer.id, name: "Fuzz guardada", q: "fuzz" }).returning({ id: savedSearches.id });
    // The seller pays (Historial and its receipts); someone nobody signs in as leaves a checkout open.
    const { paymentId } = await payPlan(handle.db, { userId: seller.id, email: seller.email });
    const payer = await make("fuzz.pagadora@ejemplo.mx", ["seller"]);
    const checkoutId = await openLocalCheckout(handle.db, { userId: payer.id, email: payer.email });
    context = {
      company: { id: company.id, humanId: company.humanId },
      loginEmail: login.email,
      recoverToken,
      checkoutId,
      paymentId,
      receiptSignature: "",
      fileId: 0,
      fileToken: "",
      pictureKey: "",
      deactivatableUserId: deactivatable.id,
      ndaVersion: currentNda(NDA_VERSIONS).version,
      askCompanyId: 0,
      verificationToken,
      savedSearchId: search?.id ?? 0,
    };
    // The deal room: one listed company of the seller per request state, and one the buyer has not asked.
    const dealCompany = (name: string) => createCompany(handle.db, { name, ownerUserId: seller.id, isPublished: true, contactEmail: "trato@fuzz.example.mx" });
    const deal = (id: number, companyId: number, status: "pending" | "approved", ndaVersion: string, letter?: number) =>
      insertAccessRequest(handle.db, { id, companyId, buyerId: buyer.id, status, ndaVersion, ...(letter === undefined ? {} : { letter: { id: letter } }) });
    await deal(DEAL_IDS.approved, (await dealCompany("Fuzz Trato Aprobado")).id, "approved", context.ndaVersion);
    await deal(DEAL_IDS.pending, (await dealCompany("Fuzz Trato Pendiente")).id, "pending", context.ndaVersion);
    await deal(DEAL_IDS.outdated, (await dealCompany("Fuzz Trato Acuerdo Anterior")).id, "approved", OLD_NDA.version);
    await deal(DEAL_IDS.withLetter, (await dealCompany("Fuzz Trato Carta")).id, "approved", context.ndaVersion, DEAL_IDS.letter);
    context = { ...context, askCompanyId: (await dealCompany("Fuzz Trato Nuevo")).id };
    const [session] = await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, buyer.id)).limit(1);
    forged = await forgedHeaders(session?.id ?? "", buyer.id);

    // The real outbox (so odd text reaches its insert too), with failures recorded.
    const outbox = createMailer({ db: handle.db, from: "Puente <no-responder@puente.mx>" });
    const mailer: Mailer = {
      transport: "outbox",
      send: async (message) => {
        try {
          await outbox.send(message);
        } catch (error) {
          mailFailures.push(`${message.subject}: ${String(error)}`);
          throw error;
        }
      },
    };
    app = await buildApp({
      db: handle.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        logLevel: "silent",
        distDir: null,
        mailer,
        rateLimits: sameLimitForEveryBucket({ max: 1_000_000, windowMs: 60_000 }),
        ndaVersions: [OLD_NDA, ...NDA_VERSIONS],
      },
    });
    // Unexpected errors and failed background tasks are logged, never answered: record them.
    app.log.error = ((...args: unknown[]) => {
      loggedErrors.push(truncate(args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === "string" ? arg : JSON.stringify(arg, (_key, value: unknown) => (value instanceof Error ? value.message : value)))).join(" "), 500));
    }) as typeof app.log.error;
    // The receipt link as Historial gives it to its owner.
    const sellerToken = signedIn.find(({ who }) => who === "seller")?.token ?? "";
    const history = await app.inject({ method: "GET", url: "/api/payments", headers: { authorization: `Bearer ${sellerToken}` } });
    const receiptUrl = Schema.decodeUnknownSync(PaymentList)(history.json()).items[0]?.receipt_url;
    if (receiptUrl === undefined) throw new Error(`the paid seller has no Historial row: ${history.body}`);
    context = { ...context, receiptSignature: new URL(receiptUrl).searchParams.get("signature") ?? "" };
    // A data-room file and the picture, uploaded by their owner; a download token valid well past the run.
    const upload = async (method: "POST" | "PUT", path: string, body: MultipartBody) => {
      const response = await app.inject({ method, url: `/api/companies${path}`, headers: { authorization: `Bearer ${sellerToken}`, "content-type": body.contentType }, payload: body.payload });
      if (response.statusCode >= 300) throw new Error(`upload refused: ${response.body}`);
      return asRecord(response.json());
    };
    const uploaded = await upload("POST", `/${company.id}/company_files/company_acta_constitutivas`, dataRoomUpload());
    const fileId = Number(asRecord((uploaded["items"] as unknown[] | undefined)?.[0])["id"]);
    // The picture on a company of its own: the fuzz of the picture upload replaces the fuzzed company's.
    const pictured = await createCompany(handle.db, { name: "Fuzz Imagen", ownerUserId: seller.id });
    const picture = await upload("PUT", `/${pictured.id}/company_files`, pictureUpload());
    const pictureKey = String(picture["picture_url"]).split("/").at(-1) ?? "";
    context = { ...context, fileId, pictureKey, fileToken: signFileToken(TEST_JWT_SECRET, fileId, seller.id, new Date(Date.now() + 24 * 60 * 60_000)) };
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const inject = (request: FuzzRequest, authorization: string | null) => {
    requests += 1;
    return app.inject({
      method: request.method,
      url: request.url,
      headers: { ...request.headers, ...(authorization === null ? {} : { authorization }) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  };

  /** Every account active again, the signed-in callers' sessions open and every company listed as it was made. */
  const reactivateEveryone = async () => {
    await handle.db.update(users).set({ deletedAt: null }).where(isNotNull(users.deletedAt));
    await handle.db.update(sessions).set({ revokedAt: null }).where(inArray(sessions.userId, signedInIds));
    await handle.db.update(companies).set({ isActive: true }).where(eq(companies.isActive, false));
  };

  const sameRouteAs = (endpoint: Endpoint) => ALL_ENDPOINTS.filter((other) => other.method === endpoint.method && other.path === endpoint.path);

  for (const endpoint of ALL_ENDPOINTS) {
    const label = endpointLabel(endpoint);
    const spec = FUZZ_SPECS[label];
    it(`${label}: no 5xx, every 4xx with a message, every 2xx within the contract`, { timeout: 180_000 }, async () => {
      const cases = spec === undefined ? junkCases(endpoint) : generateCases(endpoint, spec, context);
      const sameRoute = sameRouteAs(endpoint);
      const failures: string[] = [];
      const histogram = new Map<number, number>();
      let successes = 0;
      const send = async (request: FuzzRequest, auth: string, authorization: string | null): Promise<LightMyRequestResponse> => {
        const response = await inject(request, authorization);
        const outcome: Outcome = { label, request, auth, response };
        const problem = problemWith(outcome, sameRoute);
        if (problem !== null) failures.push(describeFailure(outcome, problem));
        if (response.statusCode < 300 || response.statusCode === 303) successes += 1;
        histogram.set(response.statusCode, (histogram.get(response.statusCode) ?? 0) + 1);
        return response;
      };
      /** Who calls signed in: the valid sample every account, other cases one in turn; a password change its own account, a logout a fresh session. */
      const callersOf = async (request: FuzzRequest): Promise<ReadonlyArray<{ readonly who: string; readonly token: string }>> => {
        if (label === "PATCH /accounts/passwords") return [{ who: "the password owner", token: passwordOwnerToken }];
        if (label === "DELETE /sessions") return [{ who: "a fresh session", token: await sessionTokenFor(handle.db, passwordOwner.id) }];
        const inTurn = signedIn[request.index % signedIn.length];
        return request.index === 0 || inTurn === undefined ? signedIn : [inTurn];
      };
      const rng = new Rng(seedFor(`${label}:auth`));
      for (const request of cases) {
        if (label === "PUT /accounts/recover-passwords" && request.index % 3 === 0) {
          // Re-arm the link for a third of the cases, so mutations that keep it valid reach the reset itself.
          await handle.db
            .update(passwordResetTokens)
            .set({ usedAt: null, expiresAt: new Date(Date.now() + 60 * 60_000) })
            .where(eq(passwordResetTokens.tokenHash, hashRecoveryToken(context.recoverToken)));
        }
        if (label === "PUT /accounts/email_verifications" && request.index % 3 === 0) {
          // Re-arm the link (and the account) for a third of the cases, so mutations that keep it valid reach the verification.
          await handle.db
            .update(emailVerificationTokens)
            .set({ usedAt: null, expiresAt: new Date(Date.now() + 60 * 60_000) })
            .where(eq(emailVerificationTokens.tokenHash, hashVerificationToken(context.verificationToken)));
        }
        if (label === "POST /saved_searches" && request.index % 10 === 0) {
          // Room again under the limit of 20, so later cases reach the insert.
          await handle.db.delete(savedSearches).where(eq(savedSearches.userId, savedSearchOwnerId));
        }
        if (label === "DELETE /saved_searches/:id" && request.index % 3 === 0) {
          await handle.db.insert(savedSearches).values({ id: context.savedSearchId, userId: savedSearchOwnerId, name: "Fuzz guardada", q: "fuzz" }).onConflictDoNothing();
        }
        await send(request, "anonymous", null);
        if (spec?.guarded === true || request.index === 0 || rng.chance(0.25)) {
          for (const caller of await callersOf(request)) {
            const response = await send(request, `signed in (${caller.who})`, `Bearer ${caller.token}`);
            if (label === "PATCH /accounts/passwords" && response.statusCode === 200) {
              // The change worked: carry on with its fresh session and the known password.
              passwordOwnerToken = String(asRecord(response.json())["access_token"]);
              await handle.db.update(users).set({ passwordHash: passwordOwnerHash }).where(eq(users.id, passwordOwner.id));
            }
          }
        }
        if (rng.chance(0.06)) {
          const forgery = rng.pick(forged);
          await send(request, `forged token (${forgery.note})`, forgery.header);
        }
        if (rng.chance(0.02)) {
          const odd = rng.pick(ODD_HEADERS);
          await send({ ...request, headers: { ...request.headers, ...odd.headers } }, `anonymous with ${odd.note}`, null);
        }
        // A sample id may name any account, the fixed callers' too: undo every deactivation, so later cases and endpoints meet live accounts.
        if (label === "DELETE /users/:id") await reactivateEveryone();
      }
      if (VERBOSE) process.stdout.write(`${target.kind} ${label}: ${cases.length} cases, statuses ${JSON.stringify([...histogram].sort())}\n`);
      expect(failures, `${failures.length} of ${cases.length} cases failed:\n${failures.slice(0, 15).join("\n")}`).toEqual([]);
      // The valid samples must really be valid, or the fuzz never gets past the first check.
      if (spec !== undefined) expect(successes, `${label}: no request succeeded`).toBeGreaterThan(0);
    });
  }

  it("no background task and no handler failed unseen", async () => {
    await app.backgroundIdle();
    expect(mailFailures).toEqual([]);
    expect(loggedErrors).toEqual([]);
  });

  it("sent a few thousand requests, and the signed-in sessions stayed alive throughout", async () => {
    if (VERBOSE) process.stdout.write(`${target.kind}: ${requests} requests\n`);
    expect(requests).toBeGreaterThanOrEqual(2_000);
    // The data room adds 19 endpoints (one list and one upload per category), the onboarding 11, the admin 3, the deal room 13, e-mail verification, analytics and saved searches 7, each with its fixed cases.
    expect(requests).toBeLessThanOrEqual(16_000);
    for (const { who, token } of signedIn) {
      const response = await app.inject({ method: "GET", url: "/api/companies?is_dashboard=true", headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, who).toBe(200);
    }
  });

  it("every forged token is refused on a guarded route", async () => {
    for (const { note, header } of forged) {
      const response = await app.inject({ method: "GET", url: "/api/companies?is_dashboard=true", headers: { authorization: header } });
      expect(response.statusCode, note).toBe(401);
    }
  });
});
