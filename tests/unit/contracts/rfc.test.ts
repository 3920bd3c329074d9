import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { firstMessage } from "../../../contracts/fields.ts";
import { checkRfc, isRfcDate, normaliseRfc, Rfc, RFC_EXAMPLES, RFC_MESSAGES, rfcCheckDigit } from "../../../contracts/rfc.ts";

const decode = Schema.decodeUnknownEither(Rfc);
// Inside a struct, as a request body carries it (a root-level issue has no field to name).
const decodeBody = Schema.decodeUnknownEither(Schema.Struct({ rfc: Rfc }));
const messageOf = (input: unknown): string => {
  const result = decodeBody({ rfc: input });
  if (Either.isRight(result)) throw new Error(`${String(input)} was accepted`);
  return firstMessage(result.left);
};

describe("the RFC check digit (SAT algorithm)", () => {
  it("gives the worked example: GODE561231GR sums to 1026, 1026 mod 11 = 3, digit 8", () => {
    expect(rfcCheckDigit("GODE561231GR")).toBe("8");
  });

  it("prefixes a space to a persona moral's 11 characters (computed by hand: ' ABC680524P7' sums to 1108, digit 3)", () => {
    expect(rfcCheckDigit("ABC680524P7")).toBe("3");
  });

  it("answers 'A' for a remainder of 10 and '0' for 11", () => {
    expect(rfcCheckDigit("VEL850101A3")).toBe("A");
    expect(rfcCheckDigit("VEL850101A8")).toBe("0");
  });

  it("values Ñ (38) and & (24) as the SAT does: swapping them changes the digit", () => {
    expect(rfcCheckDigit("AÑO991231XY")).toBe("7");
    expect(rfcCheckDigit("ÑAÑA020228QW")).toBe("4");
    expect(rfcCheckDigit("NAÑA020228QW")).not.toBe("4");
    expect(rfcCheckDigit("M&S000229JK")).toBe("9");
  });
});

