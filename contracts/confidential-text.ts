/**
 * The confidential text guard (docs/decisions/030-confidential-text.md): a
 * listing is anonymous until its seller approves an access request, so the
 * text a seller writes about it (short and long description) reaches the
 * public with the company's names and any contact details masked.
 *
 * Pure and shared: the server masks every public projection with it, the
 * company form tells the seller what will be hidden, and the search
 * document drops the same strings (migration 0023 holds the same patterns in
 * SQL; a unit test checks they are equal, a server test that both databases
 * give the same text).
 *
 * How it compares: the text is first *folded*, code point by code point,
 * exactly as the SQL does it (`lower(normalize(text, NFKD))`, combining
 * marks and invisible characters removed, every kind of space one space),
 * so "Nube Contable", "nube  contable", "Nu\u0301be Contable",
 * "Nube\u00a0Contable" and "Nube\u200dContable" are one spelling. A name
 * matches when its letters and digits appear in that order, separated only
 * by spaces or punctuation ("Nube-Contable", "S.A. de C.V." as "SA de CV"),
 * beginning and ending at a word boundary. Contact details are patterns on
 * the folded text: web addresses (with a scheme, "www." or a bare domain of
 * a known ending), e-mails (also "arroba"/"punto" spelled out), social
 * handles and Mexican phone numbers (10 digits in any grouping, with +52,
 * 52 1, 00 52). Each pattern is linear: every repetition is followed by a
 * character it cannot hold, and a lookbehind keeps a match from starting in
 * the middle of a run, so 10,000 adversarial characters cost milliseconds.
 */

/** What a seller's contact detail reads as in public text. */
export const CONTACT_MASK = "[dato de contacto oculto]";
/** What a company's name reads as in public text ("La empresa" where a sentence starts). */
export const NAME_MASK = "la empresa";

/** Under a description that holds contact details (the company form and the seller's sign-up). */
export const CONTACT_DETAILS_NOTE =
  `Incluiste datos de contacto (correo, teléfono o sitio web). En el perfil público aparecen como «${CONTACT_MASK}»: ` +
  "solo los verán los compradores cuya solicitud de acceso apruebes.";
/** Under a description that names the company. */
export const COMPANY_NAME_NOTE = `En el perfil público, el nombre de tu empresa aparece como «${NAME_MASK}».`;

// --- Character classes (code point ranges, the same in JavaScript and SQL) ---------------

type Ranges = ReadonlyArray<readonly [number, number]>;

/** Removed when folding: combining marks (accents once decomposed) and characters that show nothing. */
const INVISIBLE: Ranges = [
  [0xad, 0xad], // soft hyphen
  [0x300, 0x36f], // combining diacritical marks (U+034F, the grapheme joiner, included)
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x200b, 0x200f], // zero-width space, non-joiner, joiner; direction marks
  [0x202a, 0x202e],
  [0x2060, 0x206f], // word joiner, invisible operators, direction isolates
  [0x20d0, 0x20ff],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f], // variation selectors
  [0xfe20, 0xfe2f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe0fff], // tags, variation selectors supplement
];

/** One space when folding, however many in a row. */
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

/**
 * Letters and digits, after folding: where a name starts and ends, and what
 * it is compared by. Latin only (folding leaves Spanish text in a-z; the
 * Latin-1 and Extended letters that have no decomposition, such as ß, æ, ø,
 * stay): PostgreSQL compiles a pattern with large Unicode ranges several
 * times slower, and each company's names are compiled on every write of it.
 * Other scripts count as separators, which masks more rather than less.
 */
const WORD: Ranges = [
  [0x30, 0x39],
  [0x61, 0x7a],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x24f],
];

const inRanges = (ranges: Ranges, codePoint: number): boolean => ranges.some(([low, high]) => codePoint >= low && codePoint <= high);

const escapeCodePoint = (codePoint: number): string => `\\u{${codePoint.toString(16)}}`;
const classBody = (ranges: Ranges): string =>
  ranges.map(([low, high]) => (low === high ? escapeCodePoint(low) : `${escapeCodePoint(low)}-${escapeCodePoint(high)}`)).join("");

const WORD_CLASS = `[${classBody(WORD)}]`;
const NON_WORD_CLASS = `[^${classBody(WORD)}]`;

// --- Patterns (JavaScript's Unicode syntax; `postgresPattern` writes them for PostgreSQL) --

