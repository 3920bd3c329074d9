import { createHash } from "node:crypto";
import { Arbitrary, Either, FastCheck, Schema, SchemaAST } from "effect";
import { ALL_ENDPOINTS } from "../../../contracts/all-endpoints.ts";
import { endpointLabel, pathParamNames, type Endpoint, type HttpMethod } from "../../../contracts/endpoint.ts";
import { SAMPLE_FILES, multipartBody, type MultipartBody, type MultipartPart } from "../samples.ts";

// The schema fuzz's seeded mutation generator (issue "Hardening: the campaign",
// restructured in issue 24). For an endpoint with params, a query, a body or
// multipart fields, cases start from valid values (a hand-built sample and
// samples drawn from the contract with Effect's Arbitrary) and mutate them:
// wrong types, boundary numbers, huge and strange strings, NUL, deep nesting,
// extra and missing keys, arrays for objects, invalid JSON, wrong content
// types, broken percent-encoding. Everything derives from SEED: the same run
// gives the same cases on every machine.
//
// Two tests use it: tests/server/schema-fuzz-decoder.test.ts decodes every
// case in-process with the router's own decoding (cheap: all of them), and
// tests/server/schema-fuzz.test.ts sends a few per endpoint, chosen to cover
// every family below, through the real app and database.

export const SEED = 20_260_515;

// --- Deterministic randomness ------------------------------------------------------------

/** mulberry32: a tiny seeded PRNG, so a case is the same on every run and machine. */
export class Rng {
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
export const seedFor = (label: string): number => createHash("sha256").update(`${SEED}:${label}`).digest().readUInt32LE(0);

// --- JSON that JSON.stringify cannot write ----------------------------------------------

/** A JSON token written as is: 1e309 (Infinity once parsed), -0, 1.0. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  // JSON.stringify writes the same text fast when there is no RawJson token or undefined value in it.
  let plain = true;
  const fast = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson || item === undefined) plain = false;
    return item;
  });
  return plain && fast !== undefined ? fast : tokenByToken(value);
}

function tokenByToken(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    // Object.entries also lists an own "__proto__" key (made with defineProperty).
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** An object with an own key, "__proto__" included. */
export const withKey = (object: object, key: string, value: unknown): object => {
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
  /** The pool it comes from ("wrong type", "NUL", ...): a mutation family. */
  readonly family: string;
}

const nasty = (label: string, value: unknown): Omit<Nasty, "family"> => ({ label, value });
const pool = (family: string, items: ReadonlyArray<Omit<Nasty, "family">>): ReadonlyArray<Nasty> => items.map((item) => ({ ...item, family }));

const WRONG_TYPES = pool("wrong type", [
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
]);

const BOUNDARY_NUMBERS = pool("boundary number", [
  ...[0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, 4_294_967_296, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 1.5, 0.1, 5e-324, 1799, 1800, 10_000_000, 10_000_001].map(
    (number) => nasty(String(number), number),
  ),
  ...["-0", "1e309", "-1e309", "1E400", "0.0", "1.0", "19.000", "100000000000000000000000000000", "2e0", "1e-400"].map((text) => nasty(`raw ${text}`, new RawJson(text))),
]);

const NUMBERISH_STRINGS = pool("numberish string", [
  "NaN", "Infinity", "-Infinity", "1e309", "0x1F", "0b1", "0o7", "1_000", " 1", "1 ", "+1", "01", "-0", "-1", "0", "1.0", "1e3", "19.5",
  "١٢٣", "１２", "2147483647", "2147483648", "9007199254740993", "99999999999", "null", "undefined", "true", "[]", "{}",
].map((text) => nasty(JSON.stringify(text), text)));

const UNICODE_STRINGS = pool("strange text", [
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
].map(([label = "", value = ""]) => nasty(label, value)));

const NUL_STRINGS = pool("NUL", [nasty("NUL", "\u0000"), nasty("a NUL b", "a\u0000b"), nasty("ten NUL", "\u0000".repeat(10))]);

const LENGTHS = [1, 29, 30, 31, 119, 120, 121, 127, 128, 129, 199, 200, 201, 253, 254, 255, 299, 300, 301, 499, 500, 501, 1023, 1024, 1025, 1999, 2000, 2001];

const LONG_STRINGS = pool("huge string", [
  ...LENGTHS.map((length) => nasty(`${length} chars`, stringOfLength(length))),
  ...[253, 254, 255, 320].map((length) => nasty(`${length}-char e-mail`, emailOfLength(length))),
  nasty("121 spaces", " ".repeat(121)),
  nasty("10,001 chars", stringOfLength(10_001)),
  nasty("200,000 chars", stringOfLength(200_000)),
  nasty("100,000 ñ", stringOfLength(100_000, "ñ")),
  nasty("50,000 emoji", stringOfLength(50_000, "😀")),
  nasty("e-mail of 100,000 labels", `a@${"a.".repeat(100_000)}mx`),
  nasty("100,000 spaces then a", `${" ".repeat(100_000)}a`),
]);

const STRUCTURES = pool("deep or wide structure", [
  nasty("array nested 15", nested(15, "array")),
  nasty("array nested 16", nested(16, "array")),
  nasty("object nested 15", nested(15, "object")),
  nasty("object nested 17", nested(17, "object")),
  nasty("10,000 zeros", Array.from({ length: 10_000 }, () => 0)),
  nasty("object of 5,000 keys", Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`k${index}`, index]))),
  nasty("__proto__ object", withKey({}, "__proto__", { admin: true })),
  nasty("constructor.prototype", { constructor: { prototype: { admin: true } } }),
]);

