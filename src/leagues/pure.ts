/**
 * The part of the leagues module's public API that a worker thread may load: plain computation, no framework. The
 * matches module's task table (`matches/match-work.ts`) replays ratings in a worker; importing the index there would
 * load every Nest module below leagues into each thread.
 */
export { computeRatings, continueRatings } from './domain/ratings/rating-engine';
