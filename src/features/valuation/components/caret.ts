/**
 * Keeping the caret in place while an amount input reformats itself
 * ("1234" typed becomes "1,234"): count the characters that carry the value
 * (digits, the dot, the sign) before the caret in what was typed, and put the
 * caret after as many of them in what is shown. Commas and anything refused
 * do not count.
 */

const carriesValue = (char: string): boolean => /[\d.-]/.test(char);

/** How many value characters stand before `caret` in `text`. */
export function valueCharsBefore(text: string, caret: number): number {
  let count = 0;
  for (const char of text.slice(0, caret)) if (carriesValue(char)) count += 1;
  return count;
}

/** The caret position in `shown` just after its `count`-th value character (0: the start). */
export function caretAfterValueChars(shown: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (const [index, char] of [...shown].entries()) {
    if (carriesValue(char)) seen += 1;
    if (seen === count) return index + 1;
  }
  return shown.length;
}
