import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the participants module raises; registered on import by its Nest module and its OpenAPI file; each `guide` is its row on /docs. */
export const PARTICIPANTS_PROBLEM_KINDS = registerProblemKinds({
  participant_name_taken: {
    status: 409,
    title: 'Participant name taken',
    guide: 'Another participant of this tournament already has this name (compared ignoring case, look-alike and invisible characters). Choose another name, or update the existing participant.',
  },
  seed_taken: {
    status: 409,
    title: 'Seed taken',
    guide: 'Another participant of this tournament already has this seed. Choose a free seed, or clear the other participant’s seed first.',
  },
  external_id_taken: {
    status: 409,
    title: 'External id taken',
    guide: 'Another participant of this tournament already has this `external_id`. Look that participant up instead of adding a second one.',
  },
  tournament_full: {
    status: 409,
    title: 'Tournament full',
    guide: 'The tournament is at its `max_participants`, or at its format’s limit (8 192 for elimination and swiss, 1 024 for free-for-all, 256 for round robin, 181 home and away), or the batch would pass it; `participant_count` and `max_participants` say how many places are taken. Remove participants or raise the cap.',
  },
  participants_locked: {
    status: 409,
    title: 'Participants locked',
    guide: 'The tournament is `in_progress` or later: participants can no longer be added or removed (their `name` and `metadata` can still change).',
  },
  participant_withdrawn: {
    status: 409,
    title: 'Participant withdrawn',
    guide: 'The participant already withdrew or was disqualified (`participant_status` says which). To change how they left, reinstate them (POST …/reinstate) and withdraw them again.',
  },
  participant_not_withdrawn: {
    status: 409,
    title: 'Participant not withdrawn',
    guide: 'The participant is active: there is no withdrawal to take back.',
  },
  check_in_closed: {
    status: 409,
    title: 'Check-in closed',
    guide: 'Check-in happens before the tournament starts, inside its window (`check_in_opens_at` … `check_in_closes_at`, both echoed in the problem). Wait for it to open, or ask the organiser to move it.',
  },
  seeding_closed: {
    status: 409,
    title: 'Seeding closed',
    guide: 'A whole field is seeded (POST …/participants/seed) only while the tournament is a `draft` (its status is echoed as `current_status`). Move it back to draft first (registration_open → draft), or set single seeds with PATCH before the start.',
  },
});
