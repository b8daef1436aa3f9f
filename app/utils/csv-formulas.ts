/**
 * CSV text that no spreadsheet evaluates, whichever delimiter its locale splits on
 * (docs/export.md#the-workbook). Used by every CSV the app writes: the export and the import's
 * skipped rows. Pure.
 */

/** Spreadsheet formula triggers at a cell's start (OWASP): = + - @, tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
// A cell that starts with a trigger once spaces and double quotes are skipped (an import that trims
// spaces, or reads a quote as a field's opening, still sees the trigger first).
const FORMULA_START_PADDED = /^[\s"]*[=+\-@]/;
// A piece of a cell that starts after a delimiter some locale's spreadsheet splits on (, ; tab |, or a
// line break), spaces and double quotes skipped, with a trigger: the `'` goes just before the trigger.
const FORMULA_AFTER_DELIMITER = /([,;\t|\r\n][\s"]*)(?=[=+\-@])/g;

export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * A cell that starts like a formula gets a leading `'`, and so does every piece of it that would start
 * a cell of its own when split on `,` `;` tab `|` or a line break (the `'` just before its `=`, `+`,
 * `-` or `@`). Text without a trigger in such a place is returned as it is.
 */
export function neutraliseCsvFormulas(text: string): string {
  const pieces = text.replace(FORMULA_AFTER_DELIMITER, "$1'");
  return startsLikeFormula(text) || FORMULA_START_PADDED.test(text) ? `'${pieces}` : pieces;
}
