/** RFC 8288 Link header to the next page: the same query with the new cursor. */
export function nextPageLink(path: string, query: object, nextCursor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'cursor') params.set(name, String(value));
  }
  params.set('cursor', nextCursor);
  return `<${path}?${params.toString()}>; rel="next"`;
}
