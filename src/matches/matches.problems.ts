import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the matches module raises; registered on import by its Nest module and its OpenAPI file; each `guide` is its row on /docs. */
export const MATCHES_PROBLEM_KINDS = registerProblemKinds({
  not_enough_participants: {
    status: 409,
    title: 'Not enough participants',
    guide: 'A tournament needs at least 2 participants to start (its matches are generated then). Add participants, then retry.',
  },
  match_not_ready: {
    status: 409,
    title: 'Match not ready',
    guide: 'The match cannot take a result: an opponent is not known yet (`status` is `pending`), it is a bye, or the tournament is cancelled. Report the matches before it first.',
  },
  dependent_matches_reported: {
    status: 409,
    title: 'Dependent matches reported',
    guide: 'Matches that depend on this result (`dependent_matches`) are already reported. Send `?reset_dependents=true` to clear them too (preview with `?dry_run=true`); in a completed tournament that reopens it. A withdrawal can no longer be taken back once matches depending on it are reported.',
  },
  matches_pending: {
    status: 409,
    title: 'Matches pending',
    guide: 'Matches still have no result (`open_matches`); a tournament with matches completes by itself when the last one is reported. Report them, or cancel the tournament.',
  },
  tournament_completed: {
    status: 409,
    title: 'Tournament completed',
    guide: 'The correction leaves matches to play in a completed tournament (a grand-final reset, or a final that was a forfeit), which reopens it. Send `?reset_dependents=true` to accept that (preview with `?dry_run=true`).',
  },
  tournament_not_running: {
    status: 409,
    title: 'Tournament not running',
    guide: 'Withdrawals and reinstatements happen while the tournament is `in_progress`. Before the start, remove the participant (DELETE); a completed or cancelled tournament keeps its field.',
  },
  draw_not_allowed: {
    status: 422,
    title: 'Draw not allowed',
    guide: 'Draws exist only in `round_robin` and `swiss`. Send unequal scores, or `winner_id` with equal scores (a free-for-all needs distinct ranks).',
  },
  too_many_stations: {
    status: 422,
    title: 'Too many stations',
    guide: 'A tournament has at most 256 stations (tables, courts, boards). Delete one you no longer use before adding another.',
  },
  schedule_conflict: {
    status: 409,
    title: 'Schedule conflict',
    guide: 'The pin would break a rule of the schedule against a fixed match (another pin, a match being played) or its station’s time: `conflicts` names each rule and the other match. Pick another time or station; `GET …/schedule/conflicts` suggests the earliest slot.',
  },
  groups_not_fillable: {
    status: 409,
    title: 'Groups cannot be filled',
    guide: 'A staged tournament cannot start: a participant has no group (manual seeding), a group has fewer than 2, or a group is too small for its `advance`. `participants` and `groups` name them (docs/stages.md).',
  },
  stage_not_awaiting_decision: {
    status: 409,
    title: 'Stage not awaiting a decision',
    guide: 'The stage is not waiting for a decision: only rows tied across a cut, once the stage’s last match is in, are decided by the organiser.',
  },
  decision_rows_not_tied: {
    status: 422,
    title: 'Decision rows not tied',
    guide: 'A decision must order exactly the rows tied across the cut, in the group that waits (`GET …/stages/{key}` shows them under `awaiting_decision`).',
  },
});
