/**
 * Every route the server registered, so that a request to a known path with an
 * unsupported method can be answered 405 with `Allow` instead of Fastify's 404.
 */
export class RouteTable {
  private readonly routes: { pattern: RegExp; method: string; url: string }[] = [];

  add(method: string | string[], url: string): void {
    const pattern = new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}/?$`);
    for (const one of ([] as string[]).concat(method)) this.routes.push({ pattern, method: one.toUpperCase(), url });
  }

  /** Every route as OpenAPI writes it (`/tournaments/{id}`), without the implicit HEAD and OPTIONS. */
  list(): { method: string; url: string }[] {
    const seen = new Map<string, { method: string; url: string }>();
    for (const { method, url } of this.routes) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const route = { method, url: url.replace(/\/:([^/]+)/g, '/{$1}') };
      seen.set(`${route.method} ${route.url}`, route);
    }
    return [...seen.values()];
  }

  /** The methods some route accepts for this path, empty when the path is unknown. */
  allowedMethods(path: string): string[] {
    const methods = new Set(this.routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
    return [...methods].sort();
  }
}
