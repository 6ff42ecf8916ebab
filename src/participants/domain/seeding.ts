/*
 * Seeding a whole field in one request (issue 43): by name, at random (reproducibly, from a `random_seed`), or by
 * a league's ratings. Pure: the order only, from the participants and what the caller read for them.
 */
import { competitorOf } from '../../leagues';
import { PARTICIPANT_LIMITS } from './participant';
import { FieldEntry } from './participant.repository';
import { seededRandom } from '../../kernel/seeded-random';

export const SEEDING_ORDERS = ['rating', 'random', 'name'] as const;
export type SeedingOrder = (typeof SEEDING_ORDERS)[number];

/** The largest `random_seed`: any 32-bit unsigned number. */
export const MAX_RANDOM_SEED = 0xffff_ffff;

export interface SeedRequest {
  by: SeedingOrder;
  /** `rating` only: the league whose ratings order the field. */
  leagueId?: string;
  /** `random` only: repeats a shuffle; a fresh one is drawn when absent. */
  randomSeed?: number;
  /** Only shows the order; nothing is written. */
  dryRun: boolean;
}

/** A field in its new seeding order, with each participant's seed before and after. */
export interface Seeding {
  by: SeedingOrder;
  leagueId: string | null;
  randomSeed: number | null;
  dryRun: boolean;
  order: { participantId: string; name: string; externalId: string | null; previousSeed: number | null; seed: number | null }[];
}

export type SeedingEntry = Pick<FieldEntry, 'id' | 'name' | 'nameKey' | 'externalId' | 'seed'>;

/** What seeding by rating knows of a player: their place in the league's ratings table (0 is the best). */
export type RatedPlaces = ReadonlyMap<string, number>;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By name as uniqueness compares names (ignoring case), then by id: two names never tie, but ids keep it total. */
export function byName(entries: readonly SeedingEntry[]): SeedingEntry[] {
  return [...entries].sort((a, b) => compareText(a.nameKey, b.nameKey) || compareText(a.id, b.id));
}

/**
 * A shuffle that the same `randomSeed` repeats over the same field: Fisher–Yates over the field in id order
 * (registration order), drawing from mulberry32.
 */
export function byRandom(entries: readonly SeedingEntry[], randomSeed: number): SeedingEntry[] {
  const order = [...entries].sort((a, b) => compareText(a.id, b.id));
  const next = seededRandom(randomSeed);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The key that joins a participant to a league's players: the league table's (external_id, else the name without case). */
export function competitorKey(entry: Pick<SeedingEntry, 'externalId' | 'name'>): string {
  return competitorOf(entry).key;
}

/** Rated players by their place in the league's table; the unrated after them, by name. */
export function byRating(entries: readonly SeedingEntry[], places: RatedPlaces, keyOf: (entry: SeedingEntry) => string): SeedingEntry[] {
  const rated: [SeedingEntry, number][] = [];
  const unrated: SeedingEntry[] = [];
  for (const entry of entries) {
    const place = places.get(keyOf(entry));
    if (place === undefined) unrated.push(entry);
    else rated.push([entry, place]);
  }
  rated.sort(([a, placeA], [b, placeB]) => placeA - placeB || compareText(a.nameKey, b.nameKey) || compareText(a.id, b.id));
  return [...rated.map(([entry]) => entry), ...byName(unrated)];
}

/** Seeds 1, 2, … in the order given; past the highest seed a participant may hold, unseeded. */
export function seedsInOrder(order: readonly SeedingEntry[]): Map<string, number | null> {
  return new Map(order.map((entry, index) => [entry.id, index < PARTICIPANT_LIMITS.maxSeed ? index + 1 : null]));
}
