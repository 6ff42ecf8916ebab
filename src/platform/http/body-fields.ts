/**
 * The fields a client sent, renamed from their snake_case wire names to domain
 * names. `wireNames` is the domain's own map (domain field → wire name), the one
 * list of what a client may set. Absent keys stay absent and null stays null, so
 * merge-patch semantics survive; `convert` turns wire values into domain ones
 * (instants into Dates). The body has already been validated against its DTO.
 */
export function domainFieldsOf(
  body: object,
  wireNames: Readonly<Record<string, string>>,
  convert: Record<string, (value: unknown) => unknown> = {},
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [domain, wire] of Object.entries(wireNames)) {
    const value = (body as Record<string, unknown>)[wire];
    if (value === undefined) continue;
    fields[domain] = value !== null && convert[wire] ? convert[wire](value) : value;
  }
  return fields;
}
