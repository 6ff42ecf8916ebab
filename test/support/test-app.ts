import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp } from '../../src/app.factory';
import { AppConfig, AppConfigValues } from '../../src/config/app-config';
import { randomBytes } from 'node:crypto';
import { runAdminQuery, withDatabaseName } from './global-setup';
import { recordAnsweredOperations } from './openapi-coverage';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  http: TestHttp;
  close(): Promise<void>;
}

/** The real application (Fastify, guards, filters) over this run's real PostgreSQL. */
export async function startTestApp(overrides: Partial<AppConfigValues> = {}): Promise<TestApp> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run e2e tests through jest (global setup creates it).');
  const config = AppConfig.fromEnvironment({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }).with({
    databaseUrl,
    rateLimitPerMinute: 100_000,
    redisUrl: undefined,
    // Up to seven engineers share two CPU cores: a statement may wait longer than the production default of 2 s.
    databaseTimeoutMs: 10_000,
    // Test files share a database: only those that test webhooks send them (with their own allowed hosts).
    webhookConcurrency: 0,
    ...overrides,
  });
  const app = await createApp(config);
  recordAnsweredOperations(app.getHttpAdapter().getInstance());
  return { app, config, http: new TestHttp(app), close: () => app.close() };
}

/**
 * The app on a database of this test file's own (created on the run's server, dropped at close): for tests that
 * compare whole tables before and after a request, which must not read every other file's rows.
 */
export async function startTestAppOnOwnDatabase(overrides: Partial<AppConfigValues> = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: run e2e tests through jest (global setup creates it).');
  const name = `${process.env.TEST_DATABASE_NAME}_${randomBytes(3).toString('hex')}`;
  await runAdminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const testApp = await startTestApp({ databaseUrl: withDatabaseName(serverUrl, name), ...overrides });
  return {
    ...testApp,
    close: async () => {
      await testApp.close();
      await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Requests through Fastify's injector: the full HTTP pipeline without a socket. */
export class TestHttp {
  constructor(private readonly app: NestFastifyApplication) {}

  request(method: InjectOptions['method'], url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    return this.app.inject({ method, url, headers, payload, remoteAddress: options.remoteAddress });
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }

  post(url: string, body: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, body });
  }

  patch(url: string, body: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, { ...options, body });
  }

  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, options);
  }
}

/** Asserts the RFC 9457 shape and returns the parsed problem. */
export function expectProblem(response: LightMyRequestResponse, status: number, code: string): Record<string, unknown> {
  const body = response.json() as Record<string, unknown>;
  expect({ status: response.statusCode, code: body.code }).toEqual({ status, code });
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  expect(body.request_id).toBe(response.headers['x-request-id']);
  expect(body.instance).toEqual(expect.stringMatching(/^\//));
  return body;
}
