import type { MatchFormat } from '../match/match';
import { FormatCatalog } from './catalog';
import { doubleEliminationEntry } from './double-elimination/entry';
import { Format } from './format';
import { freeForAllEntry } from './free-for-all/entry';
import { multiStageEntry } from './multi-stage/entry';
import { roundRobinEntry } from './round-robin/entry';
import { singleEliminationEntry } from './single-elimination/entry';
import { swissEntry } from './swiss/entry';

export type { Format };

/** Every format the service plays, in the order clients see them listed: a new format registers here, in one line. */
export const formatCatalog = new FormatCatalog();
formatCatalog.register(singleEliminationEntry);
formatCatalog.register(doubleEliminationEntry);
formatCatalog.register(roundRobinEntry);
formatCatalog.register(swissEntry);
formatCatalog.register(freeForAllEntry);
formatCatalog.register(multiStageEntry);

/** The format a tournament plays: settings cross threads as plain data, so a worker looks its format up here by name. */
export function formatOf(name: MatchFormat): Format {
  return formatCatalog.formatOf(name);
}
