import path from 'node:path';

import { ConfigError, loadConfig } from '../../server/config/index';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has safe defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      mediaDir: path.resolve('data', 'media'),
      mailDir: path.resolve('data', 'mail'),
      publicUrl: 'http://localhost:3000',
      catalogue: { builtIn: true, url: 'http://localhost:3000/catalogue' },
      smtpUrl: null,
      database: { dialect: 'sqlite', file: path.resolve('data', 'app.db') },
      logLevel: 'info',
      nodeEnv: 'production',
      autoVerifyAccounts: false,
      trustProxy: false,
      cookieSecure: false,
    });
    expect(path.isAbsolute(config.spaDir)).toBe(true);
    expect(path.basename(config.spaDir)).toBe('dist');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: ' ', TRUST_PROXY: '' })).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
  });

  it('derives the public URL from PORT and strips trailing slashes', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_URL: 'https://videos.example.com/' });
    expect(config.publicUrl).toBe('https://videos.example.com');
    expect(config.cookieSecure).toBe(true);
    expect(config.catalogue).toEqual({ builtIn: true, url: 'https://videos.example.com/catalogue' });
  });

  it('uses an external catalogue when CATALOGUE_URL is set', () => {
    expect(loadConfig({ CATALOGUE_URL: 'https://provider.example.com/' }).catalogue).toEqual({
      builtIn: false,
      url: 'https://provider.example.com',
    });
  });

  it('resolves DATA_DIR and selects the database dialect from DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: 'tmp/site-data' });
    expect(config.dataDir).toBe(path.resolve('tmp/site-data'));
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('tmp/site-data', 'app.db') });
    expect(loadConfig({ DATABASE_URL: 'postgres://app:secret@db:5432/site' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://app:secret@db:5432/site',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/site' }).database.dialect).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'sqlite:other.db' }).database).toEqual({
      dialect: 'sqlite',
      file: path.resolve('other.db'),
    });
  });

  it('reads the remaining variables', () => {
    expect(
      loadConfig({
        HOST: '127.0.0.1',
        SMTP_URL: 'smtp://user:pass@mail.example.com:587',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'development',
        AUTO_VERIFY_ACCOUNTS: 'yes',
        TRUST_PROXY: '2',
      }),
    ).toMatchObject({
      host: '127.0.0.1',
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      logLevel: 'debug',
      nodeEnv: 'development',
      autoVerifyAccounts: true,
      trustProxy: 2,
    });
    expect(loadConfig({ AUTO_VERIFY_ACCOUNTS: '0', TRUST_PROXY: 'off' })).toMatchObject({
      autoVerifyAccounts: false,
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses TRUST_PROXY=true, naming the variable and what to set instead', () => {
    expect(configError({ TRUST_PROXY: 'true' }).message).toMatch(/^TRUST_PROXY must not be "true": .*TRUST_PROXY=1/);
  });

  it('allows PUBLIC_URL’s origin and ALLOWED_ORIGINS for state-changing requests', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://videos.example.com/site' }).allowedOrigins).toEqual(['https://videos.example.com']);
    expect(
      loadConfig({ PORT: '4000', ALLOWED_ORIGINS: 'https://www.example.com, http://127.0.0.1:4000/ ,http://localhost:4000' }).allowedOrigins,
    ).toEqual(['http://localhost:4000', 'https://www.example.com', 'http://127.0.0.1:4000']);
  });

  it('explains a bad PORT exactly', () => {
    expect(configError({ PORT: 'abc' }).message).toBe('PORT must be an integer 1-65535, got "abc"');
  });

  it.each([
    ['PORT', '0'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['HOST', 'local host'],
    ['CATALOGUE_URL', 'ftp://provider.example.com'],
    ['CATALOGUE_URL', 'not a url'],
    ['CATALOGUE_URL', 'https://provider.example.com/?x=1'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['PUBLIC_URL', 'https://example.com/#top'],
    ['DATABASE_URL', 'mysql://db/site'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
    ['AUTO_VERIFY_ACCOUNTS', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'TRUE'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example.com'],
    ['ALLOWED_ORIGINS', 'https://example.com/app'],
    ['ALLOWED_ORIGINS', 'example.com'],
    ['ALLOWED_ORIGINS', 'ftp://example.com'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.problems).toHaveLength(1);
    expect(error.message.startsWith(`${name} must`)).toBe(true);
  });

  it('reports every bad variable at once', () => {
    const error = configError({ PORT: 'x', LOG_LEVEL: 'loud', TRUST_PROXY: 'perhaps' });
    expect(error.problems.map((problem) => problem.split(' ')[0])).toEqual(['PORT', 'LOG_LEVEL', 'TRUST_PROXY']);
  });

  it('never echoes values that may hold passwords', () => {
    expect(configError({ SMTP_URL: 'mail://user:hunter2@host' }).message).not.toContain('hunter2');
    expect(configError({ DATABASE_URL: 'mysql://user:hunter2@host/db' }).message).not.toContain('hunter2');
  });
});