const VALUE_POOLS: ReadonlyArray<ReadonlyArray<Nasty>> = [WRONG_TYPES, BOUNDARY_NUMBERS, NUMBERISH_STRINGS, UNICODE_STRINGS, NUL_STRINGS, LONG_STRINGS, STRUCTURES];
/** Strings only: query values and path segments. */
const STRING_POOLS: ReadonlyArray<ReadonlyArray<Nasty>> = [NUMBERISH_STRINGS, UNICODE_STRINGS, NUL_STRINGS, LONG_STRINGS];

const EXTRA_KEYS = ["extra", "constructor", "toString", "hasOwnProperty", "", "a\u0000b", "x".repeat(300), "😀", "user.email", "__proto__", "roles", "is_admin", "owner_user_id", "id"];

// --- Paths into a JSON value ------------------------------------------------------------------

type Path = ReadonlyArray<string | number>;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof RawJson);

/** Every path into the value; arrays past 20 items and objects past 64 keys (nasty values themselves) are leaves. */
function pathsOf(value: unknown, path: Path = []): ReadonlyArray<Path> {
  if (isPlainObject(value) && Object.keys(value).length <= 64) return [path, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  if (Array.isArray(value) && value.length <= 20) return [path, ...value.flatMap((item, index) => pathsOf(item, [...path, index]))];
  return [path];
}

export function getAt(value: unknown, path: Path): unknown {
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

export const preview = (value: unknown): string => {
  const text = typeof value === "string" ? JSON.stringify(value) : toJson(value);
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
};

// --- Requests --------------------------------------------------------------------------------------

/** Query pairs as decoded strings, and fragments already percent-encoded (broken on purpose). */
interface Draft {
  params: Record<string, string>;
  query: Array<readonly [string, string]>;
  rawQuery: string[];
  body: { readonly kind: "json"; readonly value: unknown } | { readonly kind: "raw"; readonly payload: string | Buffer } | UploadDraft | null;
  contentType: string | null;
  notes: string[];
  /** What the case does, by family ("body: extra key", "body value: NUL", "raw body: content type", ...). */
  families: string[];
  /** A case from a fixed list (a raw body, query or path id): its note, so a selection can rotate through the list. */
  variant: string | null;
}

export interface FuzzRequest {
  readonly index: number;
  readonly method: HttpMethod | "OPTIONS";
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload?: string | Buffer;
  /** A well-formed multipart's text fields, as the router reads them (absent when a name repeats: the router refuses those unread). */
  readonly fields?: Readonly<Record<string, string>>;
  readonly note: string;
  readonly families: ReadonlyArray<string>;
  readonly variant: string | null;
}

/** The encodings of long texts (the nasty values, used over and over), computed once. */
const longEncodings = new Map<string, string>();

/** percent-encoding that writes a lone surrogate as its (invalid) three UTF-8 bytes instead of throwing. */
export function percentEncode(text: string): string {
  if (text.length < 1_000) return encodeOnce(text);
  const known = longEncodings.get(text);
  if (known !== undefined) return known;
  const encoded = encodeOnce(text);
  longEncodings.set(text, encoded);
  return encoded;
}

function encodeOnce(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encodeURIComponent refuses it; write its bytes one code unit at a time.
  }
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
  let fields: Record<string, string> | undefined;
  if (draft.body?.kind === "json") payload = toJson(draft.body.value);
  if (draft.body?.kind === "raw") payload = draft.body.payload;
  if (draft.body?.kind === "multipart") {
    payload = multipartBody([...draft.body.fields.map(([name, value]) => ({ name, value })), ...draft.body.files], draft.body.boundary).payload;
    const names = draft.body.fields.map(([name]) => name);
    if (new Set(names).size === names.length) fields = Object.fromEntries(draft.body.fields);
  }
  if (draft.contentType !== null) headers["content-type"] = draft.contentType;
  return {
    index,
    method: endpoint.method,
    url: `/api${path}${search === "" ? "" : `?${search}`}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
    ...(fields === undefined ? {} : { fields }),
    note: draft.notes.join("; "),
    families: [...new Set(draft.families)],
    variant: draft.variant,
  };
}

// --- Mutations ------------------------------------------------------------------------------------

const pickNasty = (rng: Rng, pools: ReadonlyArray<ReadonlyArray<Nasty>>): Nasty => rng.pick(rng.pick(pools));

type BodyMutation = (rng: Rng, value: unknown) => { readonly value: unknown; readonly note: string; readonly families: ReadonlyArray<string> };

const BODY_MUTATIONS: ReadonlyArray<BodyMutation> = [
  // Replace a field (or the body) by a nasty value.
  (rng, value) => {
    const path = rng.pick(pathsOf(value));
    const next = pickNasty(rng, VALUE_POOLS);
    return { value: setAt(value, path, next.value), note: `${describePath(path)} = ${next.label}`, families: ["body: value replaced", `body value: ${next.family}`] };
  },
  // The same, on a leaf only (the likeliest to pass the outer checks).
  (rng, value) => {
    const leaves = pathsOf(value).filter((path) => !isPlainObject(getAt(value, path)) && !Array.isArray(getAt(value, path)));
    const path = leaves.length === 0 ? [] : rng.pick(leaves);
    const next = pickNasty(rng, VALUE_POOLS);
    return { value: setAt(value, path, next.value), note: `${describePath(path)} = ${next.label}`, families: ["body: leaf replaced", `body value: ${next.family}`] };
  },
  // Remove a key.
  (rng, value) => {
    const paths = pathsOf(value).filter((path) => path.length > 0);
    if (paths.length === 0) return { value, note: "nothing to remove", families: [] };
    const path = rng.pick(paths);
    return { value: setAt(value, path, undefined, true), note: `without ${describePath(path)}`, families: ["body: key removed"] };
  },
  // Add a key to an object.
  (rng, value) => {
    const objects = pathsOf(value).filter((path) => isPlainObject(getAt(value, path)));
    if (objects.length === 0) return { value, note: "no object for an extra key", families: [] };
    const path = rng.pick(objects);
    const key = rng.pick(EXTRA_KEYS);
    const next = pickNasty(rng, VALUE_POOLS);
    const target = getAt(value, path);
    return {
      value: setAt(value, path, withKey(isPlainObject(target) ? target : {}, key, next.value)),
      note: `${describePath(path)}[${JSON.stringify(key.slice(0, 20))}] = ${next.label}`,
      families: ["body: extra key", `body value: ${next.family}`],
    };
  },
  // An object as an array of its values, or a value wrapped in an array.
  (rng, value) => {
    const path = rng.pick(pathsOf(value));
    const target = getAt(value, path);
    if (isPlainObject(target)) return { value: setAt(value, path, Object.values(target)), note: `${describePath(path)} as an array of its values`, families: ["body: array for a value"] };
    return { value: setAt(value, path, [target]), note: `${describePath(path)} wrapped in an array`, families: ["body: array for a value"] };
  },
  // Type confusion a form makes: numbers as strings and back.
  (rng, value) => {
    const path = rng.pick(pathsOf(value));
    const target = getAt(value, path);
    if (typeof target === "number") return { value: setAt(value, path, String(target)), note: `${describePath(path)} as a string`, families: ["body: type confusion"] };
    if (typeof target === "string" && target !== "" && !Number.isNaN(Number(target))) return { value: setAt(value, path, Number(target)), note: `${describePath(path)} as a number`, families: ["body: type confusion"] };
    if (typeof target === "string") return { value: setAt(value, path, `  ${target.toUpperCase()}  `), note: `${describePath(path)} padded and upper-cased`, families: ["body: type confusion"] };
    return { value: setAt(value, path, null), note: `${describePath(path)} = null`, families: ["body: type confusion"] };
  },
  // Strange text appended to a string, so the rest of it stays plausible.
  (rng, value) => {
    const strings = pathsOf(value).filter((path) => typeof getAt(value, path) === "string");
    if (strings.length === 0) return { value, note: "no string to extend", families: [] };
    const path = rng.pick(strings);
    const next = pickNasty(rng, [UNICODE_STRINGS, NUL_STRINGS]);
    return { value: setAt(value, path, `${String(getAt(value, path))}${String(next.value)}`), note: `${describePath(path)} + ${next.label}`, families: ["body: text appended", `body value: ${next.family}`] };
  },
];

/** Whole bodies no mutation of a value can write: broken JSON, odd shapes, sizes and content types. */
/** A whole body: its bytes and content type (null: none), and its family. */
interface WholeBody {
  readonly family: string;
  readonly note: string;
  readonly payload: string | Buffer | null;
  readonly contentType: string | null;
}

/** The big bodies, written once (each endpoint's cases share them). */
const BIG = {
  nestedArrays: `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
  nestedObjects: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
  megabyte: "x".repeat(1_100_000),
  megabyteValue: "a".repeat(1_100_000),
  numbers: `[${Array.from({ length: 100_000 }, () => "1").join(",")}]`,
} as const;

const rawBodyCases = (valid: unknown): ReadonlyArray<WholeBody> => {
  const json = toJson(valid);
  const firstKey = isPlainObject(valid) ? (Object.keys(valid)[0] ?? "a") : "a";
  const raw = (family: string, note: string, payload: string | Buffer | null, contentType: string | null = "application/json"): WholeBody => ({
    family: `raw body: ${family}`,
    note,
    payload,
    contentType,
  });
  return [
    raw("malformed JSON", "unterminated object", "{"),
    raw("malformed JSON", "missing value", '{"a":}'),
    raw("malformed JSON", "single quotes", "{'a':1}"),
    raw("malformed JSON", "trailing comma", json.replace(/}$/, ",}")),
    raw("malformed JSON", "unterminated array", "[1,2"),
    raw("malformed JSON", "raw NUL inside a JSON string", '{"a":"\u0000"}'),
    raw("malformed JSON", "NaN", "NaN"),
    raw("malformed JSON", "NaN as a value", `{"${firstKey}":NaN}`),
    raw("malformed JSON", "undefined", "undefined"),
    raw("malformed JSON", "BOM before the JSON", `\uFEFF${json}`),
    raw("malformed JSON", "garbage after the JSON", `${json} x`),
    raw("malformed JSON", "comment before the JSON", `//c\n${json}`),
    raw("malformed JSON", "invalid UTF-8 bytes", Buffer.from([0xff, 0xfe, 0x7b, 0x7d])),
    raw("malformed JSON", "invalid UTF-8 inside a string", Buffer.concat([Buffer.from(`{"${firstKey}":"`), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')])),
    raw("not an object", "empty body", ""),
    raw("not an object", "a space", " "),
    raw("not an object", "null", "null"),
    raw("not an object", "an array", "[]"),
    raw("not an object", "a number", "0"),
    raw("not an object", "a string", '"texto"'),
    raw("not an object", "true", "true"),
    raw("not an object", "the valid body in an array", `[${json}]`),
    raw("duplicate or poisoned keys", "duplicate first key (the valid one wins)", json.replace(/^{/, `{"${firstKey}":{"a":[1]},`)),
    raw("duplicate or poisoned keys", "duplicate first key (the odd one wins)", json.replace(/}$/, `,"${firstKey}":{"a":[1]}}`)),
    raw("duplicate or poisoned keys", "__proto__ key", json.replace(/^{/, '{"__proto__":{"admin":true},')),
    raw("duplicate or poisoned keys", "constructor.prototype key", json.replace(/^{/, '{"constructor":{"prototype":{"admin":true}},')),
    raw("duplicate or poisoned keys", "escaped lone surrogates (the last key wins)", json.replace(/}$/, `,"${firstKey}":"\\ud800\\udc00\\udc00\\ud800"}`)),
    raw("deep nesting", "nested 17 deep", toJson(nested(17, "object"))),
    raw("deep nesting", "10,000 nested arrays", BIG.nestedArrays),
    raw("deep nesting", "10,000 nested objects", BIG.nestedObjects),
    raw("huge", "1.1 MB of x", BIG.megabyte),
    raw("huge", "1.1 MB string value", `{"${firstKey}":"${BIG.megabyteValue}"}`),
    raw("huge", "100,000 numbers", BIG.numbers),
    raw("content type", "text/plain", json, "text/plain"),
    raw("content type", "form-urlencoded", "name=a&email=b%40c.mx", "application/x-www-form-urlencoded"),
    raw("content type", "multipart", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--", "multipart/form-data; boundary=x"),
    raw("content type", "xml", "<a>b</a>", "application/xml"),
    raw("content type", "JSON declared UTF-16", json, "application/json; charset=utf-16le"),
    raw("content type", "JSON declared latin1", json, "application/json; charset=latin1"),
    raw("content type", "upper-case content type", json, "APPLICATION/JSON"),
    raw("content type", "quoted charset", json, 'application/json;charset="utf-8"'),
    raw("content type", "vnd+json", json, "application/vnd.api+json"),
    raw("content type", "two content types", json, "application/json, text/html"),
    raw("content type", "*/*", json, "*/*"),
    raw("content type", "empty content type", json, ""),
    raw("content type", "no content type", json, null),
    raw("content type", "text/html", json, "text/html; charset=utf-8"),
    raw("content type", "JSON content type without a body", null),
  ];
};

export const FORM = "application/x-www-form-urlencoded";

/** Whole form bodies the local checkout's page never sends. */
const FORM_BODIES: ReadonlyArray<WholeBody> = [
  { family: "form body", note: "no form body", payload: null, contentType: null },
  { family: "form body", note: "an empty form", payload: "", contentType: FORM },
  { family: "form body", note: "no outcome", payload: "resultado=paid", contentType: FORM },
  { family: "form body", note: "two outcomes", payload: "outcome=paid&outcome=declined", contentType: FORM },
  { family: "form body", note: "outcome in upper case", payload: "outcome=PAID", contentType: FORM },
  { family: "form body", note: "broken percent-encoding", payload: "outcome=%E0%A4%A", contentType: FORM },
  { family: "form body", note: "invalid UTF-8", payload: Buffer.from([0x6f, 0x3d, 0xff, 0xfe]), contentType: FORM },
  { family: "form body", note: "a NUL", payload: "outcome=paid%00", contentType: FORM },
  { family: "form body", note: "2 KB of form", payload: `outcome=paid&x=${"a".repeat(2_048)}`, contentType: FORM },
  { family: "form body", note: "1.1 MB of form", payload: `outcome=paid&x=${"a".repeat(1_100_000)}`, contentType: FORM },
  { family: "form body", note: "the form as JSON", payload: '{"outcome":"paid"}', contentType: "application/json" },
  { family: "form body", note: "the form as text/plain", payload: "outcome=paid", contentType: "text/plain" },
  { family: "form body", note: "multipart", payload: '--x\r\nContent-Disposition: form-data; name="outcome"\r\n\r\npaid\r\n--x--', contentType: "multipart/form-data; boundary=x" },
];

/** Whole multipart bodies an upload form never sends (built from the valid one). */
const multipartBodies = (valid: MultipartBody): ReadonlyArray<WholeBody> => {
  const pdf = { filename: "a.pdf", contentType: "application/pdf", bytes: SAMPLE_FILES.pdf };
  const boundary = /boundary=(.+)$/.exec(valid.contentType)?.[1] ?? "";
  return [
    { family: "multipart body: framing", note: "no body", payload: null, contentType: null },
    { family: "multipart body: framing", note: "the multipart without a content type", payload: valid.payload, contentType: null },
    { family: "multipart body: framing", note: "a wrong boundary", payload: valid.payload, contentType: "multipart/form-data; boundary=otra-frontera" },
    { family: "multipart body: framing", note: "no boundary", payload: valid.payload, contentType: "multipart/form-data" },
    { family: "multipart body: framing", note: "a 500-character boundary", payload: valid.payload, contentType: `multipart/form-data; boundary=${"b".repeat(500)}` },
    { family: "multipart body: framing", note: "truncated in the file", payload: valid.payload.subarray(0, valid.payload.length - 40), contentType: valid.contentType },
    { family: "multipart body: framing", note: "truncated before the closing boundary", payload: valid.payload.subarray(0, valid.payload.length - 4), contentType: valid.contentType },
    { family: "multipart body: framing", note: "an empty body", payload: "", contentType: valid.contentType },
    { family: "multipart body: framing", note: "only the closing boundary", payload: `--${boundary}--\r\n`, contentType: valid.contentType },
    { family: "multipart body: parts", note: "no file", payload: multipartBody([{ name: "file_type", value: "picture" }, { name: "issued_on", value: "2026-01-01" }], boundary).payload, contentType: valid.contentType },
    { family: "multipart body: parts", note: "the file under a wrong field name", payload: multipartBody([{ name: "archivo", ...pdf }], boundary).payload, contentType: valid.contentType },
    { family: "multipart body: parts", note: "a huge text field", payload: multipartBody([{ name: "issued_on", value: "x".repeat(100_000) }, { name: "files[]", ...pdf }, { name: "file", ...pdf }], boundary).payload, contentType: valid.contentType },
    { family: "multipart body: parts", note: "a field name with a NUL", payload: multipartBody([{ name: "issued\u0000on", value: "2026-01-01" }, { name: "files[]", ...pdf }], boundary).payload, contentType: valid.contentType },
    { family: "multipart body: parts", note: "a __proto__ field", payload: multipartBody([{ name: "__proto__", value: "x" }, { name: "files[]", ...pdf }, { name: "file", ...pdf }], boundary).payload, contentType: valid.contentType },
    { family: "multipart body: parts", note: "40 text fields", payload: multipartBody(Array.from({ length: 40 }, (_, index) => ({ name: `f${index}`, value: "1" })), boundary).payload, contentType: valid.contentType },
    { family: "multipart body: parts", note: "an empty file", payload: multipartBody([{ name: "files[]", ...pdf, bytes: Buffer.alloc(0) }, { name: "file", ...pdf, bytes: Buffer.alloc(0) }], boundary).payload, contentType: valid.contentType },
    { family: "multipart body: parts", note: "HTML named .pdf", payload: multipartBody([{ name: "file_type", value: "picture" }, { name: "files[]", ...pdf, bytes: SAMPLE_FILES.html }, { name: "file", ...pdf, bytes: SAMPLE_FILES.html }], boundary).payload, contentType: valid.contentType },
    { family: "multipart body: framing", note: "junk between the parts", payload: Buffer.concat([Buffer.from("basura\r\n"), valid.payload]), contentType: valid.contentType },
    { family: "multipart body: framing", note: "a part without headers", payload: `--${boundary}\r\n\r\nnada\r\n--${boundary}--\r\n`, contentType: valid.contentType },
    { family: "multipart body: framing", note: "the upload as JSON", payload: '{"files":[]}', contentType: "application/json" },
    { family: "multipart body: framing", note: "the upload as a form", payload: "file_type=picture", contentType: FORM },
  ];
};

export const RAW_QUERIES: ReadonlyArray<string> = [
  "q=%", "q=%E0%A4%A", "q=%FF%FE", "q=%ED%A0%80", "q=%C0%80", "%00=1", "q=%00", "q[]=1", "state_id[a]=1", "page=1&page=2",
  `q=${"a".repeat(200_000)}`, "&&&", "=", "==1", "q", "q=a;b", "q=a%26b", "q=+", "per_page=%2B1", "__proto__=1", "constructor=1",
  "hasOwnProperty=1", "toString=1", "is_dashboard=true", "is_dashboard=TRUE", "is_dashboard=1", "is_dashboard", "is_dashboard[]=true",
  "page=0", "page=101", "per_page=49", "page=100000", "page=100001", "per_page=0", "state_id=0", "state_id=99999", "q=%20%20%20",
  `q=${"%F0%9F%98%80".repeat(101)}`, `q=${encodeURIComponent("tecnologia ".repeat(20))}`, "q=de%20la%20el", `q=${"a".repeat(100)}`,
];

export const RAW_PATH_IDS: ReadonlyArray<string> = [
  "0", "-1", "2147483647", "2147483648", "4294967296", "9007199254740993", "1e3", "01", "1.0", "abc", "%201", "1%20", "%00", "%",
  "%FF", "%ED%A0%80", "1%2F2", "..", "%2E%2E", "%EF%BC%91", "%D9%A3", "1".repeat(100), "1".repeat(101), "1".repeat(10_000),
  "1;drop", "null", "undefined", "-0", "+1", "%2B1", "0x10", "1,2", "%E2%80%AE1", "1%0A", "1%0D%0A",
];

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
export function contractSamples(schema: Schema.Schema.AnyNoContext, side: "decoded" | "wire", seed: number): ReadonlyArray<unknown> {
  const source = withoutTopFilter(schema);
  if (side === "wire") return FastCheck.sample(Arbitrary.make(Schema.encodedBoundSchema(source)), { seed, numRuns: SAMPLES_PER_PART });
  const encode = Schema.encodeUnknownEither(source);
  return FastCheck.sample(Arbitrary.make(source), { seed, numRuns: SAMPLES_PER_PART }).flatMap((value) => {
    const wire = encode(value);
    return Either.isRight(wire) ? [wire.right] : [];
  });
}

export const asRecord = (value: unknown): Record<string, unknown> => (isPlainObject(value) ? value : {});
export const asStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(asRecord(value)).flatMap(([key, item]) => (typeof item === "string" ? [[key, item]] : [])));

// --- Case generation -----------------------------------------------------------------------------

/** A request's parts as a client would send them valid: the starting point of every case. */
export interface Sample {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** An HTML form's body (application/x-www-form-urlencoded), for the pages that post one. */
  readonly form?: string;
  /** A multipart/form-data upload (the picture, the data room). */
  readonly multipart?: MultipartBody;
}

/** How one endpoint's cases start: its valid samples, and how many cases to make. */
export interface CaseSource {
  readonly cases: number;
  /** A valid request; `index` lets a sample vary (a fresh e-mail now and then). */
  readonly valid: (index: number) => Sample;
  /** Contract samples are drawn from this schema instead of the body's (a filter Arbitrary cannot satisfy quickly). */
  readonly bodyArbitrary?: Schema.Schema.AnyNoContext;
  /** Fix what a contract sample cannot know (a live link, the company's reference) or should not cost (an unknown e-mail's hash). */
  readonly fixSample?: (sample: Record<string, unknown>, valid: Sample) => Record<string, unknown>;
}

/** The parts of a multipart body this module or tests/server/samples.ts wrote (never a client's: no quoting rules). */
export function partsOf(body: MultipartBody): ReadonlyArray<MultipartPart> {
  const boundary = /boundary=(.+)$/.exec(body.contentType)?.[1] ?? "";
  const text = body.payload.toString("latin1");
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk): MultipartPart[] => {
      const [head = "", ...rest] = chunk.replace(/^\r\n/, "").split("\r\n\r\n");
      const content = Buffer.from(rest.join("\r\n\r\n").replace(/\r\n$/, ""), "latin1");
      const name = /name="([^"]*)"/.exec(head)?.[1];
      if (name === undefined) return [];
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      if (filename === undefined) return [{ name: Buffer.from(name, "latin1").toString("utf8"), value: content.toString("utf8") }];
      return [{ name, filename, contentType: /Content-Type: (.*)/.exec(head)?.[1] ?? "application/octet-stream", bytes: content }];
    });
}

/** A multipart body's text fields, by name (what the router hands its decoder). */
export const textFieldsOf = (body: MultipartBody): Record<string, string> =>
  Object.fromEntries(partsOf(body).flatMap((part) => ("value" in part ? [[part.name, part.value]] : [])));

/** A multipart body kept as its parts, so its text fields can be mutated and the files sent unchanged. */
interface UploadDraft {
  readonly kind: "multipart";
  readonly fields: Array<readonly [string, string]>;
  readonly files: ReadonlyArray<MultipartPart>;
  readonly boundary: string;
}

const uploadDraftOf = (body: MultipartBody): UploadDraft => ({
  kind: "multipart",
  fields: Object.entries(textFieldsOf(body)),
  files: partsOf(body).filter((part) => "filename" in part),
  boundary: /boundary=(.+)$/.exec(body.contentType)?.[1] ?? "",
});

function draftOf(endpoint: Endpoint, sample: Sample, note: string, families: ReadonlyArray<string>): Draft {
  return {
    params: { ...sample.params },
    query: [...Object.entries(endpoint.fixedQuery ?? {}), ...Object.entries(sample.query ?? {})],
    rawQuery: [],
    body:
      sample.multipart !== undefined
        ? uploadDraftOf(sample.multipart)
        : sample.form !== undefined
          ? { kind: "raw", payload: sample.form }
          : endpoint.body === undefined
            ? null
            : { kind: "json", value: sample.body },
    contentType: sample.multipart !== undefined ? sample.multipart.contentType : sample.form !== undefined ? FORM : endpoint.body === undefined ? null : "application/json",
    notes: [note],
    families: [...families],
    variant: null,
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
    draft.families.push("query: value replaced", `query value: ${next.family}`);
  } else if (roll === 1 && draft.query.length > 0) {
    const position = rng.int(draft.query.length);
    draft.notes.push(`query without ${draft.query[position]?.[0] ?? ""}`);
    draft.families.push("query: key removed");
    draft.query.splice(position, 1);
  } else if (roll === 2 && draft.query.length > 0) {
    const [key, value] = rng.pick(draft.query);
    draft.query.push([key, value]);
    draft.notes.push(`query ${key} twice`);
    draft.families.push("query: key twice");
  } else if (roll === 3) {
    const key = rng.pick(["state_id", "industry_id", "sales_range_id", "interest_id", "company_type_id", "verification_level_id", "ebitda_id", "q", "page", "per_page", "is_dashboard", "extra"]);
    const next = pickNasty(rng, STRING_POOLS);
    draft.query.push([key, String(next.value)]);
    draft.notes.push(`query ${key} = ${next.label}`);
    draft.families.push("query: key added", `query value: ${next.family}`);
  } else {
    const fragment = rng.pick(RAW_QUERIES);
    draft.rawQuery.push(fragment);
    draft.notes.push(`raw query ${preview(fragment)}`);
    draft.families.push("query: raw fragment");
  }
}

function mutateParams(rng: Rng, draft: Draft): void {
  const name = rng.pick(Object.keys(draft.params));
  if (rng.chance(0.6)) {
    const id = rng.pick(RAW_PATH_IDS);
    draft.params[name] = id;
    draft.notes.push(`path ${name} = ${preview(id)}`);
    draft.families.push("path: odd id");
  } else {
    const next = pickNasty(rng, STRING_POOLS);
    draft.params[name] = percentEncode(String(next.value));
    draft.notes.push(`path ${name} = ${next.label}`);
    draft.families.push("path: odd segment", `path value: ${next.family}`);
  }
}

/** A multipart's text fields as a form sends them, mutated: every value stays a string, as the router reads them. */
function mutateFields(rng: Rng, upload: UploadDraft, draft: Draft): UploadDraft {
  const fields = [...upload.fields];
  const roll = rng.int(4);
  if (roll <= 1 && fields.length > 0) {
    const position = rng.int(fields.length);
    const [key] = fields[position] ?? ["", ""];
    const next = pickNasty(rng, STRING_POOLS);
    fields[position] = [key, String(next.value)];
    draft.notes.push(`field ${key} = ${next.label}`);
    draft.families.push("fields: value replaced", `fields value: ${next.family}`);
  } else if (roll === 2 && fields.length > 0) {
    const position = rng.int(fields.length);
    draft.notes.push(`without field ${fields[position]?.[0] ?? ""}`);
    draft.families.push("fields: key removed");
    fields.splice(position, 1);
  } else {
    const key = rng.pick(EXTRA_KEYS);
    const next = pickNasty(rng, STRING_POOLS);
    fields.push([key, String(next.value)]);
    draft.notes.push(`field ${JSON.stringify(key.slice(0, 20))} = ${next.label}`);
    draft.families.push("fields: key added", `fields value: ${next.family}`);
  }
  return { ...upload, fields };
}

/** Every case of one endpoint, in order: the valid sample, contract samples, whole-body oddities, then mutations (`count` cases in all, at least). */
export function generateCases(endpoint: Endpoint, source: CaseSource, count: number = source.cases): ReadonlyArray<FuzzRequest> {
  const label = endpointLabel(endpoint);
  const seed = seedFor(label);
  const rng = new Rng(seed);
  const cases: FuzzRequest[] = [];
  const add = (draft: Draft) => cases.push(buildRequest(endpoint, draft, cases.length));
  const whole = (body: WholeBody) => {
    const draft = draftOf(endpoint, source.valid(cases.length), body.note, [body.family]);
    draft.body = body.payload === null ? null : { kind: "raw", payload: body.payload };
    draft.contentType = body.contentType;
    draft.variant = body.note;
    add(draft);
  };

  // Contract samples: each drawn part replaces the valid one's, and the spec fixes what it cannot know.
  const drawn: Sample[] = [];
  const bodies = endpoint.body === undefined ? [] : contractSamples(source.bodyArbitrary ?? endpoint.body, "decoded", seed);
  const queries = endpoint.query === undefined ? [] : contractSamples(endpoint.query, "wire", seed + 1);
  const params = endpoint.params === undefined ? [] : contractSamples(endpoint.params, "wire", seed + 2);
  const fields = endpoint.multipart === undefined ? [] : contractSamples(endpoint.multipart.fields, "wire", seed + 3);
  for (let index = 0; index < SAMPLES_PER_PART; index += 1) {
    const valid = source.valid(index);
    const body = bodies[index];
    const upload = valid.multipart;
    drawn.push({
      ...valid,
      ...(queries[index] === undefined ? {} : { query: asStrings(queries[index]) }),
      ...(params[index] === undefined ? {} : { params: asStrings(params[index]) }),
      ...(body === undefined ? {} : { body: source.fixSample === undefined ? body : source.fixSample(asRecord(body), valid) }),
      ...(upload === undefined || fields[index] === undefined
        ? {}
        : { multipart: multipartBody([...Object.entries(asStrings(fields[index])).map(([name, value]) => ({ name, value })), ...partsOf(upload).filter((part) => "filename" in part)]) }),
    });
  }

  add(draftOf(endpoint, source.valid(0), "the valid sample", ["valid sample"]));
  for (const sample of drawn) add(draftOf(endpoint, sample, "a contract sample", ["contract sample"]));
  if (endpoint.body !== undefined) for (const body of rawBodyCases(source.valid(0).body)) whole(body);
  if (source.valid(0).form !== undefined) for (const body of FORM_BODIES) whole(body);
  const validUpload = source.valid(0).multipart;
  if (validUpload !== undefined) for (const body of multipartBodies(validUpload)) whole(body);
  if (endpoint.query !== undefined) {
    for (const fragment of RAW_QUERIES) {
      const draft = draftOf(endpoint, source.valid(cases.length), `raw query ${preview(fragment)}`, ["query: raw fragment"]);
      draft.rawQuery.push(fragment);
      draft.variant = fragment;
      add(draft);
    }
  }
  if (endpoint.params !== undefined) {
    for (const id of RAW_PATH_IDS) {
      const draft = draftOf(endpoint, source.valid(cases.length), `path = ${preview(id)}`, ["path: odd id"]);
      for (const name of pathParamNames(endpoint.path)) draft.params[name] = id;
      draft.variant = id;
      add(draft);
    }
  }

  cases.push(...wrongMethodCases(endpoint, source.valid(0).params ?? {}, cases.length));

  while (cases.length < count) {
    const index = cases.length;
    const fromValid = rng.chance(0.7);
    const draft = draftOf(endpoint, fromValid ? source.valid(index) : rng.pick(drawn), fromValid ? "valid sample" : "contract sample", ["mutated"]);
    const mutations = 1 + rng.int(3);
    for (let step = 0; step < mutations; step += 1) {
      const parts = [
        ...(endpoint.body === undefined ? [] : ["body", "body", "body"]),
        ...(draft.contentType === FORM ? ["form"] : []),
        ...(draft.body?.kind === "multipart" ? ["fields", "fields"] : []),
        ...(endpoint.query === undefined ? [] : ["query"]),
        ...(endpoint.params === undefined ? [] : ["params"]),
      ];
      const part = parts.length === 0 ? "query" : rng.pick(parts);
      if (part === "body" && draft.body?.kind === "json") {
        const mutation = rng.pick(BODY_MUTATIONS)(rng, draft.body.value);
        draft.body = { kind: "json", value: mutation.value };
        draft.notes.push(mutation.note);
        draft.families.push(...mutation.families);
      } else if (part === "form") {
        const next = pickNasty(rng, STRING_POOLS);
        draft.body = { kind: "raw", payload: `outcome=${percentEncode(String(next.value))}` };
        draft.notes.push(`form outcome = ${next.label}`);
        draft.families.push("form: outcome replaced", `form value: ${next.family}`);
      } else if (part === "fields" && draft.body?.kind === "multipart") {
        draft.body = mutateFields(rng, draft.body, draft);
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
export function junkCases(endpoint: Endpoint): ReadonlyArray<FuzzRequest> {
  const base: Draft = { params: {}, query: [], rawQuery: [], body: null, contentType: null, notes: [], families: [], variant: null };
  const variants: ReadonlyArray<Partial<Draft>> = [
    { rawQuery: ["x=%FF", "y[]=1", "%00=1"], notes: ["a junk query"] },
    { rawQuery: [`q=${"a".repeat(200_000)}`], notes: ["a 200,000-character query"] },
    { body: { kind: "raw", payload: '{"a":' }, contentType: "application/json", notes: ["an unexpected, broken JSON body"] },
    { body: { kind: "raw", payload: `${"[".repeat(10_000)}${"]".repeat(10_000)}` }, contentType: "application/json", notes: ["an unexpected, deep JSON body"] },
    { body: { kind: "raw", payload: "a=b" }, contentType: "application/x-www-form-urlencoded", notes: ["an unexpected form body"] },
  ];
  const cases = variants.map((variant, index) => buildRequest(endpoint, { ...base, ...variant, families: ["junk for an endpoint without input"], variant: variant.notes?.[0] ?? null }, index));
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
      families: ["wrong method"],
      variant: method,
    }));
}

// --- What an answer must never say -----------------------------------------------------------------

/** What Effect, Fastify or JSON.parse say in English; every answer is Spanish. */
export const ENGLISH = /Expected |is missing|is unexpected|Unexpected token|Unexpected end|Body cannot be empty|Unsupported Media Type|Not Found|Bad Request|Internal Server Error|FST_/;

export const truncate = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);
