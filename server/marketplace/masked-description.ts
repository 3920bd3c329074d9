import { foldedSkeleton, foldText, maskConfidentialText, MIN_NAME_SKELETON, namePattern, nameSkeleton } from "../../contracts/confidential-text.ts";

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

/**
 * What every contact pattern needs in the folded text (CONTACT_PATTERNS in
 * contracts/confidential-text.ts): an address's "://" or "www", an e-mail's
 * or a handle's "@" (or "arroba", "(at)"), a domain's dot before a letter,
 * a spoken "punto"; a phone's ten digits are counted apart.
 */
const CONTACT_CLUE = /@|:\/\/|www|arroba|punto|[([]at[)\]]|\.[a-z]/;
const PHONE_DIGITS = 10;

/**
 * Whether maskDescription could change `text` (false: it is public as it
 * is). Cheap (no pattern is run or compiled: ~2 µs for a card's
 * description), so the index decides it for every company while loading
 * and keeps the names of only those that may need them. Errs towards true.
 */
export function mayNeedMasking(text: string | null, names: ReadonlyArray<string | null>): boolean {
  if (text === null) return false;
  const folded = foldText(text);
  if (CONTACT_CLUE.test(folded)) return true;
  let digits = 0;
  for (let at = 0; at < folded.length; at += 1) {
    const unit = folded.charCodeAt(at);
    if (unit >= 0x30 && unit <= 0x39 && ++digits >= PHONE_DIGITS) return true;
  }
  const skeleton = foldedSkeleton(folded);
  return names.some((name) => {
    if (name === null) return false;
    const own = nameSkeleton(name);
    return [...own].length >= MIN_NAME_SKELETON && skeleton.includes(own);
  });
}
