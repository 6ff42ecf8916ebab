/**
 * Every route the server registered, so that a request to a known path with an
 * unsupported method can be answered 405 with `Allow` instead of Fastify's 404.
 */
export class RouteTable {
  private readonly routes: { pattern: RegExp; method: string }[] = [];

  add(method: string | string[], url: string): void {
    const pattern = new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}/?$`);
    for (const one of ([] as string[]).concat(method)) this.routes.push({ pattern, method: one.toUpperCase() });
  }

  /** The methods some route accepts for this path, empty when the path is unknown. */
  allowedMethods(path: string): string[] {
    const methods = new Set(this.routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
    return [...methods].sort();
  }
}
