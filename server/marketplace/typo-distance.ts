/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated
 * edits of a substring): substitutions, insertions, deletions and
 * transpositions of two neighbours each cost 1, so "desapcho" is 1 from
 * "despacho", and "tecnolgia" 1 from "tecnologia". Trigram similarity, which
 * the SQL search used, scores a transposition as a change of up to three
 * trigrams and let "desapcho" find nothing.
 *
 * Returns a value > `limit` as soon as the distance is known to exceed it
 * (each row's minimum only grows), so scanning a vocabulary costs little
 * more than comparing lengths for words that are far apart.
 */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function typoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  if (width > rows[0].length) rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  // Three rows: two back for transpositions, one back, current (reused: this runs for every vocabulary word of a typo).
  let [twoBack, previous, current] = rows;
  for (let j = 0; j < width; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j += 1) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, (twoBack[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length] ?? limit + 1;
}

/** How many edits a typo of a word this long may have: 1 up to 7 letters, 2 from 8 ("construcion", "manufactrua"). */
export const typoLimit = (length: number): number => (length >= 8 ? 2 : 1);
