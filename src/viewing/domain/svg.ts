import { BracketSection, drawnAsBracket, layOut } from './bracket-layout';
import { DEFAULT_SVG_OPTIONS, SvgOptions } from './svg-options';
import { DEFAULT_GRID_WIDTH, groupTablesSvg, tablesPerRow } from './group-tables-svg';
import { layOutStages } from './stage-layout';
import { escapeXml } from './xml-text';
import { deciderText, formatLabel, gamesText, OUTCOME_LABELS, STAGE_STATUS_LABELS, STATUS_LABELS, TournamentView, ViewMatch, ViewOpponent } from './tournament-view';

/*
 * The bracket and the standings as SVG images, for overlays and READMEs. Pure functions of the view: the same state
 * gives the same bytes. Compact on purpose (a 1 024-player double elimination has some 2 000 matches): one shared
 * box shape, coordinates in whole pixels, one path for every connecting line, styles in one <style> block.
 * Long names are squeezed into their box (textLength), never cut, so the image holds every name in full.
 * A staged tournament is drawn stage by stage (stagedSvg); a tournament of one format is drawn as it always was.
 */

export { escapeXml };

const COLUMN_WIDTH = 220;
const COLUMN_GAP = 40;
const LINE_HEIGHT = 20;
const MATCH_GAP = 12;
const SECTION_TITLE = 34;
const MARGIN = 16;
const HEADER = 56;
const SCORE_WIDTH = 40;

/** Each theme's colours: text, muted text, box fill, lines, background. Both keep text at 7:1 or more on its box. */
const THEMES = {
  light: { text: '#1a1a1a', muted: '#6a6a6a', box: '#fff', line: '#8a8a8a', background: '#fff' },
  dark: { text: '#f0f0f0', muted: '#b4b4b4', box: '#1f1f1f', line: '#8a8a8a', background: '#121212' },
} as const;

function style(theme: SvgOptions['theme']): string {
  const colours = THEMES[theme];
  return (
    `text{font:13px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:${colours.text};unicode-bidi:plaintext}` +
    `tspan,.s{text-anchor:end}.n{text-anchor:start}.h{font-size:18px;font-weight:600}.t{font-weight:600}.w{font-weight:700}.p{fill:${colours.muted}}` +
    `.b{fill:${colours.box};stroke:${colours.line}}.l{fill:none;stroke:${colours.line}}`
  );
}

/** Names longer than this are squeezed into their box (textLength), never cut: the image holds them in full. */
const LONG_NAME = 24;
const NAME_WIDTH = COLUMN_WIDTH - SCORE_WIDTH - 12;
const TWO_LINE_BOX = LINE_HEIGHT * 2 + 4;

function boxHeight(match: ViewMatch): number {
  return LINE_HEIGHT * Math.max(2, match.opponents.length) + 4;
}

/** One line per opponent: its name (or TBD) and, right-aligned in a tspan, its score or rank. */
function opponentLines(match: ViewMatch, top: number, lines: string[]): void {
  // A series' games, an outcome not played out and a decider are the match's title: a tooltip where the image is shown.
  const about = [
    match.outcome === null ? '' : (OUTCOME_LABELS[match.outcome] ?? match.outcome),
    match.games.length === 0 ? '' : `games ${gamesText(match)}`,
    deciderText(match) ?? '',
  ].filter(Boolean);
  if (about.length > 0) lines.push(`<g><title>${escapeXml(`Match ${match.number}: ${about.join(', ')}`)}</title>`);
  match.opponents.forEach((opponent: ViewOpponent, index) => {
    const y = top + LINE_HEIGHT * (index + 1) - 4;
    const mark = opponent.score ?? opponent.rank;
    const score = mark === null ? '' : `<tspan x="${COLUMN_WIDTH - 16}">${mark}</tspan>`;
    if (opponent.name === null) {
      lines.push(`<text y="${y}" class="p">${opponent.placeholder === undefined ? 'TBD' : escapeXml(opponent.placeholder)}${score}</text>`);
      return;
    }
    const name = escapeXml(opponent.name);
    const text = opponent.name.length > LONG_NAME ? `<tspan class="n" textLength="${NAME_WIDTH}" lengthAdjust="spacingAndGlyphs">${name}</tspan>` : name;
    lines.push(`<text y="${y}"${opponent.result === 'win' ? ' class="w"' : ''}>${text}${score}</text>`);
  });
  if (about.length > 0) lines.push('</g>');
}

