/**
 * What makes two participant names the same name: what a reader of a bracket could not tell apart.
 * - NFKC: composed and decomposed accents (é / e + ◌́), full-width look-alikes (Ａｎａ / Ana), ligatures (ﬁ / fi);
 * - full case folding: upper-casing first folds ß to SS, so Straße and STRASSE clash, not only Ana and ANA;
 * - invisible characters (zero-width space and joiners, soft hyphen, BOM, variation selectors) are dropped;
 * - runs of white space count as one space.
 * The key is stored beside the name with a unique index; the name itself is kept as sent.
 */
export function participantNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Default_Ignorable_Code_Point: characters that render as nothing. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
