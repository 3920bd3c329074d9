import { describe, expect, it } from "vitest";
import { SITE_PATH_PATTERN } from "../../../contracts/bot.ts";
import { QUERY_INT_PATTERN } from "../../../contracts/list-query.ts";
import { EMAIL_PATTERN, PATH_ID_PATTERN, PHONE_PATTERN } from "../../../contracts/fields.ts";
import { CHECKOUT_ID_PATTERN } from "../../../contracts/subscriptions.ts";
import { WEBSITE_PATTERN } from "../../../contracts/valuations.ts";
import { REQUEST_ID, withoutTrailingSlashes } from "../../../server/app.ts";
import { BEARER } from "../../../server/auth/authz.ts";
import { SESSION_ID_PATTERN } from "../../../server/auth/tokens.ts";
import { STRIPE_SECRET_KEY_PATTERN, STRIPE_WEBHOOK_SECRET_PATTERN } from "../../../server/config.ts";
import { RATE_LIMIT_RULE_PATTERN } from "../../../server/http/rate-limit.ts";
import { SAFE_ASSET } from "../../../server/http/route-preloads.ts";
import { WORD_SEPARATOR } from "../../../contracts/search-words.ts";

// Every regular expression that reads outside input (contracts/ and
// server/) against the strings most likely to make it backtrack: long runs
// of each one- and two-character unit from the characters patterns care
// about, after the prefixes that reach their repeated parts, ended by a
// character that makes the match fail at the very end. A linear pattern
// reads each in well under a millisecond; the old e-mail pattern
// (/^[^\s@]+@[^\s@]+\.[^\s@]+$/) took seconds on the first input that
// begins "a@" and repeats "a.".

const PATTERNS: Readonly<Record<string, RegExp>> = {
  EMAIL_PATTERN,
  PATH_ID_PATTERN,
  QUERY_INT_PATTERN,
  PHONE_PATTERN,
  BEARER,
  SESSION_ID_PATTERN,
  REQUEST_ID,
  RATE_LIMIT_RULE_PATTERN,
  SAFE_ASSET,
  WORD_SEPARATOR,
  CHECKOUT_ID_PATTERN,
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_WEBHOOK_SECRET_PATTERN,
  WEBSITE_PATTERN,
  SITE_PATH_PATTERN,
};

const LENGTH = 20_000;
const BUDGET_MS = 50;
const ALPHABET = ["a", "1", ".", "@", " ", "/", "-", "(", "\t", "é"];
const UNITS = [...ALPHABET, ...ALPHABET.flatMap((first) => ALPHABET.map((second) => first + second))];
const PREFIXES = ["", "a@", "a@a", "Bearer ", "1", "/assets/", "+", "chk_", "sk_test_", "whsec_"];
const ENDINGS = ["", "!", "@", " x", "\n", "@a"];

function* worstCases(): Generator<string> {
  for (const prefix of PREFIXES) {
    for (const unit of UNITS) {
      const body = unit.repeat(Math.ceil(LENGTH / unit.length));
      for (const ending of ENDINGS) yield prefix + body + ending;
    }
  }
}

const timed = (run: (input: string) => unknown, input: string): number => {
  const started = performance.now();
  run(input);
  return performance.now() - started;
};

/**
 * The slowest input and its time; stops at the first one over budget. An
 * input over budget is timed twice more and keeps its best time, so a GC
 * pause on a busy machine is not mistaken for backtracking (which repeats).
 */
function slowest(run: (input: string) => unknown): { ms: number; input: string } {
  let worst = { ms: 0, input: "" };
  for (const input of worstCases()) {
    let ms = timed(run, input);
    if (ms > BUDGET_MS) ms = Math.min(ms, timed(run, input), timed(run, input));
    if (ms > worst.ms) worst = { ms, input };
    if (ms > BUDGET_MS) break;
  }
  return worst;
}

const describeInput = (input: string) => `${JSON.stringify(input.slice(0, 12))}… (${input.length} chars)`;

describe("regular expressions run in linear time on their worst inputs", () => {
  for (const [name, pattern] of Object.entries(PATTERNS)) {
    it(`${name} stays under ${BUDGET_MS} ms on ${LENGTH.toLocaleString("en")}-character inputs`, () => {
      // split() for the word separator, test() for the rest: how the code uses each.
      const { ms, input } = slowest(name === "WORD_SEPARATOR" ? (text) => text.split(pattern) : (text) => pattern.test(text));
      expect(ms, describeInput(input)).toBeLessThan(BUDGET_MS);
    }, 60_000);
  }

  it("trims trailing slashes in linear time too", () => {
    const { ms, input } = slowest((text) => withoutTrailingSlashes(`${text}/`));
    expect(ms, describeInput(input)).toBeLessThan(BUDGET_MS);
    expect(withoutTrailingSlashes("https://puente.mx///")).toBe("https://puente.mx");
  });

  it("the e-mail pattern still accepts real addresses and refuses broken ones", () => {
    for (const good of ["ana@puente.mx", "a.b+c@sub.dominio.com.mx", "ñandú@correo.mx", "o'neil_2@mi-empresa.com.mx", "x@b.c1"]) {
      expect(EMAIL_PATTERN.test(good), good).toBe(true);
    }
    const broken = ["ana@", "ana@puente", "ana@@puente.mx", "ana@puente..mx", "ana @puente.mx", "ana@puente.mx.", "@puente.mx", ".ana@puente.mx", "ana.@puente.mx"];
    // One mailbox only: nothing an address parser could read as a name, a list, a comment or another recipient.
    const notOneMailbox = ["x<victim@evil.example>", "a,b@evil.example", "Ana <ana@puente.mx>", '"a b"@puente.mx', "(nota)ana@puente.mx", "ana@puente.mx,otro@evil.example", "a;b@evil.example", "a@-evil.example", "a@evil-.example", "a@[127.0.0.1]"];
    for (const bad of [...broken, ...notOneMailbox]) {
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it("the old e-mail pattern fails this test (the budget catches quadratic backtracking)", () => {
    const old = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    expect(slowest((text) => old.test(text)).ms).toBeGreaterThan(BUDGET_MS);
  });
});
