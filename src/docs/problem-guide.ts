/**
 * For every code in the problem catalogue: when it happens and what to do.
 * Rendered on /docs under `id="problem-<code>"`, where each problem's `type`
 * URI points, in the order /docs lists them. The codes come from every module's
 * `*.problems.ts`; a test fails when a registered code has no entry here (or the reverse).
 */
export const PROBLEM_GUIDE: Record<string, string> = {
  malformed_request:
    'The body is not valid JSON, its Content-Length is wrong, or a header such as `Idempotency-Key` is malformed. Fix the request; retrying it unchanged will fail again.',
  invalid_parameter:
    'A query parameter is unknown, out of range or malformed, or `cursor` was not issued for this query. `errors` names each parameter; fix them, or start again from the first page.',
  unauthenticated: 'No API token was sent. Send it as `Authorization: Bearer <API_TOKEN>` (not in the query string or body).',
  invalid_token:
    'The token is unknown, mistyped, revoked or replaced by a newer one. Use your current token, or generate a new one on the account settings page.',
  subscription_required:
    'The token is valid but its account is not (or no longer) on the premium plan. Subscribe to premium on the account settings page, then retry.',
  not_found:
    'Nothing lives at this path for you: the id does not exist, belongs to another account, or is not a UUID (or the path itself is unknown). Check the id.',
  method_not_allowed: 'The path exists but not with this HTTP method. The `Allow` header lists the methods it accepts.',
  request_timeout: 'The request line, headers or body did not arrive in time and the connection was closed. Check the network and retry.',
  invalid_state_transition:
    'The requested `status` cannot be reached from the current one (or the current status forbids the operation). `allowed_transitions` lists the statuses you can move to now.',
  field_locked:
    'The tournament is `in_progress` or later: only its `name`, `description`, `metadata` and `status` may still change, and only a participant’s `name` and `metadata`. `locked_fields` names the others; leave them out of the patch.',
  league_not_empty:
    'The league still has tournaments, and nothing is deleted implicitly. Delete them or set their `league_id` to `null` first, then retry.',
  league_closed: 'The league is `completed` or `archived`; tournaments can join only `draft` or `active` leagues. Choose another league or none.',
  idempotency_key_in_use:
    'An earlier request with this `Idempotency-Key` is still being processed. Wait a moment and retry with the same key and body to get its result.',
  email_taken: 'An account with this email address already exists (sign-up and the admin command line). Sign in, or use another address.',
  participant_name_taken:
    'Another participant of this tournament already has this name (compared ignoring case, look-alike and invisible characters). Choose another name, or update the existing participant.',
  seed_taken: 'Another participant of this tournament already has this seed. Choose a free seed, or clear the other participant’s seed first.',
  external_id_taken:
    'Another participant of this tournament already has this `external_id`. Look that participant up instead of adding a second one.',
  tournament_full:
    'The tournament is at its `max_participants`, or at its format’s limit (8 192 for elimination and swiss, 1 024 for free-for-all, 256 for round robin, 181 home and away), or the batch would pass it; `participant_count` and `max_participants` say how many places are taken. Remove participants or raise the cap.',
  participants_locked:
    'The tournament is `in_progress` or later: participants can no longer be added or removed (their `name` and `metadata` can still change).',
  not_enough_participants: 'A tournament needs at least 2 participants to start (its matches are generated then). Add participants, then retry.',
  match_not_ready:
    'The match cannot take a result: an opponent is not known yet (`status` is `pending`), it is a bye, or the tournament is cancelled. Report the matches before it first.',
  dependent_matches_reported:
    'Matches that depend on this result (`dependent_matches`) are already reported. Send `?reset_dependents=true` to clear them too (preview with `?dry_run=true`); in a completed tournament that reopens it. A withdrawal can no longer be taken back once matches depending on it are reported.',
  matches_pending:
    'Matches still have no result (`open_matches`); a tournament with matches completes by itself when the last one is reported. Report them, or cancel the tournament.',
  tournament_completed:
    'The correction leaves matches to play in a completed tournament (a grand-final reset, or a final that was a forfeit), which reopens it. Send `?reset_dependents=true` to accept that (preview with `?dry_run=true`).',
  participant_withdrawn:
    'The participant already withdrew or was disqualified (`participant_status` says which). To change how they left, reinstate them (POST …/reinstate) and withdraw them again.',
  participant_not_withdrawn: 'The participant is active: there is no withdrawal to take back.',
  tournament_not_running:
    'Withdrawals and reinstatements happen while the tournament is `in_progress`. Before the start, remove the participant (DELETE); a completed or cancelled tournament keeps its field.',
  check_in_closed:
    'Check-in happens before the tournament starts, inside its window (`check_in_opens_at` … `check_in_closes_at`, both echoed in the problem). Wait for it to open, or ask the organiser to move it.',
  league_not_rated:
    'The league has no `rating` setting, so it has no ratings to show or to seed by. PATCH the league with `{"rating": {"model": "openskill"}}` (or `glicko2`, `elo`); its ratings are then computed from every result already in.',
  seeding_closed:
    'A whole field is seeded (POST …/participants/seed) only while the tournament is a `draft` (its status is echoed as `current_status`). Move it back to draft first (registration_open → draft), or set single seeds with PATCH before the start.',
  conflict: 'The request clashes with the current state of the resource, for example a concurrent change. Read the resource again and retry.',
  not_shared:
    'The tournament or league is `private`: it has no share link to rotate. PATCH `visibility` to `unlisted` to create one.',
  precondition_failed:
    'The `If-Match` ETag is no longer current: someone changed the resource since you read it. GET it again, re-apply your change, and retry with the new ETag.',
  payload_too_large: 'The body is larger than 64 KiB (512 KiB on bulk endpoints). Send a smaller body, or split a bulk request.',
  unsupported_media_type:
    'A POST or PATCH body was sent without `Content-Type: application/json` (PATCH also accepts `application/merge-patch+json`). Set the header.',
  request_header_fields_too_large:
    'The request line (the URL) and headers together exceed 16 KiB. Shorten the URL or the headers; ids and filters never need that much.',
  validation_failed:
    'The body breaks a rule: a missing, unknown or read-only field, a value out of range, an unknown time zone, an end before a start, or a league that is not yours. `errors` lists every field by JSON Pointer.',
  idempotency_key_reused:
    'This `Idempotency-Key` was used in the last 24 hours with a different body. Use a new key for a new request.',
  too_many_stations:
    'A tournament has at most 256 stations (tables, courts, boards). Delete one you no longer use before adding another.',
  schedule_conflict:
    'The pin would break a rule of the schedule against a fixed match (another pin, a match being played) or its station’s time: `conflicts` names each rule and the other match. Pick another time or station; `GET …/schedule/conflicts` suggests the earliest slot.',
  draw_not_allowed:
    'Draws exist only in `round_robin` and `swiss`. Send unequal scores, or `winner_id` with equal scores (a free-for-all needs distinct ranks).',
  rate_limited:
    'Your account (or, without a valid token, your address) has used up its requests for this minute. Wait for the number of seconds in `Retry-After`.',
  too_many_concurrent:
    'Your account already has as many large operations in progress as it may (`limit`): starting a tournament, a correction with `reset_dependents`, a bulk registration. Wait for the number of seconds in `Retry-After`, or for one of them to finish.',
  not_acceptable:
    'The event stream answers only `text/event-stream`: send `Accept: text/event-stream` (or no `Accept` header) on `GET /api/v1/events/stream`.',
  events_expired:
    'Events before `oldest_available_after` + 1 are older than the retention period (`EVENTS_RETENTION_DAYS`, 30 days by default) and were deleted. Re-read the resources you follow, then read the feed again with `after` set to `oldest_available_after`.',
  event_streams_exceeded:
    'Your account already holds the most event streams it may keep open (`EVENT_STREAMS_PER_ACCOUNT`, 10 by default). Close one (or share one stream between your clients), then retry after `Retry-After` seconds.',
  viewer_streams_exceeded:
    'Your address already has as many live viewer streams open as it may (`scope`: `address`, `PUBLIC_STREAMS_PER_ADDRESS`, 20 by default), or the server holds as many as it takes (`scope`: `instance`, `PUBLIC_STREAMS_PER_INSTANCE`). Close a page or tab that follows a share link, or retry after `Retry-After` seconds; the page itself works without its live stream.',
  webhook_limit_reached: 'An account can have at most 20 webhook endpoints. Delete one you no longer use (or point one at a new URL with PATCH), then retry.',
  webhook_disabled:
    'The webhook endpoint is disabled (`disabled_reason` says why: 410 Gone, 5 days of failures, or `enabled: false`). PATCH it with `"enabled": true`, then retry; POST …/replay re-sends what it missed.',
  webhook_queue_full:
    'The webhook endpoint already has 10 000 deliveries waiting (`limit`), the most a replay or test message may add to. Wait until its deliveries list shows them sent (or fix the receiver), then replay from the last sequence it got.',
  internal_error: 'Something failed on our side; the body deliberately says nothing more. Retry later, and quote `request_id` if you report it.',
  service_unavailable:
    'The service cannot reach its database right now (or is starting or stopping). Retry after the number of seconds in `Retry-After`.',
};
