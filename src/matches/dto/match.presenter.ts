import { etagFor } from '../../platform/http/etag';
import { wireInstantOrNull as instant } from '../../platform/http/wire-instant';
import { isBye } from '../../competition';
import { placeholderOf, presentSource } from './stage-source.presenter';
import { MatchRecord } from '../domain/match.repository';
import type { Entrants, ReportResult } from '../matches.service';
import { presentStandingRow } from './standing-row.presenter';

/** The wire form of a match (spec §12); each opponent carries its participant's name and seed. */
export function presentMatch(match: MatchRecord, entrants: Entrants) {
  return {
    id: match.id,
    tournament_id: match.tournamentId,
    number: match.number,
    round: match.round,
    bracket: match.bracket,
    stage: match.stage,
    group: match.group,
    status: match.status,
    opponents: match.opponents.map((opponent) => {
      const entrant = opponent.participantId === null ? undefined : entrants.get(opponent.participantId);
      return {
        participant_id: opponent.participantId,
        name: entrant?.name ?? null,
        seed: entrant?.seed ?? null,
        score: opponent.score,
        rank: opponent.rank,
        result: opponent.result,
        // A later stage's slot (issue 40): where its participant comes from, readable while it waits.
        ...(opponent.source ? { source: presentSource(opponent.source), placeholder: placeholderOf(opponent.source) } : {}),
      };
    }),
    winner_id: match.winnerId,
    home_participant_id: match.homeParticipantId,
    outcome: match.status !== 'completed' ? null : (match.outcome ?? match.reportedOutcome ?? (isBye(match) ? 'bye' : 'played')),
    games: match.games.map((game) => ({ scores: game.scores, winner_id: game.winnerId })),
    // Issue 40: what settled level scores in a knockout match.
    decider: match.decider === null ? null : { method: match.decider.method, scores: match.decider.scores },
    next_match_id: match.nextMatchId,
    loser_next_match_id: match.loserNextMatchId,
    scheduled_at: instant(match.scheduledAt),
    ends_at: instant(match.endsAt),
    station_id: match.stationId,
    pinned: match.pinnedAt !== null,
    completed_at: instant(match.completedAt),
    created_at: instant(match.createdAt),
    updated_at: instant(match.updatedAt),
    version: match.version,
  };
}

export function matchEtag(match: MatchRecord): string {
  return etagFor(match.version);
}

const reference = (match: MatchRecord) => ({ id: match.id, number: match.number });

/** The answer to `?dry_run=true`: what the report would change, and the standings it would give. */
export function presentPreview(result: ReportResult) {
  const present = (match: MatchRecord) => presentMatch(match, result.entrants);
  return {
    dry_run: true,
    match: present(result.match),
    changed_matches: result.changed.map(present),
    created_matches: result.created.map(present),
    deleted_matches: result.deleted.map(reference),
    cleared_matches: result.cleared.map(reference),
    tournament_completes: result.tournamentCompleted,
    tournament_reopens: result.tournamentReopened,
    standings: result.standings.map(presentStandingRow),
  };
}
