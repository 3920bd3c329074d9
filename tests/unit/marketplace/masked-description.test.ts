import { describe, expect, it } from "vitest";
import { maskConfidentialText } from "../../../contracts/confidential-text.ts";
import { maskDescription, mayNeedMasking } from "../../../server/marketplace/masked-description.ts";

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
  "Llámanos: 81-1234-5678 o +52 1 55 1234 5678.",
  "ventas(at)nube(dot)mx y ventas [arroba] nube punto mx",
  "Síguenos en ＠nubecontable o en nube.com",
  "Visítanos en HTTPS://NUBE.MX/contacto",
  "Con 15 años, 120 empleados y 3 plantas en 2 estados.",
  "Ventas por 1,250,000 al año; margen de 18%.",
  "Exporta a E.U.A. y Canadá.",
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

  it("is said to need masking whenever masking changes the text (the index keeps the names of only those)", () => {
    let kept = 0;
    for (const names of NAMES) {
      for (const text of TEXTS) {
        const changes = maskConfidentialText(text, names) !== text;
        if (changes) expect(mayNeedMasking(text, names), JSON.stringify([text, names])).toBe(true);
        if (!mayNeedMasking(text, names)) kept += 1;
      }
    }
    // Most texts are told apart without a pattern: plain ones, and numbers that are not a phone.
    expect(kept).toBeGreaterThan(NAMES.length * 3);
    expect(mayNeedMasking("Con 15 años, 120 empleados y 3 plantas en 2 estados.", NAMES[0] ?? [])).toBe(false);
    expect(mayNeedMasking(null, NAMES[0] ?? [])).toBe(false);
  });

  it("masks a name (the check before the patterns does not let one through)", () => {
    expect(maskDescription("Hoy Nube Contable crece.", ["Nube Contable"])).toBe("Hoy la empresa crece.");
    expect(maskDescription("Hoy N.U.B.E. Contable crece.", ["Nube Contable"])).toBe("Hoy la empresa crece.");
  });
});