/** Characters a web address does not end with (a sentence's punctuation, closing quotes and brackets). */
const ADDRESS_END = String.raw`[^ .,;:!?)\]}>"'\u{ab}\u{bb}\u{2018}-\u{201f}]`;
/** Endings of bare domains: common generic ones and Latin America's. Spanish words ("es", "la", "me", "de") left out. */
const DOMAIN_ENDINGS =
  "com|net|org|info|biz|io|co|app|dev|ai|xyz|online|site|web|website|store|shop|tech|tienda|lat|mx|us|ca|uk|eu|ar|cl|pe|br|gt|ec|uy|py|bo|cr|sv|hn|ni|ve|cloud|digital|page|link|email";
/** Endings said aloud: "nube punto com", "ventas arroba nube punto mx". */
const SPOKEN_ENDINGS = "com|net|org|mx|gob|edu";

/**
 * The contact patterns, in the order they are applied (a web address before
 * an e-mail it may hold, an e-mail before the domain inside it). Each one is
 * a folded-text pattern; a match is masked.
 */
export const CONTACT_PATTERNS: ReadonlyArray<{ readonly kind: "web" | "email" | "handle" | "phone"; readonly source: string }> = [
  { kind: "web", source: String.raw`(?<![a-z0-9])(?:https?|ftp)://[^ ]*${ADDRESS_END}` },
  { kind: "web", source: String.raw`(?<![a-z0-9.-])www\.[^ ]*${ADDRESS_END}` },
  {
    kind: "email",
    source:
      String.raw`(?<![a-z0-9._%+-])[a-z0-9._%+-]+(?: ?@ ?| ?[(\[](?:at|arroba)[)\]] ?| arroba )[a-z0-9-]+` +
      String.raw`(?:(?:\.| ?[(\[](?:dot|punto)[)\]] ?)[a-z0-9-]+| punto (?:${SPOKEN_ENDINGS})(?![a-z0-9-]))+`,
  },
  { kind: "handle", source: String.raw`(?<![a-z0-9._%+-])@[a-z0-9_](?:[a-z0-9_.]*[a-z0-9_])?` },
  {
    kind: "web",
    source: String.raw`(?<![a-z0-9.@_-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:${DOMAIN_ENDINGS})(?![a-z0-9-])(?:/[^ ]*${ADDRESS_END})?`,
  },
  { kind: "web", source: String.raw`(?<![a-z0-9.@_-])[a-z0-9-]+(?: punto (?:${SPOKEN_ENDINGS}))+(?![a-z0-9-])` },
  {
    kind: "phone",
    // 10 digits, up to 3 separators between two of them (spaces, dots, dashes, slashes, parentheses), after an optional
    // +52 / 0052 / 52, and 1 (the old mobile prefix); not an amount ("$1.250.000.000").
    source: String.raw`(?<![0-9$])(?<!\$ )(?:(?:\+ ?|00 ?)?52 ?(?:1 ?)?)?\(?[0-9](?:[ .()/\u{2010}-\u{2015}\u{2212}-]{0,3}[0-9]){9}(?![0-9])`,
  },
];

/** The folding's two patterns: characters removed, and runs of spaces (each becomes one space). */
export const FOLD_PATTERNS = { invisible: `[${classBody(INVISIBLE)}]`, spaces: `[${classBody(SPACE)}]+` } as const;
/** Letters and digits (a name's skeleton) and everything else, as classes. */
export const WORD_PATTERNS = { word: WORD_CLASS, nonWord: NON_WORD_CLASS } as const;

