import fc from 'fast-check';
import { countingIds, randomReport, seededRandom, someParticipants } from '../testing/play-out';
import { bracketReached } from './bracket-reached';
import { generateMatches } from '../play/generation';
import { FormatSettings, Match, participantsOf, SeededParticipant } from '../match/match';
import { StandingRow } from '../ranking/ranking';
import { TournamentPlay } from '../play/tournament-play';
import { Feeder, feedersOf } from '../withdrawals/withdrawals';

/**
 * Issue 45: elimination brackets (single, with or without a third-place match, and double) of 2–128 players, with
 * players leaving at random points of random play (before their first match, holding a bye, after a forfeit win, in
 * the losers' bracket, before the grand final or its reset) and some coming back. After every step the bracket must
 * be one a reader can follow: every filled slot earned by its completed feeder, every decided match won by someone
 * unless void, nobody sent on by a void match, and the table ranked by the documented rule; and play always ends.
 */
const now = new Date('2026-05-01T18:00:00.000Z');


const loserOf = (match: Match) => match.opponents.find((opponent) => opponent.participantId !== match.winnerId)?.participantId ?? null;

/** Who a completed feeder sends into the slot: its winner, or the loser of a played match; null: nobody. */
function sentBy({ from, takes }: Feeder): string | null {
  if (takes === 'winner') return from.winnerId;
  return from.outcome === null ? loserOf(from) : null;
}

/** A failed check, with what was expected: plain throws, since jest's expect would make each of many thousand steps slow. */
function must(holds: boolean, what: string, ...context: unknown[]): void {
  if (!holds) throw new Error(`${what}: ${JSON.stringify(context)}`);
}

function checkBracket(matches: Match[], starting: ReadonlyMap<number, Match>, gone: ReadonlySet<string>): void {
  const feeders = feedersOf(matches);
  for (const match of matches) {
    const ids = match.opponents.map((opponent) => opponent.participantId);
    if (match.status === 'completed') {
      must((match.winnerId === null) === (match.outcome === 'void'), 'a decided match has a winner unless it is void', match);
      must(match.winnerId === null || ids.includes(match.winnerId), 'the winner is one of its opponents', match);
      must(match.outcome !== 'void' || match.opponents.every((opponent) => opponent.result === null), 'a void match records no result', match);
      const loser = loserOf(match);
      must(match.outcome !== 'forfeit' || loser === null || gone.has(loser), 'a forfeit is lost by someone who left', match);
      must(match.outcome !== null || ids.every((id) => id !== null), 'a played match has both opponents', match);
    } else {
      must(ids.every((id) => id === null || !gone.has(id)), 'an open match shows nobody who left', match);
      must(match.status !== 'ready' || ids.every((id) => id !== null), 'a ready match has both opponents', match);
    }
    match.opponents.forEach(({ participantId }, slot) => {
      const feeder = feeders.get(`${match.id}:${slot}`);
      if (!feeder) {
        // A seed's slot: the participant seeded there, or nobody once they left holding their bye.
        must(participantId === null || participantId === starting.get(match.number)!.opponents[slot].participantId, 'a seed slot holds its seed', match);
        return;
      }
      const sent = feeder.from.status === 'completed' ? sentBy(feeder) : null;
      if (participantId !== null) {
        // Every filled slot comes from a completed feeder: its winner, or a played match's loser.
        must(feeder.from.status === 'completed' && participantId === sent, 'a filled slot is earned by its completed feeder', slot, feeder.from, match);
      } else if (match.status === 'completed') {
        // An empty slot in a decided match: its feeder sent nobody (void, or a forfeit's loser).
        must(feeder.from.status === 'completed' && sent === null, 'an empty slot of a decided match: its feeder sent nobody', slot, feeder.from, match);
      } else {
        // Sent here and not shown: only someone who left.
        must(sent === null || gone.has(sent), 'a slot shows whom its feeder sent, unless they left', slot, feeder.from, match);
      }
    });
  }
}

