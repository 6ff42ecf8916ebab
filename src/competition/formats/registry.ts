import type { MatchFormat } from '../match/match';
import { doubleElimination } from './double-elimination/double-elimination';
import { Format } from './format';
import { freeForAll } from './free-for-all/free-for-all';
import { multiStage } from './multi-stage/multi-stage';
import { roundRobin } from './round-robin/round-robin';
import { singleElimination } from './single-elimination/single-elimination';
import { swiss } from './swiss/swiss';

export type { Format };

/** Every format by its name (the tournaments domain lists the names; a new format adds its file and a line here). */
const FORMATS: Readonly<Record<MatchFormat, Format>> = {
  single_elimination: singleElimination,
  double_elimination: doubleElimination,
  round_robin: roundRobin,
  swiss,
  free_for_all: freeForAll,
  multi_stage: multiStage((name) => formatOf(name)),
};

/** The format a tournament plays: settings cross threads as plain data, so a worker looks its format up here by name. */
export function formatOf(name: MatchFormat): Format {
  return FORMATS[name];
}
