import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the participants module raises; registered on import by its Nest module and its OpenAPI file. */
export const PARTICIPANTS_PROBLEM_KINDS = registerProblemKinds({
  participant_name_taken: { status: 409, title: 'Participant name taken' },
  seed_taken: { status: 409, title: 'Seed taken' },
  external_id_taken: { status: 409, title: 'External id taken' },
  tournament_full: { status: 409, title: 'Tournament full' },
  participants_locked: { status: 409, title: 'Participants locked' },
  participant_withdrawn: { status: 409, title: 'Participant withdrawn' },
  participant_not_withdrawn: { status: 409, title: 'Participant not withdrawn' },
  check_in_closed: { status: 409, title: 'Check-in closed' },
  seeding_closed: { status: 409, title: 'Seeding closed' },
});
