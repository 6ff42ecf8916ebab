import { AppConfig, ConfigError } from './app-config';

describe('AppConfig.fromEnvironment', () => {
  it('applies the documented defaults', () => {
    const config = AppConfig.fromEnvironment({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      logLevel: 'info',
      rateLimitPerMinute: 60,
      redisUrl: undefined,
      trustProxy: undefined,
      runMigrationsOnStart: true,
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
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => AppConfig.fromEnvironment({ [name]: value })).toThrow(ConfigError);
    expect(() => AppConfig.fromEnvironment({ [name]: value })).toThrow(message);
  });

  it('never echoes a database URL, which may carry a password', () => {
    expect(() => AppConfig.fromEnvironment({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});
