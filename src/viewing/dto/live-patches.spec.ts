import { FormatSettings } from '../../competition/match/match';
import { generateMatches } from '../../competition/play/generation';
import { TournamentPlay } from '../../competition/play/tournament-play';
import { countingIds, randomReport, ReadySet, seededRandom, someParticipants } from '../../competition/testing/play-out';
import { buildTournamentView } from '../domain/view-builder';
import { TournamentView } from '../domain/tournament-view';
import { updateMessage } from '../live-views';
import { changedParts, LivePart, LivePatch, ViewerPages } from './viewer-pages';

const BUDGET_BYTES = 8 * 1024;

/** A tournament played result by result with the real formats engine: `next()` reports one more and gives the view. */
function aTournamentInPlay(format: FormatSettings['format'], count: number, seed = 5) {
  const settings: FormatSettings = { format, rounds: null };
  const participants = someParticipants(count);
  const newId = countingIds();
  const now = new Date('2026-05-01T18:00:00.000Z');
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const ready = new ReadySet(play.all());
  const random = seededRandom(seed);
  const field = participants.map((participant, index) => ({ id: participant.id, name: `Player number ${index + 1}`, seed: participant.seed, finalRank: null }));
  const view = (): TournamentView =>
    buildTournamentView({ name: 'Big cup', description: null, game: 'Chess', format, status: 'in_progress', startsAt: null, rounds: null }, field, play.all(), play.standings());
  return {
    view,
    next(): TournamentView {
      const match = ready.pick(random)!;
      const changes = play.report(match.id, randomReport(settings, match, random), { resetDependents: false, tournamentCompleted: false, now });
      ready.update(changes.updated, changes.created, changes.deleted);
      return view();
    },
  };
}

/** The live script's work on a page held as nested id lists: swaps leave the order alone, moves change it. */
function applyMoves(order: string[], patches: LivePatch[]): string[] {
  const moves = patches.filter((patch) => patch.parent !== undefined);
  const rows = order.filter((id) => !moves.some((move) => move.id === id));
  for (const move of moves) rows.splice(move.before === null ? rows.length : rows.indexOf(move.before!), 0, move.id);
  return rows;
}

/** The live script's ranks: each row's is the place where its run of ties (`data-tie`) starts. */
function ranksWorkedOut(rows: LivePart[]): string[] {
  let rank = 0;
  return rows.map((row, index) => {
    if (!row.html.includes(' data-tie>')) rank = index + 1;
    return String(rank);
  });
}

function rowsOf(parts: LivePart[]): string[] {
  return parts.find((part) => part.id === 'v-standings')!.children!.map((row) => row.id);
}

describe('live patches', () => {
  const pages = new ViewerPages();

  it.each(['single_elimination', 'double_elimination'] as const)('of one result on a 1 024-player %s stay within 8 KB, and bring the standings to the new order', (format) => {
    const cup = aTournamentInPlay(format, 1024);
    for (let played = 0; played < 600; played++) cup.next();
    let before = pages.tournament(cup.view());
    let largest = 0;
    for (let result = 0; result < 8; result++) {
      const after = pages.tournament(cup.next());
      const patches = changedParts(before.parts, after.parts);
      const message = updateMessage('e1-state', patches);
      const bytes = message.frame.plain.length;
      largest = Math.max(largest, bytes);
      expect(patches.map((patch) => patch.id)).not.toContain('v-standings');
      expect(patches.map((patch) => patch.id)).not.toContain('v-sections');
      expect(applyMoves(rowsOf(before.parts), patches)).toEqual(rowsOf(after.parts));
      const rows = after.parts.find((part) => part.id === 'v-standings')!.children!;
      expect(ranksWorkedOut(rows)).toEqual(rows.map((row) => /<td class="rank">(\d+)<\/td>/.exec(row.html)![1]));
      before = after;
    }
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(BUDGET_BYTES);
    // The whole page, for scale: what a viewer that reconnects gets once.
    expect(before.content.length).toBeGreaterThan(50 * BUDGET_BYTES);
  });

  it('swap matches by their ids, with their own markup only', () => {
    const cup = aTournamentInPlay('single_elimination', 16);
    const before = pages.tournament(cup.view());
    const patches = changedParts(before.parts, pages.tournament(cup.next()).parts);
    const matches = patches.filter((patch) => patch.id.startsWith('v-m-'));
    expect(matches.length).toBeGreaterThanOrEqual(1);
    for (const match of matches) {
      expect(match.html).toMatch(new RegExp(`^<li id="${match.id}" class="match`));
      expect(match.html.endsWith('</li>')).toBe(true);
    }
  });
});