describe("checkRfc", () => {
  it.each(RFC_EXAMPLES)("accepts %s", (rfc) => {
    expect(checkRfc(rfc)).toMatchObject({ ok: true, rfc });
  });

  it("tells persona moral, física and the generic RFCs apart", () => {
    expect(checkRfc("ABC680524P73")).toEqual({ ok: true, rfc: "ABC680524P73", kind: "moral" });
    expect(checkRfc("GODE561231GR8")).toEqual({ ok: true, rfc: "GODE561231GR8", kind: "fisica" });
    expect(checkRfc("XAXX010101000")).toEqual({ ok: true, rfc: "XAXX010101000", kind: "generic" });
    expect(checkRfc("XEXX010101000")).toEqual({ ok: true, rfc: "XEXX010101000", kind: "generic" });
  });

  it("trims and upper-cases before checking (ñ becomes Ñ)", () => {
    expect(normaliseRfc("  gode561231gr8 \n")).toBe("GODE561231GR8");
    expect(checkRfc("  gode561231gr8 ")).toEqual({ ok: true, rfc: "GODE561231GR8", kind: "fisica" });
    expect(checkRfc("\taño991231xy7")).toEqual({ ok: true, rfc: "AÑO991231XY7", kind: "moral" });
  });

  it("counts Ñ as one character", () => {
    expect(checkRfc("ÑAÑA020228QW4")).toMatchObject({ ok: true, kind: "fisica" });
  });

  it("says the spec's message under 12 characters, spaces not counted", () => {
    expect(checkRfc("")).toEqual({ ok: false, message: "El RFC debe tener al menos 12 caracteres." });
    expect(checkRfc("ABC680524P7")).toEqual({ ok: false, message: RFC_MESSAGES.tooShort });
    expect(checkRfc("  ABC680524P7  ")).toEqual({ ok: false, message: RFC_MESSAGES.tooShort });
  });

  it("refuses more than 13 characters, and long raw input before normalising it", () => {
    expect(checkRfc("GODE561231GR88")).toEqual({ ok: false, message: RFC_MESSAGES.tooLong });
    expect(checkRfc(" ".repeat(65))).toEqual({ ok: false, message: RFC_MESSAGES.tooLong });
  });

  it("checks the length before the pattern: 11 odd characters are too short, not malformed", () => {
    expect(checkRfc("!!!!!!!!!!!")).toEqual({ ok: false, message: RFC_MESSAGES.tooShort });
    expect(checkRfc("!!!!!!!!!!!!!!")).toEqual({ ok: false, message: RFC_MESSAGES.tooLong });
  });

  it("names the structure it expected, by length", () => {
    expect(checkRfc("AB1680524P73")).toEqual({ ok: false, message: RFC_MESSAGES.moralStructure });
    expect(checkRfc("ABCD80524P73")).toEqual({ ok: false, message: RFC_MESSAGES.moralStructure });
    expect(checkRfc("GOD1561231GR8")).toEqual({ ok: false, message: RFC_MESSAGES.fisicaStructure });
    expect(checkRfc("GODE56123XGR8")).toEqual({ ok: false, message: RFC_MESSAGES.fisicaStructure });
    // The check digit is a digit or 'A', never another letter.
    expect(checkRfc("GODE561231GRB")).toEqual({ ok: false, message: RFC_MESSAGES.fisicaStructure });
    expect(checkRfc("GODE-61231GR8")).toEqual({ ok: false, message: RFC_MESSAGES.fisicaStructure });
  });

  it("refuses dates that do not exist", () => {
    expect(checkRfc("GODE561331GR8")).toEqual({ ok: false, message: RFC_MESSAGES.impossibleDate });
    expect(checkRfc("GODE560231GR8")).toEqual({ ok: false, message: RFC_MESSAGES.impossibleDate });
    expect(checkRfc("GODE560000GR8")).toEqual({ ok: false, message: RFC_MESSAGES.impossibleDate });
    expect(checkRfc("M&S010229JK1")).toEqual({ ok: false, message: RFC_MESSAGES.impossibleDate });
  });

  it("refuses a wrong check digit with the homoclave message", () => {
    expect(checkRfc("GODE561231GR9")).toEqual({ ok: false, message: "El RFC no es válido: revisa la homoclave; el último carácter no coincide." });
    expect(checkRfc("ABC680524P74")).toEqual({ ok: false, message: RFC_MESSAGES.checkDigit });
    expect(checkRfc("XAXX010101001")).toEqual({ ok: false, message: RFC_MESSAGES.checkDigit });
  });
});

describe("isRfcDate", () => {
  it("knows month lengths and leap years (the century is not written: 00 may be 2000)", () => {
    expect(isRfcDate("991231")).toBe(true);
    expect(isRfcDate("990431")).toBe(false);
    expect(isRfcDate("000229")).toBe(true);
    expect(isRfcDate("040229")).toBe(true);
    expect(isRfcDate("030229")).toBe(false);
    expect(isRfcDate("031301")).toBe(false);
    expect(isRfcDate("030100")).toBe(false);
  });
});

describe("the Rfc schema", () => {
  it("decodes to the normalised RFC", () => {
    expect(decode(" gode561231gr8 ")).toEqual(Either.right("GODE561231GR8"));
  });

  it("fails with checkRfc's message", () => {
    expect(messageOf("ABC")).toBe(RFC_MESSAGES.tooShort);
    expect(messageOf("GODE561231GR9")).toBe(RFC_MESSAGES.checkDigit);
    expect(messageOf("x".repeat(10_000))).toBe(RFC_MESSAGES.tooLong);
  });

  it("refuses what is not a string with a Spanish message", () => {
    expect(messageOf(12)).toBe(RFC_MESSAGES.notText);
    expect(messageOf(null)).toBe(RFC_MESSAGES.notText);
  });
});
