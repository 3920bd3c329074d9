import { Schema } from "effect";

/**
 * The RFC (Registro Federal de Contribuyentes), checked the way the SAT
 * builds it (spec section 5; /work/shared/data/mexico.json `rfc`):
 *
 * - persona moral: 12 characters, 3 letters (Ñ and & allowed), the
 *   incorporation date YYMMDD, a 3-character homoclave;
 * - persona física: 13 characters, 4 letters, the birth date YYMMDD, the
 *   homoclave;
 * - the homoclave's last character is a check digit over the rest (weights
 *   13 down to 2, modulo 11);
 * - the generic RFCs XAXX010101000 (público en general) and XEXX010101000
 *   (extranjeros) are valid without a check.
 *
 * Pure functions, so the dialog and the server say exactly the same thing:
 * the KYB contract (contracts/kyb.ts) runs `checkRfc` in its schema. The
 * length is checked before any pattern.
 */

export const RFC_MORAL_LENGTH = 12;
export const RFC_FISICA_LENGTH = 13;
/** Longer raw input is refused before it is trimmed or upper-cased. */
export const RFC_MAX_RAW_LENGTH = 64;

export const RFC_MESSAGES = {
  /** Spec section 5, word for word. */
  tooShort: "El RFC debe tener al menos 12 caracteres.",
  tooLong: "El RFC debe tener como máximo 13 caracteres.",
  moralStructure: "El RFC no es válido: para una persona moral son 3 letras, la fecha AAMMDD y 3 caracteres de homoclave.",
  fisicaStructure: "El RFC no es válido: para una persona física son 4 letras, la fecha AAMMDD y 3 caracteres de homoclave.",
  impossibleDate: "El RFC no es válido: la fecha AAMMDD no existe.",
  checkDigit: "El RFC no es válido: revisa la homoclave; el último carácter no coincide.",
  notText: "Ingresa el RFC.",
  /** The RFC's length says which kind of person it is: it must match "Tipo de persona". */
  moralLength: "Para una persona moral el RFC tiene 12 caracteres.",
  fisicaLength: "Para una persona física el RFC tiene 13 caracteres.",
} as const;

/** Valid without a check digit: the SAT's generic RFCs. */
export const GENERIC_RFCS: ReadonlyArray<string> = ["XAXX010101000", "XEXX010101000"];

export type RfcKind = "moral" | "fisica" | "generic";

export type RfcCheck =
  | { readonly ok: true; readonly rfc: string; readonly kind: RfcKind }
  | { readonly ok: false; readonly message: string };

/** What is sent and stored: trimmed and in upper case ("ñ" becomes "Ñ"). */
export const normaliseRfc = (input: string): string => input.trim().toUpperCase();

// Fixed-length, no alternation that could backtrack: linear, and the length is known before they run.
const MORAL = /^[A-ZÑ&]{3}\d{6}[A-Z\d]{2}[A\d]$/;
const FISICA = /^[A-ZÑ&]{4}\d{6}[A-Z\d]{2}[A\d]$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * YYMMDD exists. The century is not written, so 29 February is allowed in
 * every year divisible by 4 (00 may be 2000, a leap year).
 */
export function isRfcDate(yymmdd: string): boolean {
  if (!/^\d{6}$/.test(yymmdd)) return false;
  const year = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2 && day === 29) return year % 4 === 0;
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** The SAT's value of each character: 0-9, A-N 10-23, & 24, O-Z 25-36, space 37, Ñ 38. */
function characterValue(character: string): number {
  if (character >= "0" && character <= "9") return character.charCodeAt(0) - 48;
  if (character >= "A" && character <= "N") return character.charCodeAt(0) - 65 + 10;
  if (character === "&") return 24;
  if (character >= "O" && character <= "Z") return character.charCodeAt(0) - 79 + 25;
  if (character === " ") return 37;
  if (character === "Ñ") return 38;
  return 0;
}

/**
 * The check digit of an RFC without it (11 characters for a persona moral,
 * which gets a leading space, or 12 for a persona física).
 */
export function rfcCheckDigit(withoutDigit: string): string {
  const padded = withoutDigit.length === RFC_MORAL_LENGTH - 1 ? ` ${withoutDigit}` : withoutDigit;
  let sum = 0;
  [...padded].forEach((character, index) => {
    sum += characterValue(character) * (13 - index);
  });
  const remainder = 11 - (sum % 11);
  if (remainder === 11) return "0";
  if (remainder === 10) return "A";
  return String(remainder);
}

/** Checks an RFC as typed: normalised first, then length, structure, date and check digit, in that order. */
export function checkRfc(input: string): RfcCheck {
  if (input.length > RFC_MAX_RAW_LENGTH) return { ok: false, message: RFC_MESSAGES.tooLong };
  const rfc = normaliseRfc(input);
  // Spread counts code points: "Ñ" is one character, as on paper.
  const length = [...rfc].length;
  if (length < RFC_MORAL_LENGTH) return { ok: false, message: RFC_MESSAGES.tooShort };
  if (length > RFC_FISICA_LENGTH) return { ok: false, message: RFC_MESSAGES.tooLong };
  if (GENERIC_RFCS.includes(rfc)) return { ok: true, rfc, kind: "generic" };
  const kind: RfcKind = length === RFC_MORAL_LENGTH ? "moral" : "fisica";
  if (!(kind === "moral" ? MORAL : FISICA).test(rfc)) {
    return { ok: false, message: kind === "moral" ? RFC_MESSAGES.moralStructure : RFC_MESSAGES.fisicaStructure };
  }
  const letters = kind === "moral" ? 3 : 4;
  if (!isRfcDate(rfc.slice(letters, letters + 6))) return { ok: false, message: RFC_MESSAGES.impossibleDate };
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) return { ok: false, message: RFC_MESSAGES.checkDigit };
  return { ok: true, rfc, kind };
}

/**
 * `checkRfc`, and the length the person type asks for (12 for a persona
 * moral, 13 for a persona física; the generic RFCs fit both). Onboarding's
 * step 1 checks the RFC with it on both sides; KYB checks the same rule
 * (`checkRfc`) without a person type.
 */
export function checkRfcFor(input: string, personType: "fisica" | "moral" | null): RfcCheck {
  const result = checkRfc(input);
  if (!result.ok || personType === null || result.kind === "generic" || result.kind === personType) return result;
  return { ok: false, message: personType === "moral" ? RFC_MESSAGES.moralLength : RFC_MESSAGES.fisicaLength };
}

/** Valid RFCs (check digits computed with `rfcCheckDigit`), for samples and property tests. */
export const RFC_EXAMPLES: ReadonlyArray<string> = [
  "GODE561231GR8",
  "ABC680524P73",
  "AÑO991231XY7",
  "M&S000229JK9",
  "ÑAÑA020228QW4",
  "VEL850101A3A",
  "VEL850101A80",
  "XAXX010101000",
  "XEXX010101000",
];

/**
 * An RFC field: a string, normalised on decode, then checked. A failure
 * carries `checkRfc`'s Spanish message.
 */
export const Rfc = Schema.transform(Schema.String.annotations({ message: () => RFC_MESSAGES.notText }), Schema.String, {
  strict: true,
  decode: (value) => (value.length > RFC_MAX_RAW_LENGTH ? value : normaliseRfc(value)),
  encode: (value) => value,
}).pipe(
  Schema.filter(
    (value) => {
      const result = checkRfc(value);
      return result.ok ? true : result.message;
    },
    { arbitrary: () => (fc) => fc.constantFrom(...RFC_EXAMPLES) },
  ),
);
