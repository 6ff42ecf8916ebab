import { placeholderOf } from '../../competition';
import { totalsOf } from '../../leagues';
import { formatOf } from '../../competition';
import { Match } from '../../competition';
import type { StandingRow } from '../../competition';
import type { StageSettings } from '../../competition';
import { LeagueTableRow, LeagueTournamentView, LeagueRatingView, LeagueView, TournamentView, ViewMatch, ViewStage, ViewStandingRow } from './tournament-view';

/** What the view needs of a tournament: its public fields only. */
export interface TournamentFacts extends Pick<TournamentView, 'name' | 'description' | 'game' | 'format' | 'status' | 'startsAt'> {
  rounds: number | null;
}

export interface ParticipantFacts {
  id: string;
  name: string;
  seed: number | null;
  finalRank: number | null;
}

/** A match with its stored schedule (issue 41), when it has one. */
export type ScheduledMatch = Match & { scheduledAt?: Date | null; endsAt?: Date | null; stationId?: string | null };

/** A station as the view needs it: its id (to find it, never shown) and its name. */
export interface StationFacts {
  id: string;
  name: string;
}

/** Matches carry participant ids; the view carries names and seeds instead (and the next match by number, the station by place). */
function viewMatches(matches: ScheduledMatch[], byId: Map<string, ParticipantFacts & { entrant: number }>, stations: ReadonlyMap<string, number>): ViewMatch[] {
  const numbers = new Map(matches.map((match) => [match.id, match.number]));
  return matches.map((match) => ({
    number: match.number,
    round: match.round,
    bracket: match.bracket,
    status: match.status,
    opponents: match.opponents.map((opponent) => {
      const participant = opponent.participantId === null ? undefined : byId.get(opponent.participantId);
      const shown = { name: participant?.name ?? null, seed: participant?.seed ?? null, score: opponent.score, rank: opponent.rank, result: opponent.result, entrant: participant?.entrant ?? null };
      return opponent.source ? { ...shown, placeholder: placeholderOf(opponent.source) } : shown;
    }),
    nextNumber: match.nextMatchId === null ? null : (numbers.get(match.nextMatchId) ?? null),
    stage: match.stage,
    group: match.group,
    // By opponent index rather than participant id: the view holds no ids.
    games: match.games.map((game) => ({ scores: game.scores, winner: game.winnerId === null ? null : match.opponents.findIndex((opponent) => opponent.participantId === game.winnerId) })),
    outcome: match.status === 'completed' ? (match.outcome ?? match.reportedOutcome) : null,
    decider: match.decider === null ? null : { method: match.decider.method, scores: match.decider.scores },
    scheduledAt: match.scheduledAt ?? null,
    endsAt: match.scheduledAt ? (match.endsAt ?? match.scheduledAt) : null,
    station: match.stationId ? (stations.get(match.stationId) ?? null) : null,
  }));
}

/**
 * A stage as the stages' read model gives it (StagesService's `stageViews`, the one that serves
 * `GET …/standings?stage=`): its settings and each group's table, already ranked (organiser decisions included).
 */
export interface StageFacts {
  stage: Pick<StageSettings, 'key' | 'name' | 'format' | 'status' | 'rounds'>;
  groups: { label: string; table: StandingRow[] }[];
}

type Entrants = Map<string, ParticipantFacts & { entrant: number }>;

/** A table row by name and seed; `key` is the participant's place in the field (rows past the field follow it). */
function viewRow(row: StandingRow & { reached?: string | null }, byId: Entrants, fallbackKey: number): ViewStandingRow {
  const participant = byId.get(row.participantId);
  return {
    rank: row.rank,
    name: participant?.name ?? '',
    seed: participant?.seed ?? null,
    key: participant?.entrant ?? fallbackKey,
    entrant: participant?.entrant ?? null,
    ...totalsOf(row),
    ...(row.gamesWon === undefined ? {} : { gamesWon: row.gamesWon, gamesLost: row.gamesLost }),
    tiebreakers: row.tiebreakers.map(({ name, value }) => ({ name, value: name === 'stage_reached' && row.reached ? row.reached : value })),
  };
}

function viewStages(stages: StageFacts[], byId: Entrants, fieldSize: number): ViewStage[] {
  return stages.map(({ stage, groups }) => ({
    key: stage.key,
    name: stage.name,
    format: stage.format,
    status: stage.status,
    rounds: stage.rounds,
    groups: groups.map((group) => ({ label: group.label, rows: group.table.map((row, index) => viewRow(row, byId, fieldSize + index)) })),
  }));
}

