import { describe, expect, it } from "vitest";
import { maskConfidentialText } from "../../../contracts/confidential-text.ts";
import { maskDescription } from "../../../server/marketplace/masked-description.ts";

// The marketplace index masks a card's description with maskDescription
// (server/marketplace/masked-description.ts), which skips compiling the
// names' patterns when none can match: its text must be maskConfidentialText's,
// character for character, whether a name is there or not.

const NAMES: ReadonlyArray<ReadonlyArray<string | null>> = [
  ["Nube Contable", "Nube Contable S.A. de C.V.", "Nube Contable"],
  ["Clínica Sonrisa Norte", null, "Clínica Sonrisa Norte S.C."],
  ["(ABC)+ Servicios", "A", ""],
  [null, null, null],
  [],
  ["Agro Jalisco", "Vendedor Bench", "Agro Jalisco"],
];

const TEXTS = [
  "Sin nombre ni contacto.",
  "Somos Nube Contable S.A. de C.V. Atendemos a pymes. Somos Nube Contable SA de CV.",
  "Atiende NUBE-CONTABLE en Monterrey.",
  "Nu\u0301be\u00a0Contable\u200b crece.",
  "ＮＵＢＥ ＣＯＮＴＡＢＬＥ",
  "Nubecontable y nube contables no son el nombre.",
  "Clinica Sonrisa Norte, S.C. y CLINICA SONRISA NORTE SC",
  "Cli\u0301nica-Sonrisa-Nor\u00adte",
  "Somos (ABC)+ Servicios de limpieza.",
  "Escríbenos a ventas@nube.mx o al 81 1234 5678.",
  "Nube www.nube.com.mx Contable",
  "Nube ventas arroba nube punto com Contable, en Jalisco.",
  "Procesamiento de granos en Guadalajara, Jalisco. Atiende a Agro Jalisco y a otros.",
  "Agro\nJalisco",
  "",
  "  ",
];

describe("maskDescription", () => {
  it("masks exactly as maskConfidentialText, names present or not", () => {
    for (const names of NAMES) {
      for (const text of TEXTS) {
        expect(maskDescription(text, names), JSON.stringify([text, names])).toBe(maskConfidentialText(text, names));
      }
    }
    expect(maskDescription(null, NAMES[0] ?? [])).toBeNull();
  });

  it("masks a name (the check before the patterns does not let one through)", () => {
    expect(maskDescription("Hoy Nube Contable crece.", ["Nube Contable"])).toBe("Hoy la empresa crece.");
    expect(maskDescription("Hoy N.U.B.E. Contable crece.", ["Nube Contable"])).toBe("Hoy la empresa crece.");
  });
});
