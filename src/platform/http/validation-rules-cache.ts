import { getMetadataStorage, IS_OPTIONAL, validateSync, ValidationError, ValidationTypes, ValidatorOptions } from 'class-validator';

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
    // The first lookup of a validatePresent call is its object's own (nested objects are looked up after it).
    const validated = presentOnly;
    presentOnly = undefined;
    return validated?.constructor === target ? withoutAbsentOptional(found, validated) : found;
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

/** Set by validatePresent for the one lookup that follows. */
let presentOnly: object | undefined;

/**
 * `validateSync`, given only the rules of properties that are present or not @IsOptional. class-validator skips
 * an @IsOptional property that is null or undefined anyway, but only after building a ValidationError for it (and
 * filtering its rules five ways), which made most of a query's validation garbage. The verdict is the same (a property test compares it with plain `validateSync`).
 * Not with `whitelist`: properties left out of the rules would look undeclared; callers refuse unknown fields
 * themselves.
 */
export function validatePresent(object: object, options: Omit<ValidatorOptions, 'whitelist' | 'forbidNonWhitelisted'>): ValidationError[] {
  presentOnly = object;
  try {
    return validateSync(object, options);
  } finally {
    presentOnly = undefined;
  }
}

interface OptionalProperties {
  /** The @IsOptional properties (at most 31: their absence is a bit mask). */
  names: string[];
  /** The class's rules without the properties whose bits are set. */
  without: Map<number, Rules>;
}

const optionalPropertiesOf = new WeakMap<Rules, OptionalProperties>();

function withoutAbsentOptional(all: Rules, object: object): Rules {
  let optional = optionalPropertiesOf.get(all);
  if (!optional) {
    const names = all.filter((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION && rule.name === IS_OPTIONAL).map((rule) => rule.propertyName);
    optional = { names: [...new Set(names)].slice(0, 31), without: new Map() };
    optionalPropertiesOf.set(all, optional);
  }
  const values = object as Record<string, unknown>;
  let absent = 0;
  for (let index = 0; index < optional.names.length; index++) if (values[optional.names[index]] == null) absent |= 1 << index;
  if (absent === 0) return all;
  let rules = optional.without.get(absent);
  if (!rules) {
    const left = new Set(optional.names.filter((_, index) => absent & (1 << index)));
    rules = all.filter((rule) => !left.has(rule.propertyName));
    // No rules at all reads as "an unknown value" to forbidUnknownValues: keep one absent property's, which pass.
    if (rules.length === 0) rules = all.filter((rule) => rule.propertyName === optional.names[0]);
    optional.without.set(absent, rules);
  }
  return rules;
}
