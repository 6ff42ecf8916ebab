import { AppConfig, ConfigError } from './app-config';

describe('AppConfig.fromEnvironment', () => {
  it('reads CORS_ORIGINS as a list of exact origins', () => {
    expect(AppConfig.fromEnvironment({ CORS_ORIGINS: 'https://club.example, http://localhost:8080' }).corsOrigins).toEqual(['https://club.example', 'http://localhost:8080']);
  });

  it('applies the documented defaults', () => {
    const config = AppConfig.fromEnvironment({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      logLevel: 'info',
      rateLimitPerMinute: 60,
      redisUrl: undefined,
      trustProxy: undefined,
      runMigrationsOnStart: true,
      cookieSecure: false,
      sessionSecret: undefined,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      signInFailuresPerEmail: 5,
      signInFailuresPerAddress: 20,
      metricsPort: undefined,
      logFormat: undefined,
      publicRateLimitPerMinute: 600,
      publicStreamsPerAddress: 20,
      publicStreamsPerInstance: 5000,
      corsOrigins: [],
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it.each([
    ['PORT', 'eighty', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['DATABASE_URL', 'mysql://x@y/z', /DATABASE_URL must start with postgres: or postgresql:/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL is not a valid URL/],
    ['RATE_LIMIT_PER_MINUTE', '0', /RATE_LIMIT_PER_MINUTE must be between 1/],
    ['REDIS_URL', 'http://cache', /REDIS_URL must start with redis:/],
    ['MIGRATE_ON_START', 'maybe', /MIGRATE_ON_START must be true or false/],
    ['CURSOR_SECRET', 'short', /CURSOR_SECRET must be at least 32 characters/],
    ['PUBLIC_RATE_LIMIT_PER_MINUTE', '0', /PUBLIC_RATE_LIMIT_PER_MINUTE must be between 1/],
    ['PUBLIC_STREAMS_PER_ADDRESS', '0', /PUBLIC_STREAMS_PER_ADDRESS must be between 1/],
    ['PUBLIC_STREAMS_PER_INSTANCE', 'many', /PUBLIC_STREAMS_PER_INSTANCE must be a whole number/],
    ['CORS_ORIGINS', '*', /CORS_ORIGINS must list origins/],
    ['CORS_ORIGINS', 'https://club.example/scores', /CORS_ORIGINS must list origins/],
    ['COOKIE_SECURE', 'sometimes', /COOKIE_SECURE must be true or false/],
    ['SESSION_SECRET', 'short', /SESSION_SECRET must be at least 32 characters/],
    ['SESSION_IDLE_MINUTES', '0', /SESSION_IDLE_MINUTES must be between 1/],
    ['SESSION_ABSOLUTE_HOURS', 'a day', /SESSION_ABSOLUTE_HOURS must be a whole number/],
    ['SIGN_IN_FAILURES_PER_EMAIL', '0', /SIGN_IN_FAILURES_PER_EMAIL must be between 1/],
    ['METRICS_PORT', '3000', /METRICS_PORT must differ from PORT/],
    ['METRICS_PORT', 'nine', /METRICS_PORT must be a whole number/],
    ['LOG_FORMAT', 'xml', /LOG_FORMAT must be one of pretty, json/],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => AppConfig.fromEnvironment({ [name]: value })).toThrow(ConfigError);
    expect(() => AppConfig.fromEnvironment({ [name]: value })).toThrow(message);
  });

  it('reads the metrics port and binds it to HOST unless METRICS_HOST says otherwise', () => {
    expect(AppConfig.fromEnvironment({ METRICS_PORT: '9464', HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 9464, metricsHost: '0.0.0.0' });
    expect(AppConfig.fromEnvironment({ METRICS_PORT: '9464' })).toMatchObject({ metricsHost: '127.0.0.1' });
    expect(AppConfig.fromEnvironment({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsHost: '10.0.0.5' });
  });

  it.each(['change-me', 'CHANGEME', 'password'])('refuses a database password copied from an example (%s), without echoing it', (password) => {
    expect(() => AppConfig.fromEnvironment({ DATABASE_URL: `postgres://tournaments:${password}@postgres:5432/tournaments` })).toThrow(
      /DATABASE_URL carries a placeholder password/,
    );
    expect(AppConfig.fromEnvironment({ DATABASE_URL: 'postgres://tournaments:9f2c1e7a5b@postgres:5432/tournaments' }).databaseUrl).toContain('9f2c1e7a5b');
  });

  it('never echoes a database URL, which may carry a password', () => {
    expect(() => AppConfig.fromEnvironment({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});
