/**
 * A confidential listing must not name the company. Owners sometimes write
 * the name into their descriptions (the demo data does), so public text has
 * every occurrence of the company's names replaced, case-insensitively, by
 * "la empresa" ("La empresa" at the start of a sentence). The search index
 * strips the same names (strip_company_names, migration 0004).
 */
// The "u" flag refuses escapes of characters that need none ("\-" outside a class is a SyntaxError).
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function redactCompanyNames(text: string | null, names: ReadonlyArray<string | null>): string | null {
  if (text === null) return null;
  const patterns = names
    .map((name) => name?.trim() ?? "")
    .filter((name) => name.length >= 3)
    // Longest first, so "Nube Contable S.A. de C.V." goes before "Nube Contable".
    .toSorted((a, b) => b.length - a.length);
  let result = text;
  for (const name of patterns) {
    result = result.replace(new RegExp(escapeRegExp(name), "giu"), (_match, offset: number, whole: string) => {
      const before = whole.slice(0, offset).trimEnd();
      return before === "" || /[.!?]$/.test(before) ? "La empresa" : "la empresa";
    });
  }
  return result;
}
