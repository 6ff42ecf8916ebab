import type { GroupPanel } from './stage-layout';
import { escapeXml } from './xml-text';

/*
 * A round-based stage's groups in the bracket image (issue 40): one compact table per group (rank, name, played,
 * points), in a grid. The rows come ranked from the stage's view, as `GET …/standings?stage=` ranks them: drawn in
 * that order, never ranked again here. Uses the classes of svg.ts's one <style> block.
 */

const TABLE_WIDTH = 232;
const TABLE_GAP = 24;
const TITLE = 24;
const ROW = 20;
const PADDING = 8;
/** Names longer than this are squeezed into the name column (textLength), never cut. */
const LONG_NAME = 18;
const NAME_WIDTH = 136;
/** Where each column's text ends (rank, played, points: right-aligned), or the name starts. */
const RANK_END = 22;
const NAME_START = 30;
const PLAYED_END = 188;
const POINTS_END = 222;
const MOST_PER_ROW = 8;
/** The grid's width at the default size: 4 tables a row, as wide as a 16-team bracket. */
export const DEFAULT_GRID_WIDTH = 4 * (TABLE_WIDTH + TABLE_GAP) - TABLE_GAP;

/**
 * How many tables a grid row holds: as many as fit unscaled in `room` units (1 to 8), the rows then balanced (8 groups
 * at most 6 a row are two rows of 4, not 6 and 2).
 */
export function tablesPerRow(groups: number, room: number): number {
  const most = Math.min(MOST_PER_ROW, Math.max(1, Math.floor((room + TABLE_GAP) / (TABLE_WIDTH + TABLE_GAP))));
  const rows = Math.ceil(groups / most);
  return Math.max(1, Math.ceil(groups / rows));
}

function tableSvg(group: GroupPanel): { svg: string; height: number } {
  let body = `<text y="${TITLE - 8}" class="t">${escapeXml(group.title)}</text>`;
  if (group.rows.length === 0) {
    body += `<text y="${TITLE + ROW - 4}" class="p">The table fills in when the qualifiers are known.</text>`;
    return { svg: body, height: TITLE + ROW + PADDING };
  }
  const boxHeight = ROW * (group.rows.length + 1) + PADDING;
  body += `<rect class="b" width="${TABLE_WIDTH}" height="${boxHeight}" y="${TITLE}" rx="3"/>`;
  let y = TITLE + ROW - 2;
  body += `<text x="${RANK_END}" y="${y}" class="t s">#</text><text x="${NAME_START}" y="${y}" class="t">Name</text>`;
  body += `<text x="${PLAYED_END}" y="${y}" class="t s">P</text><text x="${POINTS_END}" y="${y}" class="t s">Pts</text>`;
  for (const row of group.rows) {
    y += ROW;
    const squeeze = [...row.name].length > LONG_NAME ? ` textLength="${NAME_WIDTH}" lengthAdjust="spacingAndGlyphs"` : '';
    body += `<text x="${RANK_END}" y="${y}" class="s">${row.rank}</text><text x="${NAME_START}" y="${y}"${squeeze}>${escapeXml(row.name)}</text>`;
    body += `<text x="${PLAYED_END}" y="${y}" class="s">${row.played}</text><text x="${POINTS_END}" y="${y}" class="s">${row.points}</text>`;
  }
  return { svg: body, height: TITLE + boxHeight + PADDING };
}

/** The groups' tables, `perRow` to a row, from (`left`, `top`); its width and height for the image's size. */
export function groupTablesSvg(groups: GroupPanel[], perRow: number, left: number, top: number): { svg: string; width: number; height: number } {
  let svg = '';
  let y = top;
  for (let first = 0; first < groups.length; first += perRow) {
    const tables = groups.slice(first, first + perRow).map(tableSvg);
    tables.forEach((table, column) => {
      svg += `<g transform="translate(${left + column * (TABLE_WIDTH + TABLE_GAP)} ${y})">${table.svg}</g>`;
    });
    y += Math.max(...tables.map((table) => table.height)) + TABLE_GAP / 2;
  }
  const columns = Math.min(perRow, groups.length);
  return { svg, width: columns * (TABLE_WIDTH + TABLE_GAP) - TABLE_GAP, height: y - top };
}
