import type { Station } from '../domain/schedule/station';

export function presentStation(station: Station) {
  return {
    id: station.id,
    tournament_id: station.tournamentId,
    name: station.name,
    available: station.available === null ? null : station.available.map((span) => ({ from: span.from.toISOString(), to: span.to.toISOString() })),
    created_at: station.createdAt.toISOString(),
    updated_at: station.updatedAt.toISOString(),
  };
}
