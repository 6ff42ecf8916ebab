/** Operand of `column ilike ? escape '\'` that matches `text` anywhere, its LIKE wildcards (`%`, `_`) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