function plannedRounds(tournament: TournamentFacts, participantCount: number): number | null {
  return formatOf(tournament.format).roundsToPlay({ rounds: tournament.rounds }, participantCount);
}

export function buildTournamentView(
  tournament: TournamentFacts,
  field: ParticipantFacts[],
  matches: ScheduledMatch[],
  standings: (StandingRow & { reached?: string | null })[],
  stages: StageFacts[] | null = null,
  stations: StationFacts[] = [],
): TournamentView {
  // Only what the view shows: a spread would copy every field the caller's participants carry.
  const byId: Entrants = new Map(field.map(({ id, name, seed, finalRank }, entrant) => [id, { id, name, seed, finalRank, entrant }]));
  const stationPlaces = new Map(stations.map((station, index) => [station.id, index]));
  return {
    name: tournament.name,
    description: tournament.description,
    game: tournament.game,
    format: tournament.format,
    status: tournament.status,
    startsAt: tournament.startsAt,
    plannedRounds: plannedRounds(tournament, field.length),
    entrants: field.map(({ name, seed, finalRank }) => ({ name, seed, finalRank })),
    matches: viewMatches([...matches].sort((a, b) => a.number - b.number), byId, stationPlaces),
    stations: stations.map((station) => station.name),
    standings: standings.map((row, index) => viewRow(row, byId, field.length + index)),
    stages: stages && viewStages(stages, byId, field.length),
  };
}

export interface LeagueFacts {
  name: string;
  description: string | null;
  game: string | null;
  season: string | null;
  status: string;
}

/**
 * The league's tournaments and a table across its completed ones. Participants are matched across tournaments by
 * name (ignoring case), the one thing a viewer can see of them; the table ranks by wins, then podiums, then best rank.
 * Only tournaments that are shared themselves are listed (name, podium); the others count in the table and in the
 * totals, unnamed.
 */
export function buildLeagueView(
  league: LeagueFacts,
  tournaments: { facts: TournamentFacts; field: ParticipantFacts[]; shared: boolean }[],
  ratings: LeagueRatingView[] | null = null,
): LeagueView {
  const all: (LeagueTournamentView & { shared: boolean })[] = tournaments.map(({ facts, field, shared }) => ({
    shared,
    name: facts.name,
    format: facts.format,
    status: facts.status,
    startsAt: facts.startsAt,
    placings:
      facts.status === 'completed'
        ? field
            .filter((participant) => participant.finalRank !== null)
            .map((participant) => ({ rank: participant.finalRank!, name: participant.name }))
            .sort((a, b) => a.rank - b.rank || compareText(a.name, b.name))
        : [],
  }));
  const rows = new Map<string, Omit<LeagueTableRow, 'rank'>>();
  for (const tournament of all) {
    for (const placing of tournament.placings) {
      const key = placing.name.toLowerCase();
      const row = rows.get(key) ?? { name: placing.name, tournaments: 0, wins: 0, podiums: 0, bestRank: placing.rank };
      row.tournaments++;
      if (placing.rank === 1) row.wins++;
      if (placing.rank <= 3) row.podiums++;
      row.bestRank = Math.min(row.bestRank, placing.rank);
      rows.set(key, row);
    }
  }
  const sorted = [...rows.values()].sort((a, b) => b.wins - a.wins || b.podiums - a.podiums || a.bestRank - b.bestRank || compareText(a.name, b.name));
  const table: LeagueTableRow[] = [];
  sorted.forEach((row, index) => {
    const previous = table[index - 1];
    const tied = previous && previous.wins === row.wins && previous.podiums === row.podiums && previous.bestRank === row.bestRank;
    table.push({ ...row, rank: tied ? previous.rank : index + 1 });
  });
  const unshared = all.filter((tournament) => !tournament.shared);
  return {
    name: league.name,
    description: league.description,
    game: league.game,
    season: league.season,
    status: league.status,
    tournaments: all.filter((tournament) => tournament.shared).map(({ shared: _shared, ...tournament }) => tournament),
    unshared: { count: unshared.length, completed: unshared.filter((tournament) => tournament.status === 'completed').length },
    table,
    ratings,
  };
}

/** Code-point order: the same on every machine, so the output stays byte-identical. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
