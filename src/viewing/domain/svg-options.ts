import { InvalidParameterError, ParameterProblem } from '../../kernel/domain-error';

/**
 * The images' query options (docs/viewing.md). Every value is checked: a bad one is a 400 naming the parameter, never
 * an image drawn some other way than asked. `variant` is the options in one canonical spelling: the cache and the
 * ETag tell variants apart by it, so `?width=600&theme=dark` and `?theme=dark&width=600` are one variant.
 */
export interface SvgOptions {
  theme: 'light' | 'dark';
  /** Transparent: no background rectangle, for stream overlays. */
  background: 'opaque' | 'transparent';
  /** 1-based, inclusive, per bracket side: `rounds=5-10` draws each side's rounds 5 to 10. */
  rounds?: { from: number; to: number };
  /** The image's width in pixels; the drawing is scaled to it (the height follows). */
  width?: number;
  /** The standings image: its first `limit` rows only. */
  limit?: number;
}

export const DEFAULT_SVG_OPTIONS: SvgOptions = { theme: 'light', background: 'opaque' };
export const SVG_WIDTH_RANGE = { min: 100, max: 10_000 } as const;
export const MAX_ROUND = 64;
export const MAX_LIMIT = 10_000;

const BRACKET_PARAMETERS = ['theme', 'background', 'rounds', 'width'] as const;
const STANDINGS_PARAMETERS = ['theme', 'background', 'width', 'limit'] as const;

type Query = Record<string, string | string[] | undefined>;

/** A whole number written plainly (no sign, no exponent, no leading zero), within bounds; undefined otherwise. */
function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^[1-9]\d{0,5}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** The options of `bracket.svg` or `standings.svg`, or InvalidParameterError listing every bad parameter. */
export function parseSvgOptions(image: 'bracket' | 'standings', query: Query): { options: SvgOptions; variant: string } {
  const allowed: readonly string[] = image === 'bracket' ? BRACKET_PARAMETERS : STANDINGS_PARAMETERS;
  const problems: ParameterProblem[] = [];
  const options: SvgOptions = { ...DEFAULT_SVG_OPTIONS };
  for (const [name, raw] of Object.entries(query)) {
    if (!allowed.includes(name)) {
      problems.push({ parameter: name, detail: `${name} is not a recognised query parameter; ${image}.svg takes ${allowed.join(', ')}.` });
      continue;
    }
    if (typeof raw !== 'string') {
      problems.push({ parameter: name, detail: `${name} may be given once.` });
      continue;
    }
    const problem = readOption(options, name, raw);
    if (problem) problems.push({ parameter: name, detail: problem });
  }
  if (problems.length > 0) throw new InvalidParameterError(problems, 'One or more query parameters are not valid.');
  return { options, variant: variantOf(options) };
}

/** Sets one option from its text; the reason it is refused otherwise. */
function readOption(options: SvgOptions, name: string, raw: string): string | undefined {
  switch (name) {
    case 'theme':
      if (raw !== 'light' && raw !== 'dark') return 'theme must be light or dark.';
      options.theme = raw;
      return undefined;
    case 'background':
      if (raw !== 'transparent') return 'background must be transparent (leave it out for an opaque background).';
      options.background = 'transparent';
      return undefined;
    case 'width': {
      const width = wholeNumber(raw, SVG_WIDTH_RANGE.min, SVG_WIDTH_RANGE.max);
      if (width === undefined) return `width must be a whole number of pixels from ${SVG_WIDTH_RANGE.min} to ${SVG_WIDTH_RANGE.max}.`;
      options.width = width;
      return undefined;
    }
    case 'limit': {
      const limit = wholeNumber(raw, 1, MAX_LIMIT);
      if (limit === undefined) return `limit must be a whole number from 1 to ${MAX_LIMIT}.`;
      options.limit = limit;
      return undefined;
    }
    case 'rounds': {
      const [fromText, toText, ...rest] = raw.split('-');
      const from = wholeNumber(fromText ?? '', 1, MAX_ROUND);
      const to = toText === undefined ? undefined : wholeNumber(toText, 1, MAX_ROUND);
      if (rest.length > 0 || from === undefined || to === undefined || from > to) return `rounds must be from-to, two round numbers from 1 to ${MAX_ROUND}, the first not above the second (rounds=3-5).`;
      options.rounds = { from, to };
      return undefined;
    }
  }
  return undefined;
}

/** The canonical spelling of the options that differ from the defaults; empty for the default image. */
export function variantOf(options: SvgOptions): string {
  const parts: string[] = [];
  if (options.theme !== 'light') parts.push(options.theme);
  if (options.background !== 'opaque') parts.push(options.background);
  if (options.rounds) parts.push(`r${options.rounds.from}-${options.rounds.to}`);
  if (options.width !== undefined) parts.push(`w${options.width}`);
  if (options.limit !== undefined) parts.push(`l${options.limit}`);
  return parts.join('.');
}
