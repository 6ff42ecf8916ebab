import { generateMatches } from '../../competition';
import { Match } from '../../competition';
import { stageStatuses } from '../../competition';
import { TournamentPlay } from '../../competition';
import { countingIds, someParticipants } from '../../competition';
import { seeded, settingsOf } from '../../matches';
import { stageViews } from '../../matches';
import type { FieldEntry } from '../../participants';
import { aTournament } from '../../tournaments';
import { TournamentView } from '../domain/tournament-view';
import { buildTournamentView } from '../domain/view-builder';

/** Two groups of four, the top two of each on to a four-player knockout (issue 40's small shape). */
export const GROUPS_THEN_KNOCKOUT = [
  { key: 'groups', name: 'Group stage', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
  { key: 'knockout', name: 'Knockout', format: 'single_elimination' },
];

/**
 * A staged tournament played by the real engine and read through the same stage views as `GET …/standings?stage=`:
 * `play(n)` reports the next n group or knockout matches that are ready (the better seed wins, 2–1), `view()` gives
 * the viewer's view of it now.
 */
export function aStagedTournament(stages: object[] = GROUPS_THEN_KNOCKOUT, count = 8) {
  const tournament = aTournament({ name: 'Staged cup', format: 'multi_stage', stages: stages as never, status: 'in_progress' });
  const participants = someParticipants(count);
  const field: FieldEntry[] = participants.map((participant, index) => ({
    id: participant.id,
    seed: participant.seed,
    name: `Team ${index + 1}`,
    nameKey: `team ${index + 1}`,
    externalId: null,
    status: 'active',
    checkedInAt: null,
    finalRank: null,
    group: null,
  }));
  const settings = settingsOf(tournament);
  const newId = countingIds();
  const now = new Date('2026-05-01T18:00:00.000Z');
  const play = new TournamentPlay(settings, seeded(field), generateMatches(settings, seeded(field), newId, now), newId);
  const seeds = new Map(participants.map((participant) => [participant.id, participant.seed!]));
  let complete = false;

  const view = (): TournamentView => {
    const matches: Match[] = play.all();
    const statuses = stageStatuses(tournament.stages!, matches, complete);
    tournament.stages = tournament.stages!.map((stage, index) => ({ ...stage, status: statuses[index] }));
    const stagesNow = stageViews(tournament, field, matches);
    const facts = { name: tournament.name, description: null, game: null, format: tournament.format, status: tournament.status, startsAt: null, rounds: null };
    return buildTournamentView(facts, field.map(({ id, name, seed }) => ({ id, name, seed, finalRank: null })), matches, play.standings(), stagesNow);
  };

  /** Reports up to `count` ready matches in number order; the better seed wins 2–1. */
  const report = (count = Infinity): TournamentView => {
    for (let reported = 0; reported < count; reported++) {
      const match = play
        .all()
        .filter((one) => one.status === 'ready')
        .sort((a, b) => a.number - b.number)[0];
      if (!match) break;
      const [a, b] = match.opponents.map((opponent) => seeds.get(opponent.participantId!)!);
      const changes = play.report(match.id, { scores: a < b ? [2, 1] : [1, 2] }, { resetDependents: false, tournamentCompleted: false, now });
      complete = changes.complete;
    }
    return view();
  };
  return { view, report };
}