function checkStandings(play: TournamentPlay, field: SeededParticipant[], gone: ReadonlySet<string>, format: FormatSettings['format']): StandingRow[] {
  const matches = play.all();
  const rows = play.standings();
  must(rows.length === field.length, 'a row for everyone');
  const value = (row: StandingRow, name: string) => row.tiebreakers.find((tiebreaker) => tiebreaker.name === name)?.value;
  // In contention first; in double elimination those without a loss first among them; then by the stage reached,
  // then still in before out; equal keys share a rank (1, 1, 3).
  const keys = (row: StandingRow) => {
    const undefeated = value(row, 'undefeated');
    return [value(row, 'in_contention') ? 1 : 0, undefeated === true ? 1 : 0, value(row, 'stage_reached') as number, value(row, 'still_in') ? 1 : 0];
  };
  const compare = (a: number[], b: number[]) => a.findIndex((x, i) => x !== b[i]);
  rows.forEach((row, index) => {
    must((value(row, 'stage_reached') as number) >= 1, 'everyone has reached a stage', row);
    must(value(row, 'undefeated') === undefined || value(row, 'undefeated') === null || value(row, 'in_contention') === true, 'undefeated only said of those in contention', row);
    if (index === 0) return must(row.rank === 1, 'the first row is ranked 1');
    const previous = keys(rows[index - 1]);
    const current = keys(row);
    const differs = compare(previous, current);
    must(differs < 0 || previous[differs] > current[differs], 'rows by contention, no loss, stage, then still in', rows[index - 1], row);
    must(row.rank === (differs < 0 ? rows[index - 1].rank : index + 1), 'equal keys share a rank', rows[index - 1], row);
  });
  // Issue 42: one still in who has not lost is never ranked below one who has lost (a 0–1 player is below one who
  // has not played yet, not above).
  const lowestUnbeaten = Math.max(0, ...rows.filter((row) => value(row, 'still_in') === true && row.losses === 0).map((row) => row.rank));
  for (const row of rows) if (row.losses > 0) must(row.rank > lowestUnbeaten, 'no one who lost at or above one still in who has not', row, lowestUnbeaten);
  const reached = bracketReached(format, matches, field);
  const firstRound = format === 'single_elimination' ? 'round 1' : 'winners round 1';
  const listedIn = new Map<string, Match[]>();
  for (const match of matches) for (const id of participantsOf(match)) listedIn.set(id, [...(listedIn.get(id) ?? []), match]);
  for (const row of rows) {
    const id = row.participantId;
    const stage = value(row, 'stage_reached');
    const stillIn = value(row, 'still_in');
    const inMatches = listedIn.get(id) ?? [];
    must(reached.has(id), 'where each got to, in words', id);
    if (inMatches.length === 0) {
      // Left holding a bye, before playing: out in round 1, like a round-1 forfeit.
      must(gone.has(id) && stage === 1 && !stillIn && reached.get(id) === firstRound, 'one in no match left holding a bye: out in round 1', row);
    }
    // Whoever left is out, unless they already won a match that sends nobody on (a final, a third-place match).
    const wonItsLast = inMatches.some((match) => match.winnerId === id && match.nextMatchId === null);
    must(!gone.has(id) || wonItsLast || !stillIn, 'one who left is not still in', row);
  }
  return rows;
}

/** When play is over: first is the winner of the deciding match, second its loser when it had one. */
function checkFinalRanks(matches: Match[], rows: StandingRow[], format: FormatSettings['format']): void {
  const deciding =
    format === 'single_elimination'
      ? matches.find((match) => match.bracket === 'main' && match.nextMatchId === null)!
      : matches.filter((match) => match.bracket === 'grand_final').sort((a, b) => b.round - a.round)[0];
  const rankOf = (id: string) => rows.find((row) => row.participantId === id)!.rank;
  if (deciding.winnerId === null) return;
  must(rankOf(deciding.winnerId) === 1 && rows.filter((row) => row.rank === 1).length === 1, 'the winner of the deciding match is first, alone', deciding);
  const loser = loserOf(deciding);
  must(loser === null || rankOf(loser) === 2, 'its loser is second', deciding);
}