interface Placed {
  top: number;
  height: number;
  x: number;
}

/** Elimination columns spread their matches evenly (a match sits between the two it follows); round columns stack. */
function placeColumn(matches: ViewMatch[], spread: boolean, height: number): number[] {
  if (spread) return matches.map((match, index) => Math.round(((index + 0.5) * height) / matches.length - boxHeight(match) / 2));
  const tops: number[] = [];
  let top = 0;
  for (const match of matches) {
    tops.push(top);
    top += boxHeight(match) + MATCH_GAP;
  }
  return tops;
}

function columnHeight(matches: ViewMatch[]): number {
  return matches.reduce((sum, match) => sum + boxHeight(match) + MATCH_GAP, 0);
}

/**
 * A spread column's boxes are evenly spaced: one rectangle filled with a pattern of one box per period draws them
 * all (a 1 024-player bracket has some 2 000 boxes). Other columns draw a box per match.
 */
function columnBoxes(id: string, matches: ViewMatch[], tops: number[], spread: boolean, height: number, contentTop: number): { defs: string; boxes: string } {
  const uniform = spread && matches.length > 1 && matches.every((match) => boxHeight(match) === TWO_LINE_BOX);
  if (!uniform) {
    const boxes = matches
      .map((match, index) =>
        boxHeight(match) === TWO_LINE_BOX ? `<use href="#m" y="${contentTop + tops[index]}"/>` : `<rect class="b" width="${COLUMN_WIDTH}" height="${boxHeight(match)}" y="${contentTop + tops[index]}"/>`,
      )
      .join('');
    return { defs: '', boxes };
  }
  const period = height / matches.length;
  const offset = period / 2 - TWO_LINE_BOX / 2;
  const defs = `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${COLUMN_WIDTH + 1}" height="${round2(period)}" y="${contentTop}"><rect class="b" x="0.5" y="${round2(offset)}" width="${COLUMN_WIDTH - 1}" height="${TWO_LINE_BOX}" rx="3"/></pattern>`;
  return { defs, boxes: `<rect width="${COLUMN_WIDTH + 1}" height="${Math.ceil(height)}" y="${contentTop}" fill="url(#${id})"/>` };
}

/**
 * The lines between two spread columns as one periodic pattern, when the bracket is regular there: each pair of
 * matches feeds the next column's match between them (the next column has half as many), or each match feeds the one
 * beside it (as many). Anything else (byes, drop-ins) is drawn line by line.
 */
