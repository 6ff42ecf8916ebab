/*
 * Time as the scheduler sees it: instants in milliseconds since the epoch, spans half-open [from, to). A list of
 * spans is sorted and disjoint; null means "always" (a station with no `available`, a tournament with no `windows`).
 */
export interface Span {
  from: number;
  to: number;
}

/** Sorted, overlapping and touching spans merged, empty ones dropped. */
export function normaliseSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((span) => span.to > span.from).sort((a, b) => a.from - b.from);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ from: span.from, to: span.to });
  }
  return merged;
}

/** Where both lists allow play (null: always). */
export function intersectSpans(a: readonly Span[] | null, b: readonly Span[] | null): Span[] | null {
  if (a === null) return b === null ? null : b.map((span) => ({ ...span }));
  if (b === null) return a.map((span) => ({ ...span }));
  const result: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const from = Math.max(a[i].from, b[j].from);
    const to = Math.min(a[i].to, b[j].to);
    if (to > from) result.push({ from, to });
    if (a[i].to < b[j].to) i++;
    else j++;
  }
  return result;
}

/** The earliest t ≥ start with [t, t + length) inside one span of the list, or null when none is long enough. */
export function earliestFit(spans: readonly Span[] | null, start: number, length: number): number | null {
  if (spans === null) return start;
  for (let i = firstEndingAfter(spans, start); i < spans.length; i++) {
    const t = Math.max(start, spans[i].from);
    if (t + length <= spans[i].to) return t;
  }
  return null;
}

/** How much of [from, to) the list covers. */
export function coveredLength(spans: readonly Span[] | null, from: number, to: number): number {
  if (to <= from) return 0;
  if (spans === null) return to - from;
  let total = 0;
  for (let i = firstEndingAfter(spans, from); i < spans.length && spans[i].from < to; i++) {
    total += Math.min(to, spans[i].to) - Math.max(from, spans[i].from);
  }
  return total;
}

/** The index of the first span that ends after t (binary search). */
export function firstEndingAfter(spans: readonly Span[], t: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle].to <= t) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A timeline of busy spans (a station's matches, or a participant's): the earliest t ≥ start where
 * [t, t + length) keeps away from every one of them by the larger of `gap` and the span's own gap (a stage's
 * rest), and adding a span. Kept sorted by start; spans may overlap (two fixed matches someone pinned on top of
 * each other), so the search skips what ends before t by the running latest end, which only grows.
 */
export class BusyTimeline {
  private readonly spans: (Span & { gap: number })[] = [];
  /** latest[i]: the latest end among spans[0..i]; latestWithGap[i]: the same, each end plus its own gap. */
  private readonly latest: number[] = [];
  private readonly latestWithGap: number[] = [];
  private maxGap = 0;

  earliestFree(start: number, length: number, gap = 0): number {
    let t = start;
    let low = 0;
    let high = this.spans.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (Math.max(this.latest[middle] + gap, this.latestWithGap[middle]) <= t) low = middle + 1;
      else high = middle;
    }
    const widest = Math.max(gap, this.maxGap);
    // One pass when every span keeps the same gap; with gaps of their own, until nothing moves t any more.
    for (let moved = true; moved; ) {
      moved = false;
      for (let i = low; i < this.spans.length; i++) {
        const span = this.spans[i];
        if (span.from - widest >= t + length) break;
        const apart = Math.max(gap, span.gap);
        if (span.from - apart < t + length && span.to + apart > t) {
          t = span.to + apart;
          moved = widest !== gap;
        }
      }
    }
    return t;
  }

  add(span: Span, gap = 0): void {
    let index = this.spans.length;
    while (index > 0 && this.spans[index - 1].from > span.from) index--;
    this.spans.splice(index, 0, { from: span.from, to: span.to, gap });
    this.latest.splice(index, 0, 0);
    this.latestWithGap.splice(index, 0, 0);
    this.maxGap = Math.max(this.maxGap, gap);
    for (let i = index; i < this.spans.length; i++) {
      this.latest[i] = Math.max(i > 0 ? this.latest[i - 1] : -Infinity, this.spans[i].to);
      this.latestWithGap[i] = Math.max(i > 0 ? this.latestWithGap[i - 1] : -Infinity, this.spans[i].to + this.spans[i].gap);
    }
  }
}
