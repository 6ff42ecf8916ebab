import type { EventTypeEntry } from '../../platform/module-manifest';

/**
 * An event type, such as `tournament.created`. Each module declares the types it appends, with their summary and
 * `data` schema, in its manifest (`eventTypes`, written in its `<module>.events.ts`); the composition root's list
 * of modules is the catalogue (EventCatalogue), which the feed's `types` filter, the webhooks' `event_types`, the
 * OpenAPI `webhooks` section and /docs read.
 */
export type EventType = string;

/** Every module's event types, in the order of the list of modules. */
export class EventCatalogue {
  private static installedCatalogue?: EventCatalogue;

  constructor(private readonly entries: Readonly<Record<EventType, EventTypeEntry>>) {}

  /**
   * The catalogue of the running application, for the request rules class-validator checks outside Nest's
   * injector (the feed's `types`). The events module installs it at start; until then no type is known.
   */
  static installed(): EventCatalogue {
    return EventCatalogue.installedCatalogue ?? new EventCatalogue({});
  }

  static install(catalogue: EventCatalogue): EventCatalogue {
    EventCatalogue.installedCatalogue = catalogue;
    return catalogue;
  }

  names(): EventType[] {
    return Object.keys(this.entries);
  }

  has(type: string): boolean {
    return Object.hasOwn(this.entries, type);
  }

  /** A comma-separated list of known types (the feed's `types` parameter). */
  listPattern(): RegExp {
    const type = this.names().map((name) => name.replace('.', '\\.')).join('|');
    return new RegExp(`^(${type})(,(${type}))*$`);
  }
}
