import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  COMPANY_NAME_NOTE,
  CONTACT_DETAILS_NOTE,
  CONTACT_MASK,
  CONTACT_PATTERNS,
  FOLD_PATTERNS,
  WORD_PATTERNS,
  confidentialSearchText,
  confidentialTextNotes,
  foldText,
  maskConfidentialText,
  namePattern,
  postgresPattern,
} from "../../contracts/confidential-text.ts";

// The confidential text guard (docs/decisions/030): names compared after
// folding, contact details masked, the same patterns as migration 0023's SQL,
// and linear time on the longest descriptions.

const NAMES = ["Nube Contable", "Nube Contable S.A. de C.V.", "Contabilidad en la Nube"] as const;
const mask = (text: string, names: ReadonlyArray<string | null> = NAMES) => maskConfidentialText(text, names);
const M = CONTACT_MASK;

describe("company names", () => {
  it("replaces every spelling of the names, longest first, with 'la empresa' ('La empresa' where a sentence starts)", () => {
    expect(mask("Nube Regia S.A. de C.V. nació en 2010. Hoy NUBE REGIA atiende a 300 clientes.", ["Nube Regia", "Nube Regia S.A. de C.V.", null])).toBe(
      "La empresa nació en 2010. Hoy la empresa atiende a 300 clientes.",
    );
    expect(mask("¿Quién es Nube Contable? ¡Nube Contable!\nNube Contable crece.")).toBe("¿Quién es la empresa? ¡La empresa!\nLa empresa crece.");
    // A name ending with a dot takes it along, and gives it back where it also ended a sentence.
    expect(mask("Somos Nube Contable S.A. de C.V. Atendemos a pymes. Somos Nube Contable SA de CV.")).toBe("Somos la empresa. Atendemos a pymes. Somos la empresa.");
  });

  it("finds a name without its accents, in another case, with double, non-breaking or odd spaces, decomposed accents or zero-width characters", () => {
    const names = ["Clínica Sonrisa Norte"];
    const spellings = [
      "Clinica Sonrisa Norte", // no accent
      "CLÍNICA SONRISA NORTE", // case
      "clínica  sonrisa   norte", // double spaces
      "Clínica\u00a0Sonrisa\u202fNorte", // non-breaking spaces
      "Cli\u0301nica Sonrisa Norte", // decomposed (NFD)
      "Clí\u200dnica Sonrisa\u200b Norte", // zero-width joiner and space
      "Clínica\u200dSonrisa\u2060Norte", // zero-width characters instead of spaces
      "Clínica\tSonrisa\nNorte", // tab and line break
      "ＣＬＩＮＩＣＡ ＳＯＮＲＩＳＡ ＮＯＲＴＥ", // full-width letters (NFKD)
      "Clínica-Sonrisa-Norte", // punctuation between the words
      "ClínicaSonrisaNorte", // no spaces at all
      "\u00adClínica Sonrisa Nor\u00adte", // soft hyphens
    ];
    for (const spelling of spellings) expect(mask(`Atiende ${spelling} en Monterrey.`, names), JSON.stringify(spelling)).toBe("Atiende la empresa en Monterrey.");
    expect(mask("Clínica Sonrisa Norte, S.C. y CLINICA SONRISA NORTE SC", ["Clínica Sonrisa Norte S.C."])).toBe("La empresa y la empresa");
  });

  it("keeps the rest of the text exactly as written", () => {
    expect(mask("  Hoy,  Nube\u00a0Contable  —con acentos: ñandú— crece.  ")).toBe("  Hoy,  la empresa  —con acentos: ñandú— crece.  ");
    // A combining accent after the name goes with it.
    expect(mask("Somos Nube Contable\u0301.")).toBe("Somos la empresa.");
    expect(mask("Sin nombre ni contacto.")).toBe("Sin nombre ni contacto.");
    expect(maskConfidentialText(null, NAMES)).toBeNull();
  });

  it("matches whole words only", () => {
    expect(mask("Los nubecontables y las nubes contables no son Nube Contable.", ["Nube Contable"])).toBe("Los nubecontables y las nubes contables no son la empresa.");
    expect(mask("Un software de arcade.", ["Arca"])).toBe("Un software de arcade.");
  });

  it("treats names as text, not patterns, and ignores names too short to be names", () => {
    expect(mask("Somos (ABC)+ y ab.", ["(ABC)+", "a"])).toBe("Somos la empresa y ab.");
    expect(mask("Somos HP y hp.", ["HP"])).toBe("Somos la empresa y la empresa.");
    // Every character a name may hold is matched literally ("-" once made an invalid pattern: a 500 on create).
    expect(mask("Hecho por -ÉÚ- y {a|b}/c.", ["-ÉÚ-"])).toBe("Hecho por la empresa y {a|b}/c.");
    expect(mask("Hecho por -ÉÚ- y {a|b}/c.", ["{a|b}/c"])).toBe("Hecho por -ÉÚ- y la empresa.");
    expect(mask("Hecho por [xy]^$.*?\\ y.", ["[xy]^$.*?\\", "***", "x", ""])).toBe("Hecho por la empresa y.");
    expect(namePattern("* .")).toBeNull();
  });
});

