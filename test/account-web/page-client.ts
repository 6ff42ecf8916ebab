import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../support/test-app';

/**
 * A browser stand-in over Fastify's injector: keeps cookies like a browser
 * would (by name; expiry through Max-Age=0 or a past Expires) and sends forms
 * with the CSRF token of the last page it read.
 */
export class PageClient {
  readonly cookies = new Map<string, string>();
  private csrf = '';

  constructor(
    private readonly testApp: TestApp,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  async get(url: string): Promise<LightMyRequestResponse> {
    const response = await this.testApp.app.inject({ method: 'GET', url, headers: this.headers(), remoteAddress: this.remoteAddress });
    this.remember(response);
    return response;
  }

  /** Posts a form; `_csrf` comes from the last page read unless the fields name one. */
  async post(url: string, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const payload = new URLSearchParams({ _csrf: this.csrf, ...fields }).toString();
    const response = await this.testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...this.headers(), 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: this.remoteAddress,
    });
    this.remember(response);
    return response;
  }

  /** Signs up (reading the form first, as a visitor would) and returns the response to the form. */
  async signUp(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.get('/account/signup');
    return this.post('/account/signup', { email, password });
  }

  async signIn(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.get('/account/signin');
    return this.post('/account/signin', { email, password });
  }

  private headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return cookie ? { cookie } : {};
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (token) this.csrf = token;
  }
}

/** The text of the page without tags, for asserting what a reader sees. */
export function visibleText(response: LightMyRequestResponse): string {
  return response.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