function connectorPattern(id: string, from: ViewMatch[], to: ViewMatch[], height: number, x: number, contentTop: number): { defs: string } | undefined {
  if (from.length < 2 || ![from, to].every((column) => column.every((match) => boxHeight(match) === TWO_LINE_BOX))) return undefined;
  const halving = to.length * 2 === from.length && from.every((match, index) => match.nextNumber === to[index >> 1].number);
  const straight = to.length === from.length && from.every((match, index) => match.nextNumber === to[index].number);
  if (!halving && !straight) return undefined;
  const slot = height / from.length;
  const lines = halving
    ? `M0 ${round2(slot / 2)}h${COLUMN_GAP / 2}V${round2(slot * 1.5)}h${-COLUMN_GAP / 2}M${COLUMN_GAP / 2} ${round2(slot)}h${COLUMN_GAP / 2}`
    : `M0 ${round2(slot / 2)}h${COLUMN_GAP}`;
  const period = round2(halving ? slot * 2 : slot);
  return { defs: `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${COLUMN_GAP}" height="${period}" x="${x}" y="${contentTop}"><path class="l" d="${lines}"/></pattern>` };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function sectionSvg(section: BracketSection, spread: boolean, top: number): { svg: string; defs: string; height: number; width: number } {
  const height = Math.max(TWO_LINE_BOX, ...section.rounds.map((round) => columnHeight(round.matches)));
  const placed = new Map<number, Placed>();
  let body = `<text x="${MARGIN}" y="${top + 22}" class="t">${escapeXml(section.title)}</text>`;
  let defs = '';
  const contentTop = top + SECTION_TITLE + 18;
  section.rounds.forEach((round, column) => {
    const x = MARGIN + column * (COLUMN_WIDTH + COLUMN_GAP);
    const tops = placeColumn(round.matches, spread, height);
    const drawn = columnBoxes(`p-${round.key}`, round.matches, tops, spread, height, contentTop);
    defs += drawn.defs;
    // Built as a list and joined once: one flat string instead of thousands of concatenations.
    const lines: string[] = [];
    round.matches.forEach((match, index) => {
      placed.set(match.number, { top: contentTop + tops[index], height: boxHeight(match), x });
      opponentLines(match, contentTop + tops[index], lines);
    });
    body += `<g transform="translate(${x} 0)"><text y="${contentTop - 8}" class="p">${escapeXml(round.title)}</text>${drawn.boxes}<g transform="translate(8 0)">${lines.join('')}</g></g>`;
  });
  const path: string[] = [];
  section.rounds.forEach((round, column) => {
    const next = section.rounds[column + 1];
    const gapX = MARGIN + column * (COLUMN_WIDTH + COLUMN_GAP) + COLUMN_WIDTH;
    const regular = spread && next ? connectorPattern(`c-${round.key}`, round.matches, next.matches, height, gapX, contentTop) : undefined;
    if (regular) {
      defs += regular.defs;
      body += `<rect x="${gapX}" y="${contentTop}" width="${COLUMN_GAP}" height="${Math.ceil(height)}" fill="url(#c-${round.key})"/>`;
      return;
    }
    for (const match of round.matches) {
      const from = placed.get(match.number);
      const to = match.nextNumber === null ? undefined : placed.get(match.nextNumber);
      if (!from || !to || to.x <= from.x) continue;
      const fromY = from.top + Math.round(from.height / 2);
      const toY = to.top + Math.round(to.height / 2);
      path.push(`M${from.x + COLUMN_WIDTH} ${fromY}h${COLUMN_GAP / 2}V${toY}h${COLUMN_GAP / 2}`);
    }
  });
  if (path.length > 0) body += `<path class="l" d="${path.join('')}"/>`;
  return { svg: body, defs, height: SECTION_TITLE + 18 + height, width: sectionWidth(section) };
}

function sectionWidth(section: BracketSection): number {
  return MARGIN * 2 + section.rounds.length * (COLUMN_WIDTH + COLUMN_GAP) - COLUMN_GAP;
}

function header(view: TournamentView): string {
  const subtitle = `${formatLabel(view.format)} · ${STATUS_LABELS[view.status]}`;
  return `<text x="${MARGIN}" y="28" class="h">${escapeXml(view.name)}</text><text x="${MARGIN}" y="48" class="p">${escapeXml(subtitle)}</text>`;
}

/** The drawing is `width` × `height` user units; `options.width` scales the image to that many pixels wide. */
function document(options: SvgOptions, width: number, height: number, title: string, body: string, defs = ''): string {
  const shownWidth = options.width ?? width;
  const shownHeight = options.width === undefined ? height : Math.max(1, Math.round((height * options.width) / width));
  const background = options.background === 'transparent' ? '' : `<rect width="100%" height="100%" fill="${THEMES[options.theme].background}"/>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${shownWidth}" height="${shownHeight}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">` +
    `<title>${escapeXml(title)}</title><style>${style(options.theme)}</style>` +
    `<defs><rect id="m" class="b" width="${COLUMN_WIDTH}" height="${TWO_LINE_BOX}" rx="3"/>${defs}</defs>` +
    `${background}${body}</svg>\n`
  );
}

/** Each side's rounds `from` to `to` (1-based, by position in the side); sides left with no round are not drawn. */
function roundsShown(sections: BracketSection[], rounds: SvgOptions['rounds']): BracketSection[] {
  if (!rounds) return sections;
  return sections.map((section) => ({ ...section, rounds: section.rounds.slice(rounds.from - 1, rounds.to) })).filter((section) => section.rounds.length > 0);
}

/** The tournament's bracket (elimination) or its rounds (the other formats), with every name and every score. */
export function bracketSvg(view: TournamentView, options: SvgOptions = DEFAULT_SVG_OPTIONS): string {
  if (view.stages !== null && view.matches.length > 0) return stagedSvg(view, options);
  const spread = drawnAsBracket(view);
  let top = HEADER;
  let width = 360;
  let body = header(view);
  let defs = '';
  const all = layOut(view);
  const sections = roundsShown(all, options.rounds);
  if (sections.length === 0) {
    const empty = all.length > 0 ? 'No round in this range.' : view.status === 'cancelled' ? 'This tournament was cancelled before play began.' : 'The matches appear when the tournament starts.';
    body += `<text x="${MARGIN}" y="${top + 24}">${empty}</text>`;
    top += 40;
  }
  for (const section of sections) {
    const drawn = sectionSvg(section, spread, top);
    body += drawn.svg;
    defs += drawn.defs;
    top += drawn.height;
    width = Math.max(width, drawn.width);
  }
  return document(options, width, top + MARGIN, `${view.name}: bracket`, body, defs);
}

