/**
 * What a committed result asks for: its tournament's table published soon (standings.changed). The StandingsRefresher
 * does it in the app; a service spec gives its own.
 */
export abstract class StandingsPublisher {
  abstract wake(): void;
}
