import { FormatSettings, Match } from '../match/match';
import { generateMatches } from '../play/generation';
import { durationsBy, MatchMinutes, scheduleMatchesOf } from '../schedule/schedule-input';
import { ScheduleMatch, ScheduleStation } from '../schedule/schedule';
import { Span } from '../schedule/intervals';
import { countingIds, someParticipants } from './play-out';

export type ScheduleFamily = 'single_elimination' | 'double_elimination' | 'round_robin' | 'round_robin_two_legs' | 'swiss';

const now = new Date('2026-05-01T18:00:00.000Z');

/**
 * A tournament's open matches at its start, as the scheduler's input. Swiss pairs one round at a time, so its
 * later rounds are added as placeholders: each waits for every match of the round before (anyone may be paired).
 */
export function scheduleTournament(family: ScheduleFamily, count: number, minutes: MatchMinutes = 30): ScheduleMatch[] {
  const settings: FormatSettings =
    family === 'round_robin_two_legs'
      ? { format: 'round_robin', rounds: null, rules: { points: { win: 3, draw: 1, loss: 0 }, tiebreakers: [], legs: 2 } }
      : { format: family, rounds: null };
  const matches: Match[] = generateMatches(settings, someParticipants(count), countingIds(), now);
  const bracket = family === 'single_elimination' || family === 'double_elimination';
  const scheduled = scheduleMatchesOf(matches, durationsBy(matches, minutes, bracket));
  if (family !== 'swiss') return scheduled;
  const rounds = Math.max(1, Math.ceil(Math.log2(count)));
  let previous = scheduled.map((match) => match.id);
  let order = Math.max(...scheduled.map((match) => match.order));
  const duration = scheduled[0].durationMs;
  for (let round = 2; round <= rounds; round++) {
    const ids = Array.from({ length: Math.floor(count / 2) }, (_, index) => `r${round}m${index + 1}`);
    for (const id of ids) scheduled.push({ id, order: ++order, durationMs: duration, participants: [], feeders: previous, fixed: null, previous: null });
    previous = ids;
  }
  return scheduled;
}

export function someStations(count: number, available: Span[] | null = null): ScheduleStation[] {
  return Array.from({ length: count }, (_, index) => ({ id: `table-${String(index + 1).padStart(2, '0')}`, available }));
}

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