const STAGE_TITLE = 56;

/**
 * A staged tournament (issue 40), stage by stage under each stage's name and status: a round-based stage as its
 * groups' tables, an elimination stage as its brackets (`rounds` applies to these; their placeholders shown as the
 * page shows them). Drawn from the page's stage layout, so the image and the page agree.
 */
function stagedSvg(view: TournamentView, options: SvgOptions): string {
  let top = HEADER;
  let width = 360;
  let body = header(view);
  let defs = '';
  const stages = layOutStages(view).map((stage) => ({ ...stage, brackets: stage.brackets && roundsShown(stage.brackets, options.rounds) }));
  // The groups' grid takes 4 tables a row, or as many as the width asked for holds; more when a bracket is wider.
  const widestBracket = Math.max(0, ...stages.flatMap((stage) => (stage.brackets ?? []).map(sectionWidth)));
  const room = Math.max(widestBracket, options.width ?? MARGIN * 2 + DEFAULT_GRID_WIDTH) - MARGIN * 2;
  for (const stage of stages) {
    body += `<text x="${MARGIN}" y="${top + 28}" class="h">${escapeXml(stage.name)}</text><text x="${MARGIN}" y="${top + 48}" class="p">${STAGE_STATUS_LABELS[stage.status]}</text>`;
    top += STAGE_TITLE;
    if (stage.brackets === null) {
      const tables = groupTablesSvg(stage.groups, tablesPerRow(stage.groups.length, room), MARGIN, top);
      body += tables.svg;
      top += tables.height;
      width = Math.max(width, MARGIN * 2 + tables.width);
      continue;
    }
    if (stage.brackets.length === 0) {
      body += `<text x="${MARGIN}" y="${top + 24}">No round in this range.</text>`;
      top += 40;
    }
    for (const section of stage.brackets) {
      const drawn = sectionSvg(section, true, top);
      body += drawn.svg;
      defs += drawn.defs;
      top += drawn.height;
      width = Math.max(width, drawn.width);
    }
  }
  return document(options, width, top + MARGIN, `${view.name}: bracket`, body, defs);
}

const STANDINGS_COLUMNS = [
  { title: '#', x: 36, value: (row: TournamentView['standings'][number]) => String(row.rank) },
  { title: 'P', x: 330, value: (row: TournamentView['standings'][number]) => String(row.played) },
  { title: 'W', x: 370, value: (row: TournamentView['standings'][number]) => String(row.wins) },
  { title: 'D', x: 410, value: (row: TournamentView['standings'][number]) => String(row.draws) },
  { title: 'L', x: 450, value: (row: TournamentView['standings'][number]) => String(row.losses) },
  { title: 'Pts', x: 500, value: (row: TournamentView['standings'][number]) => String(row.points) },
];
const ROW_HEIGHT = 24;

/** The standings table: rank, name, played, wins, draws, losses, points; the first `options.limit` rows when set. */
export function standingsSvg(view: TournamentView, options: SvgOptions = DEFAULT_SVG_OPTIONS): string {
  const width = 520;
  let body = header(view);
  let y = HEADER + 30;
  body += `<text x="48" y="${y}" class="t">Name</text>`;
  for (const column of STANDINGS_COLUMNS) body += `<text x="${column.x}" y="${y}" class="t s">${column.title}</text>`;
  let names = '';
  for (const row of options.limit === undefined ? view.standings : view.standings.slice(0, options.limit)) {
    y += ROW_HEIGHT;
    const squeeze = [...row.name].length > 30 ? ' textLength="250" lengthAdjust="spacingAndGlyphs"' : '';
    names += `<text y="${y}"${squeeze}>${escapeXml(row.name)}</text>`;
    for (const column of STANDINGS_COLUMNS) body += `<text x="${column.x}" y="${y}" class="s">${column.value(row)}</text>`;
  }
  if (view.standings.length === 0) {
    y += ROW_HEIGHT;
    names += `<text y="${y}" class="p">No participants yet.</text>`;
  }
  body += `<g transform="translate(48 0)">${names}</g>`;
  return document(options, width, y + MARGIN, `${view.name}: standings`, body);
}
