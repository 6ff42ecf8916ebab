import { randomUUID } from 'node:crypto';
import { NewParticipant, Participant } from '../domain/participant';

/** A participant for tests: `aParticipant({ seed: 1 })`; its own account and tournament unless given. */
export function aParticipant(
  overrides: Partial<NewParticipant> & { accountId?: string; tournamentId?: string; createdAt?: Date } = {},
): Participant {
  const { accountId = randomUUID(), tournamentId = randomUUID(), createdAt = new Date(), ...fields } = overrides;
  return Participant.create(accountId, tournamentId, { name: `Player ${randomUUID().slice(0, 8)}`, ...fields }, createdAt);
}