/** A pattern of this module as PostgreSQL's regular expressions write it (`\uXXXX` / `\UXXXXXXXX` escapes). */
export const postgresPattern = (source: string): string =>
  source.replace(/\\u\{([0-9a-f]+)\}/g, (_match, hex: string) => (hex.length <= 4 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`));

const compiled = new Map<string, RegExp>();
const regexpOf = (source: string): RegExp => {
  let pattern = compiled.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(source, "gu");
    // Name patterns are per company; keep the cache from growing without bound.
    if (compiled.size > 2000) compiled.clear();
    compiled.set(source, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
};

// --- Folding -------------------------------------------------------------------------------

/**
 * Folded text, with where each of its UTF-16 units came from in the
 * original: unit `i` covers `starts[i]` up to `starts[i + 1]` (the last one
 * up to the end), so characters folding removed go with the unit before
 * them. `masks[i]` is set on a unit that stands for a masked stretch (a
 * single space).
 */
interface Folded {
  readonly text: string;
  readonly starts: ReadonlyArray<number>;
  readonly masks: ReadonlyArray<MaskKind | null>;
}

type MaskKind = "name" | "contact";

/**
 * Folds `original`, telling `emit` each piece of the folded text with the
 * offset in `original` of the character it comes from.
 */
function foldPieces(original: string, emit: (piece: string, start: number) => void): void {
  let lastWasSpace = false;
  let offset = 0;
  for (const character of original) {
    const start = offset;
    offset += character.length;
    // ASCII (most of a Spanish text) folds to itself in lower case: no normalization, no range lookup. The same
    // result as below; 5–10 times faster on a description (masked the first time its card is shown).
    const unit = character.charCodeAt(0);
    if (unit < 0x80) {
      const space = unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
      if (space && lastWasSpace) continue;
      lastWasSpace = space;
      emit(space ? " " : unit >= 0x41 && unit <= 0x5a ? String.fromCharCode(unit + 32) : character, start);
      continue;
    }
    // NFKD, then lower case, one code point at a time: PostgreSQL's lower(normalize(text, NFKD)).
    for (const piece of character.normalize("NFKD").toLowerCase()) {
      const codePoint = piece.codePointAt(0) ?? 0;
      if (inRanges(INVISIBLE, codePoint)) continue;
      const space = inRanges(SPACE, codePoint);
      if (space && lastWasSpace) continue;
      lastWasSpace = space;
      emit(space ? " " : piece, start);
    }
  }
}

function fold(original: string): Folded {
  let text = "";
  const starts: number[] = [];
  foldPieces(original, (piece, start) => {
    text += piece;
    for (let unit = 0; unit < piece.length; unit += 1) starts.push(start);
  });
  return { text, starts, masks: starts.map(() => null) };
}

/** Folded text as the SQL has it: `fold_confidential_text` (migration 0023). */
export function foldText(original: string): string {
  let text = "";
  foldPieces(original, (piece) => {
    text += piece;
  });
  return text;
}

/** Each match of `source` becomes one masked unit (a space in the folded text). */
function maskMatches(folded: Folded, source: string, kind: MaskKind): { folded: Folded; found: boolean } {
  let text = "";
  const starts: number[] = [];
  const masks: Array<MaskKind | null> = [];
  let cursor = 0;
  let found = false;
  const keep = (end: number) => {
    text += folded.text.slice(cursor, end);
    for (let at = cursor; at < end; at += 1) {
      starts.push(folded.starts[at] ?? 0);
      masks.push(folded.masks[at] ?? null);
    }
  };
  for (const match of folded.text.matchAll(regexpOf(source))) {
    found = true;
    keep(match.index);
    text += " ";
    starts.push(folded.starts[match.index] ?? 0);
    masks.push(kind);
    cursor = match.index + match[0].length;
  }
  keep(folded.text.length);
  return { folded: { text, starts, masks }, found };
}

// --- Names ---------------------------------------------------------------------------------

/** Characters with a meaning in a pattern, escaped (the same set means the same in both dialects). */
const escapeLiteral = (text: string): string => text.replace(/[\][\\^$.*+?(){}|/]/g, "\\$&");

const isWord = (character: string): boolean => inRanges(WORD, character.codePointAt(0) ?? 0);

/** A name's letters and digits once folded ("Núbe Contable S.A." → "nubecontablesa"). */
export const nameSkeleton = (name: string): string => foldedSkeleton(foldText(name));
/** The letters and digits of text already folded (foldText). */
export const foldedSkeleton = (folded: string): string => folded.replace(NON_WORD_RUNS, "");
const NON_WORD_RUNS = new RegExp(`${NON_WORD_CLASS}+`, "gu");

/** Names whose skeleton is shorter are not masked (a lone letter would mask every "y" and "a"). */
export const MIN_NAME_SKELETON = 2;

/**
 * The pattern that finds a name in folded text (`confidential_name_pattern`
 * in SQL): its letters and digits in order, anything but a letter or digit
 * between them, a word boundary at both ends, and the punctuation the name
 * itself starts or ends with ("(ABC)+", the final dot of "C.V.") taken
 * along when the text has it. Null when the name is too short to mask.
 */
export function namePattern(name: string): string | null {
  const folded = foldText(name).replace(/^ +| +$/g, "");
  const characters = [...folded];
  const skeleton = characters.filter(isWord);
  if (skeleton.length < MIN_NAME_SKELETON) return null;
  const first = characters.findIndex(isWord);
  const last = characters.findLastIndex(isWord);
  const leading = characters.slice(0, first).join("");
  const trailing = characters.slice(last + 1).join("");
  return (
    (leading === "" ? "" : `(?:${escapeLiteral(leading)})?`) +
    `(?<!${WORD_CLASS})${skeleton.join(`${NON_WORD_CLASS}*`)}(?!${WORD_CLASS})` +
    (trailing === "" ? "" : `(?:${escapeLiteral(trailing)})?`)
  );
}

/** The names' patterns, longest skeleton first (so "Nube Contable S.A. de C.V." goes before "Nube Contable"). */
function namePatterns(names: ReadonlyArray<string | null>): ReadonlyArray<string> {
  return names
    .flatMap((name, position) => {
      if (name === null) return [];
      const pattern = namePattern(name);
      return pattern === null ? [] : [{ pattern, length: [...nameSkeleton(name)].length, position }];
    })
    .sort((a, b) => b.length - a.length || a.position - b.position)
    .map((item) => item.pattern);
}

// --- Masking -------------------------------------------------------------------------------

/** What the guard found in a text: the folded text with each match a space, and which kinds it found. */
interface ConfidentialScan {
  readonly folded: Folded;
  readonly hasName: boolean;
  readonly hasContact: boolean;
}

function scanConfidentialText(text: string, names: ReadonlyArray<string | null>): ConfidentialScan {
  let folded = fold(text);
  let hasContact = false;
  let hasName = false;
  for (const { source } of CONTACT_PATTERNS) {
    const step = maskMatches(folded, source, "contact");
    folded = step.folded;
    hasContact ||= step.found;
  }
  for (const source of namePatterns(names)) {
    const step = maskMatches(folded, source, "name");
    folded = step.folded;
    hasName ||= step.found;
  }
  return { folded, hasName, hasContact };
}

/** "La empresa" where a sentence or a line starts, "la empresa" elsewhere (looking back over spaces only). */
function nameMask(original: string, at: number): string {
  let before = at;
  let newLine = false;
  for (; before > 0; before -= 1) {
    const character = original[before - 1] ?? "";
    const codePoint = character.codePointAt(0) ?? 0;
    if (!inRanges(SPACE, codePoint) && !inRanges(INVISIBLE, codePoint)) break;
    if (character === "\n") newLine = true;
  }
  return before === 0 || newLine || /[.!?¿¡]/.test(original[before - 1] ?? "") ? "La empresa" : NAME_MASK;
}

/**
 * A name that ends with a dot ("S.A. de C.V.") takes the dot along; when it
 * also ended a sentence (a capital, a line break or the end follows), the
 * sentence keeps its dot.
 */
function sentenceEnd(original: string, start: number, end: number): string {
  let last = end;
  while (last > start && inRanges(INVISIBLE, original.codePointAt(last - 1) ?? 0)) last -= 1;
  return original[last - 1] === "." && /^[^\S\n]*(?:$|\n|\p{Lu})/u.test(original.slice(end, end + 200)) ? "." : "";
}

/**
 * Public text: `text` with the company's names (name, legal name,
 * commercial name) read as "la empresa" and contact details as
 * "[dato de contacto oculto]"; everything else as written.
 */
export function maskConfidentialText(text: string, names: ReadonlyArray<string | null>): string;
export function maskConfidentialText(text: string | null, names: ReadonlyArray<string | null>): string | null;
export function maskConfidentialText(text: string | null, names: ReadonlyArray<string | null>): string | null {
  if (text === null) return null;
  const { folded } = scanConfidentialText(text, names);
  let result = "";
  let cursor = 0;
  folded.masks.forEach((kind, index) => {
    if (kind === null) return;
    let start = folded.starts[index] ?? 0;
    // Invisible characters just before the stretch go with it (a soft hyphen or a joiner put there to dodge the guard).
    while (start > cursor && inRanges(INVISIBLE, text.codePointAt(start - 1) ?? 0)) start -= 1;
    const end = folded.starts[index + 1] ?? text.length;
    result += text.slice(cursor, start) + (kind === "name" ? nameMask(text, start) + sentenceEnd(text, start, end) : CONTACT_MASK);
    cursor = end;
  });
  return result + text.slice(cursor);
}

/**
 * What the search document is built from (`confidential_search_text` in
 * SQL): the folded text with every name and contact detail a space, so none
 * of them, nor the words of the masks, is found by a search.
 */
export const confidentialSearchText = (text: string, names: ReadonlyArray<string | null>): string => scanConfidentialText(text, names).folded.text;

/** The notes under a description field: what the public profile will hide (none when nothing). */
export function confidentialTextNotes(text: string, names: ReadonlyArray<string | null>): ReadonlyArray<string> {
  if (text.trim() === "") return [];
  const { hasContact, hasName } = scanConfidentialText(text, names);
  return [...(hasContact ? [CONTACT_DETAILS_NOTE] : []), ...(hasName ? [COMPANY_NAME_NOTE] : [])];
}
