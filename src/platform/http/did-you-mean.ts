/**
 * "Did you mean …?" for a misspelt field or query parameter: the closest allowed name by edit distance
 * (Damerau–Levenshtein: a swap of two neighbours counts once), when it is close enough to be a plausible typo.
 */
export function closestName(unknown: string, allowed: Iterable<string>): string | undefined {
  const typed = unknown.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of allowed) {
    const distance = editDistance(typed, name.toLowerCase());
    if (distance <= tolerance(Math.max(typed.length, name.length)) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** One edit in short names, about one in three in long ones (`start_date` → `starts_at` is three). */
function tolerance(length: number): number {
  return Math.max(1, Math.floor(length / 3));
}

export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** The sentence appended to an "is not recognised" detail, or nothing. */
export function suggestion(unknown: string, allowed: Iterable<string>): string {
  const closest = closestName(unknown, allowed);
  return closest === undefined ? '' : ` Did you mean ${closest}?`;
}
