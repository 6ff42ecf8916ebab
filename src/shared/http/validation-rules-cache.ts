import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Rules = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type RulesByProperty = ReturnType<MetadataStorage['groupByPropertyName']>;
type RuleTarget = Parameters<MetadataStorage['getTargetValidationMetadatas']>[0];

/**
 * class-validator looks a class's rules up again on every validation: it filters the rules of every registered
 * class (an `instanceof` each, for inherited rules) and groups them by property, new arrays on every request,
 * even for a query with no parameters. The rules are fixed once the decorators have run at load time, so both
 * answers are kept per class and options, and forgotten whenever a rule is added.
 * The cached arrays are shared: class-validator only reads them.
 */
export function cacheValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let rules = new Map<RuleTarget, Map<string, Rules>>();
  let groupings = new WeakMap<Rules, RulesByProperty>();

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\0${always}\0${strictGroups}\0${groups?.join('\0') ?? ''}`;
    let byOptions = rules.get(target);
    if (!byOptions) rules.set(target, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookUp(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let grouped = groupings.get(metadata);
    if (!grouped) groupings.set(metadata, (grouped = group(metadata)));
    return grouped;
  };
  storage.addValidationMetadata = (metadata) => {
    rules = new Map();
    groupings = new WeakMap();
    addRule(metadata);
  };
}

const cached = new WeakSet<MetadataStorage>();
