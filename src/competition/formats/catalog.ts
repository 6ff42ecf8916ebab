/*
 * The formats a tournament may be played in, and what the rest of the service asks of each: its name, the largest
 * field it starts with, the settings it accepts, its ranking rules, its label, and its strategy (format.ts). The
 * tournaments module validates settings against it, the OpenAPI document lists its names, viewing labels with it,
 * and play looks a format's strategy up in it by name. A format is its folder plus one registration line
 * (registry.ts); nothing outside the folders and the catalog branches on a format's name.
 */
import type { RoundName } from '../rules/best-of';
import type { PointsRule, TiebreakerName } from '../rules/competition-rules';
import type { Format } from './format';

/** The ranking rules of a format ranked by points (round robin, swiss): its defaults and the tiebreakers that fit. */
export interface FormatRules {
  points: PointsRule;
  /** The default tiebreakers, in the order they apply. */
  tiebreakers: readonly TiebreakerName[];
  /** Every tiebreaker a tournament of this format may choose. */
  fits: readonly TiebreakerName[];
}

export interface FormatEntry {
  /** The name clients send and read (`format`). */
  readonly name: string;
  /** Its name in words, as a viewer page shows it. */
  readonly label: string;
  /** The largest field it starts with in bounded time and memory (docs/performance.md). */
  readonly participantLimit: number;
  /** Whether it takes a `rounds` setting. */
  readonly takesRounds: boolean;
  /** Whether it may have a third-place match. */
  readonly takesThirdPlaceMatch: boolean;
  /** With a cap on the field, the most rounds it plays without rematches; absent where its rounds are not bounded so. */
  readonly maxRounds?: (entrants: number) => number;
  /** Whether a stage of a tournament played as stages may be played in it (every format but stages themselves). */
  readonly canBeStage: boolean;
  /** Whether a tournament of it is played as stages (the `stages` setting), each stage in another format. */
  readonly playedInStages: boolean;
  /** Whether every pair may meet twice (`legs: 2`), and the largest field it then starts with; absent: one leg only. */
  readonly twoLegs?: { participantLimit: number };
  /** Why its matches are not played as series (`best_of` other than 1), where they are not. */
  readonly seriesRefused?: string;
  /** Whether an even `best_of` fits: a series that may end level. */
  readonly evenBestOfAllowed: boolean;
  /** The rounds its bracket names from the end, which `best_of` may set by name; empty where rounds are only numbered. */
  readonly bracketNames: readonly RoundName[];
  /** Whether level scores are settled by a decider (a knockout match cannot stay level). */
  readonly levelScoresNeedDecider: boolean;
  /** Its ranking rules when it ranks by points; absent for the others (brackets, free-for-all). */
  readonly rules?: FormatRules;
  /** Its strategy; `lookup` finds another format's (a format played as stages of others). */
  readonly strategy: (lookup: (name: string) => Format) => Format;
}

export class FormatCatalog {
  private readonly entries = new Map<string, FormatEntry>();
  private readonly strategies = new Map<string, Format>();
  /** The names, in registration order: one array that grows as formats register (validators hold it). */
  private readonly registered: string[] = [];
  private readonly registeringModules: string[] = [];

  /**
   * Adds a format. One registered outside registry.ts names the module that registers it (`__filename`): worker
   * threads, which play formats from their own copy of the catalog, load it too.
   */
  register(entry: FormatEntry, registeredBy?: string): void {
    if (this.entries.has(entry.name)) throw new Error(`the format ${entry.name} is already registered`);
    this.entries.set(entry.name, entry);
    this.registered.push(entry.name);
    if (registeredBy !== undefined) this.registeringModules.push(registeredBy);
  }

  /** The modules that registered formats beyond the built-ins: what a worker thread loads before it plays. */
  modulesToPreload(): readonly string[] {
    return [...this.registeringModules];
  }

  /** Every format's name, in registration order. */
  names(): readonly string[] {
    return this.registered;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** A registered format's entry (throws for a name not registered: callers validate names first). */
  entry(name: string): FormatEntry {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new Error(`no format named ${name} is registered`);
    return entry;
  }

  /** Every registered entry, in registration order. */
  all(): FormatEntry[] {
    return this.registered.map((name) => this.entry(name));
  }

  /** The names of the formats whose entry says so, in registration order. */
  namesWhere(test: (entry: FormatEntry) => boolean): string[] {
    return this.all().filter(test).map((entry) => entry.name);
  }

  /** The format a tournament played as stages reads (the `stages` setting goes with it). */
  stagedFormat(): string {
    const staged = this.namesWhere((entry) => entry.playedInStages);
    if (staged.length !== 1) throw new Error(`exactly one format is played in stages; registered: ${staged.join(', ') || 'none'}`);
    return staged[0];
  }

  /** The strategy a tournament of this format plays by (built once, on first use). */
  formatOf(name: string): Format {
    let strategy = this.strategies.get(name);
    if (strategy === undefined) {
      strategy = this.entry(name).strategy((other) => this.formatOf(other));
      this.strategies.set(name, strategy);
    }
    return strategy;
  }
}
