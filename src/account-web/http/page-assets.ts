import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pages' templates and static files, next to this module in both src/ and dist/ (nest-cli.json copies them). */
export const VIEWS_DIR = join(__dirname, '..', 'views');
const ASSETS_DIR = join(__dirname, '..', 'assets');

export interface PageAsset {
  body: string;
  contentType: string;
  /** `sha256-…`, for the CSP and the script tag's `integrity`. */
  integrity: string;
}

function load(name: string, contentType: string): PageAsset {
  const body = readFileSync(join(ASSETS_DIR, name), 'utf8');
  return { body, contentType, integrity: `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}` };
}

/** The site's icon (32 × 32, a bracket), answered at `/favicon.ico` where browsers look for it. */
export const FAVICON = readFileSync(join(ASSETS_DIR, 'favicon.ico'));

export const PAGE_ASSETS: Readonly<Record<string, PageAsset>> = {
  'style.css': load('style.css', 'text/css; charset=utf-8'),
  'copy.js': load('copy.js', 'text/javascript; charset=utf-8'),
};

/**
 * Strict: everything from this origin only, no inline script or style, no plugins, no <base>, no framing, forms post
 * only here. The copy script is also pinned by its hash (it is loaded with a matching `integrity`).
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' '${PAGE_ASSETS['copy.js'].integrity}'`,
  "style-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Sent with every response under /account: pages, redirects, refusals and assets alike. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};
