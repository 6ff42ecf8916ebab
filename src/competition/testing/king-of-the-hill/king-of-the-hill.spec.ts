import { InvalidError } from '../../../kernel/domain-error';
import { Tournament, TournamentFormat } from '../../../tournaments/domain/tournament';
import { formatCatalog } from '../../formats/registry';
import type { FormatSettings } from '../../match/match';
import { effectiveRules } from '../../rules/competition-rules';
import { playOut, seededRandom, someParticipants } from '../play-out';
import { kingOfTheHillEntry } from './king-of-the-hill';

/** A sixth format registers from its own folder: nothing else in the service changes for it to be created and played. */
describe('a format registered in the catalog (king_of_the_hill, test-only)', () => {
  const format = 'king_of_the_hill' as TournamentFormat;
  beforeAll(() => {
    if (!formatCatalog.has(format)) formatCatalog.register(kingOfTheHillEntry);
  });

  it('is listed by the catalog, after the built-in formats', () => {
    expect(formatCatalog.names()).toEqual(['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all', 'multi_stage', 'king_of_the_hill']);
    expect(formatCatalog.entry(format).label).toBe('King of the hill');
  });

  it('is a tournament format whose settings the tournament checks against its entry', () => {
    const tournament = Tournament.create('account', { name: 'Hill', format });
    expect(tournament.format).toBe(format);
    expect(() => Tournament.create('account', { name: 'Hill', format, rounds: 3 })).toThrow(InvalidError);
    expect(() => Tournament.create('account', { name: 'Hill', format, thirdPlaceMatch: true })).toThrow(InvalidError);
    const problems = (() => {
      try {
        Tournament.create('account', { name: 'Hill', format, tiebreakers: ['buchholz'] });
      } catch (error) {
        return (error as InvalidError).fieldProblems;
      }
      return [];
    })();
    expect(problems).toEqual([{ pointer: '/tiebreakers/0', detail: 'buchholz does not fit king_of_the_hill; it is for swiss.' }]);
    expect(() => Tournament.create('account', { name: 'Hill', format, maxParticipants: 65 })).toThrow(InvalidError);
  });

  it('is played through to its standings by the shared engine', () => {
    const rules = effectiveRules(format, { points: null, tiebreakers: null, legs: null });
    const settings = { format, rounds: null, rules } as FormatSettings;
    const participants = someParticipants(5);
    const { play } = playOut(settings, participants, seededRandom(7), (match) => ({ winnerId: match.opponents[0].participantId, scores: [2, 1] }) as never);
    expect(play.isComplete()).toBe(true);
    const standings = play.standings();
    expect(standings[0].participantId).toBe(participants[0].id);
    expect(standings[0].wins).toBe(4);
  });
});
