import { maskConfidentialText, namePattern, nameSkeleton } from "../../contracts/confidential-text.ts";

/**
 * A card's description as the public sees it: maskConfidentialText with
 * the company's names, the same text byte for byte, without compiling the
 * names' patterns when none of them can match.
 *
 * Why: each company's names are three regular expressions of their own,
 * ~1 ms to compile and up to ~100 kB each in the module's cache of 2,000;
 * most descriptions do not name their company. A name's pattern matches its
 * letters and digits in order with only other characters between them
 * (contracts/confidential-text.ts), so when no contact detail was masked
 * first, a match needs the name's skeleton (nameSkeleton) inside the
 * description's skeleton; when no name's is, the names mask nothing.
 */
export function maskDescription(text: string | null, names: ReadonlyArray<string | null>): string | null {
  if (text === null) return null;
  const withoutContacts = maskConfidentialText(text, []);
  if (withoutContacts !== text) return maskConfidentialText(text, names);
  const skeleton = nameSkeleton(text);
  const named = names.some((name) => name !== null && namePattern(name) !== null && skeleton.includes(nameSkeleton(name)));
  return named ? maskConfidentialText(text, names) : text;
}