describe("contact details", () => {
  it("masks e-mails, also spelled out", () => {
    for (const email of [
      "ventas@nubecontable.mx",
      "Ventas.Norte+mx@Nube-Contable.com.mx",
      "ventas @ nubecontable.mx",
      "ventas arroba nubecontable punto mx",
      "ventas arroba nubecontable.com",
      "ventas(at)nubecontable(dot)mx",
      "ventas [arroba] nubecontable [punto] com",
      "ventas＠nubecontable．mx", // full-width @ and dot
    ]) {
      expect(mask(`Escríbenos a ${email}, te respondemos.`, []), email).toBe(`Escríbenos a ${M}, te respondemos.`);
    }
  });

  it("masks Mexican phone numbers in their usual formats", () => {
    for (const phone of [
      "5512345678",
      "55 1234 5678",
      "55-1234-5678",
      "55.1234.5678",
      "(55) 1234-5678",
      "(55)1234 5678",
      "55 12 34 56 78",
      "811 234 5678",
      "811-234-56-78",
      "+52 55 1234 5678",
      "+525512345678",
      "+52 (55) 1234-5678",
      "+52 1 55 1234 5678",
      "52 55 1234 5678",
      "0052 55 1234 5678",
      "55 – 1234 – 5678",
      "５５ １２３４ ５６７８",
      "55\u00a01234\u00a05678",
    ]) {
      expect(mask(`Llámanos al ${phone}.`, []), phone).toBe(`Llámanos al ${M}.`);
    }
    expect(mask("Tel. 55 1234 5678 / 33 8765 4321", [])).toBe(`Tel. ${M} / ${M}`);
  });

  it("masks web addresses with or without a scheme, and bare domains", () => {
    for (const web of [
      "https://nubecontable.mx",
      "http://www.nubecontable.mx/precios?plan=1",
      "HTTPS://NUBECONTABLE.MX",
      "www.nubecontable.mx",
      "www.nubecontable.com.mx/contacto",
      "nubecontable.mx",
      "nubecontable.com",
      "nube-contable.com.mx",
      "facebook.com/nubecontable",
      "nubecontable punto com",
      "@nubecontable",
    ]) {
      expect(mask(`Visita ${web}.`, []), web).toBe(`Visita ${M}.`);
    }
    expect(mask("Visita (www.nube.mx), «nube.mx» o https://nube.mx!", [])).toBe(`Visita (${M}), «${M}» o ${M}!`);
  });

  it("leaves ordinary text alone: amounts, years, percentages, abbreviations, dates", () => {
    for (const text of [
      "Ventas por $1.250.000.000 MXN y $ 12 345 678 en 2023.",
      "Crecimos de 2010-2015-2020 al 18.5% anual.",
      "Nube Regia, S.A. de C.V., p. ej. y etc.",
      "Punto de venta en 3 sucursales; 1,250 clientes.",
      "Fundada el 01/02/2010; RFC NCR150101AB3.",
      "clientes.La empresa crece.Es rentable.",
      "Tod@s son bienvenid@s.",
      "Versión 2.0 del sistema, 3.5 millones.",
    ]) {
      expect(mask(text, []), text).toBe(text);
    }
  });

  it("masks contact details inside a name's text and names beside them", () => {
    expect(mask("Nube Contable (ventas@nubecontable.mx, 55 1234 5678) está en www.nubecontable.mx.")).toBe(`La empresa (${M}, ${M}) está en ${M}.`);
  });
});