/** Players who may leave now, grouped by the points of play the issue names; one group is picked, then one of it. */
function leavers(matches: Match[], starting: Match[], active: string[]): string[][] {
  const listed = (id: string, where: (match: Match) => boolean) => matches.some((match) => where(match) && participantsOf(match).includes(id));
  const open = (match: Match) => match.status !== 'completed';
  const seededInRoundOne = new Set(starting.filter((match) => match.round === 1 && match.bracket !== 'losers').flatMap(participantsOf));
  return [
    active,
    active.filter((id) => !listed(id, (match) => match.status === 'completed')),
    active.filter((id) => !seededInRoundOne.has(id) && !listed(id, (match) => match.status === 'completed')),
    active.filter((id) => listed(id, (match) => match.outcome === 'forfeit' && match.winnerId === id)),
    active.filter((id) => listed(id, (match) => open(match) && match.bracket === 'losers')),
    active.filter((id) => listed(id, (match) => open(match) && match.bracket === 'grand_final')),
    active.filter((id) => listed(id, (match) => open(match) && match.nextMatchId === null)),
  ].filter((group) => group.length > 0);
}

describe('withdrawals in elimination brackets (issue 45)', () => {
  it('keep every slot earned, every decided match won unless void, the table by its rule, and play ending', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('single_elimination' as const, 'double_elimination' as const),
        fc.oneof(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 13, max: 40 }), fc.integer({ min: 41, max: 128 })),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (format, count, thirdPlaceMatch, seed) => {
          const random = seededRandom(seed);
          const settings: FormatSettings = { format, rounds: null, thirdPlaceMatch: format === 'single_elimination' && thirdPlaceMatch };
          const field = someParticipants(count);
          const newId = countingIds();
          const generated = generateMatches(settings, field, newId, now);
          const starting = new Map(generated.map((match) => [match.number, match]));
          const play = new TournamentPlay(settings, field, generated, newId);
          const gone = new Set<string>();
          // Some players leave early, some late: the chance a step is a withdrawal is drawn per tournament.
          const leaving = 0.03 + random() * 0.12;
          for (let steps = 0; !play.isComplete(); steps++) {
            if (steps > 2_000) throw new Error('no end in sight');
            const roll = random();
            const active = field.map((participant) => participant.id).filter((id) => !gone.has(id));
            const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
            if (roll < leaving && active.length > 0) {
              const who = pick(pick(leavers(play.all(), generated, active)));
              const afterMatchNumber = Math.max(...play.all().map((match) => match.number));
              play.withdraw(who, { reason: random() < 0.5 ? 'withdrawn' : 'disqualified', voidResults: false, forfeitScore: null, afterMatchNumber }, now);
              gone.add(who);
            } else if (roll < leaving + 0.02 && gone.size > 0) {
              const back = pick([...gone]);
              try {
                play.reinstate(back, now);
                gone.delete(back);
              } catch (error) {
                expect(error).toMatchObject({ code: 'dependent_matches_reported' });
              }
            } else {
              const ready = play.all().filter((match) => match.status === 'ready');
              if (ready.length === 0) throw new Error('stuck: nothing ready before the end');
              const match = pick(ready);
              play.report(match.id, randomReport(settings, match, random), { resetDependents: false, tournamentCompleted: false, now });
            }
            checkBracket(play.all(), starting, gone);
            checkStandings(play, field, gone, format);
          }
          checkFinalRanks(play.all(), checkStandings(play, field, gone, format), format);
        },
      ),
      { numRuns: 80 },
    );
  });
});