describe("what the search document keeps", () => {
  it("is the folded text with every name and contact detail a space", () => {
    expect(confidentialSearchText("Nube\u00a0Contable vende en Monterrey: ventas@nube.mx, 55 1234 5678.", NAMES)).toBe("  vende en monterrey:  ,  .");
    expect(foldText("Ñandú\u200d  ÉXITO\u00a0ﬁnanzas")).toBe("nandu exito finanzas");
  });

  it("folds every ASCII character as the general rule does (its fast path)", () => {
    for (let unit = 0; unit < 0x80; unit += 1) {
      const character = String.fromCharCode(unit);
      const expected = /[\t\n\v\f\r ]/.test(character) ? " " : character.normalize("NFKD").toLowerCase();
      expect(foldText(`a${character}${character}B`)).toBe(expected === " " ? "a b" : `a${expected}${expected}b`);
    }
  });
});

describe("the seller's notes", () => {
  it("say what the public profile hides, and nothing when nothing is hidden", () => {
    expect(confidentialTextNotes("Llámanos al 55 1234 5678.", NAMES)).toEqual([CONTACT_DETAILS_NOTE]);
    expect(confidentialTextNotes("Nube Contable crece.", NAMES)).toEqual([COMPANY_NAME_NOTE]);
    expect(confidentialTextNotes("Nube Contable: nube.mx", NAMES)).toEqual([CONTACT_DETAILS_NOTE, COMPANY_NAME_NOTE]);
    expect(confidentialTextNotes("Despacho contable en Monterrey.", NAMES)).toEqual([]);
    expect(confidentialTextNotes("   ", NAMES)).toEqual([]);
    expect(CONTACT_DETAILS_NOTE).toContain("solicitud de acceso");
  });
});

describe("the SQL of migration 0023", () => {
  const migration = readFileSync(new URL("../../server/migrations/0023_confidential_text.sql", import.meta.url), "utf8");
  const literal = (source: string) => `'${postgresPattern(source).replaceAll("'", "''")}'`;

  it("holds every pattern of the module, in order, written for PostgreSQL", () => {
    const positions = CONTACT_PATTERNS.map(({ source }) => migration.indexOf(literal(source)));
    for (const [index, position] of positions.entries()) expect(position, CONTACT_PATTERNS[index]?.source).toBeGreaterThan(0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const source of [FOLD_PATTERNS.invisible, FOLD_PATTERNS.spaces, WORD_PATTERNS.word, WORD_PATTERNS.nonWord]) {
      expect(migration, source).toContain(literal(source));
    }
  });

  it("writes \\u{…} escapes as PostgreSQL's", () => {
    expect(postgresPattern(String.raw`[\u{a0}\u{200b}-\u{200d}\u{e0000}]`)).toBe(String.raw`[\u00a0\u200b-\u200d\U000e0000]`);
  });
});

describe("linear time", () => {
  const LENGTH = 10_000; // a long description's maximum
  const BUDGET_MS = 150;
  const UNITS = ["a", "1", "1 ", "a.", "a@", "a-", "@", ".", " ", "(", "+52", "$1", "http://", "www.", "a.com", "n u b e ", "nube ", "é", "\u200d", "arroba ", "punto ", "a a"];
  const NAMES_AT_RISK = ["Nube Contable", "a", "aa", "a a a", "n u b e", "11", "-.-.-.-a.-.-.-b"];

  /** The best of three, so a GC pause on a busy machine is not mistaken for backtracking (which repeats). */
  const timed = (text: string): number =>
    Math.min(
      ...[0, 1, 2].map(() => {
        const started = performance.now();
        maskConfidentialText(text, NAMES_AT_RISK);
        return performance.now() - started;
      }),
    );

  it(`masks ${LENGTH.toLocaleString("en")} adversarial characters within ${BUDGET_MS} ms`, () => {
    for (const unit of UNITS) {
      for (const ending of ["", "!", "@", "x", "5"]) {
        const text = unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH - ending.length) + ending;
        expect(timed(text), JSON.stringify(`${unit}…${ending}`)).toBeLessThan(BUDGET_MS);
      }
    }
  }, 60_000);
});
