import { describe, expect, it } from 'vitest';
import { EnvError, isLoopbackHost, parseEnv, sandboxExposure } from './env.ts';

describe('parseEnv in production (NODE_ENV=production)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };

  it('refuses to start while SANDBOX and SEED_DEMO are unset (on by default), naming both', () => {
    expect(() => parseEnv(production)).toThrow(EnvError);
    expect(() => parseEnv(production)).toThrow(
      'Invalid environment:\n' +
        '  SANDBOX: must be set to false in production (it serves the providers’ stand-ins and /dev/outbox)\n' +
        '  SEED_DEMO: must be set to false in production (it creates demo accounts with a published password)',
    );
    // An empty value is no value.
    expect(() => parseEnv({ ...production, SANDBOX: '', SEED_DEMO: '' })).toThrow(
      /SANDBOX: .*\n.*SEED_DEMO: /,
    );
  });

  it('refuses to start while either is on, naming the one that is', () => {
    for (const on of ['true', '1', 'on']) {
      expect(() => parseEnv({ ...production, SANDBOX: on, SEED_DEMO: 'false' })).toThrow(
        /^Invalid environment:\n {2}SANDBOX: must be set to false in production[^\n]*$/,
      );
      expect(() => parseEnv({ ...production, SANDBOX: 'false', SEED_DEMO: on })).toThrow(
        /^Invalid environment:\n {2}SEED_DEMO: must be set to false in production[^\n]*$/,
      );
    }
  });

  it('lists them with the other bad settings', () => {
    expect(() => parseEnv({ ...production, PORT: 'eighty', SANDBOX: 'false' })).toThrow(/PORT: /);
  });

  it('starts with both set to false', () => {
    for (const off of ['false', '0', 'off']) {
      expect(parseEnv({ ...production, SANDBOX: off, SEED_DEMO: off })).toMatchObject({
        NODE_ENV: 'production',
        SANDBOX: false,
        SEED_DEMO: false,
      });
    }
  });
});

describe('parseEnv outside production', () => {
  it('keeps the stand-ins and the demo data on by default, as npm start wants them', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(parseEnv({ NODE_ENV })).toMatchObject({ SANDBOX: true, SEED_DEMO: true });
    }
  });

  it('reads CLAMD_URL as tcp://host:port only', () => {
    expect(parseEnv({ CLAMD_URL: 'tcp://127.0.0.1:3310' })).toMatchObject({
      CLAMD_URL: 'tcp://127.0.0.1:3310',
      CLAMD_TIMEOUT_SECONDS: 60,
    });
    expect(parseEnv({ CLAMD_URL: 'tcp://[::1]:3310' }).CLAMD_URL).toBe('tcp://[::1]:3310');
    for (const wrong of ['127.0.0.1:3310', 'http://clamd:3310', 'tcp://clamd', '/run/clamav/clamd.ctl']) {
      expect(() => parseEnv({ CLAMD_URL: wrong })).toThrow('CLAMD_URL: must read tcp://host:port');
    }
    expect(parseEnv({}).CLAMD_URL).toBeUndefined();
  });
});

describe('ADMIN_TWO_STEP (ASVS V6.3.3: admins and two-step sign-in)', () => {
  const production = { NODE_ENV: 'production', SANDBOX: 'false', SEED_DEMO: 'false' };

  it('is required in production and optional elsewhere when unset (or empty)', () => {
    expect(parseEnv(production).ADMIN_TWO_STEP).toBe('required');
    expect(parseEnv({ ...production, ADMIN_TWO_STEP: '' }).ADMIN_TWO_STEP).toBe('required');
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(parseEnv({ NODE_ENV }).ADMIN_TWO_STEP).toBe('optional');
    }
  });

  it('takes either value anywhere, and nothing else', () => {
    expect(parseEnv({ ...production, ADMIN_TWO_STEP: 'optional' }).ADMIN_TWO_STEP).toBe('optional');
    expect(parseEnv({ NODE_ENV: 'development', ADMIN_TWO_STEP: 'required' }).ADMIN_TWO_STEP).toBe('required');
    for (const wrong of ['true', 'yes', 'REQUIRED']) {
      expect(() => parseEnv({ ADMIN_TWO_STEP: wrong })).toThrow(/ADMIN_TWO_STEP: /);
    }
  });
});

describe('HOST and the stand-ins', () => {
  it('listens on 127.0.0.1 while SANDBOX is on, on every interface otherwise, unless HOST is set', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ SANDBOX: 'false' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ SANDBOX: 'false', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('warns loudly when the stand-ins can be reached from other machines', () => {
    expect(sandboxExposure(parseEnv({}))).toBeNull();
    expect(sandboxExposure(parseEnv({ SANDBOX: 'false' }))).toBeNull();
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
      expect(isLoopbackHost(HOST), HOST).toBe(true);
      expect(sandboxExposure(parseEnv({ HOST })), HOST).toBeNull();
    }
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'myprosper.example']) {
      expect(isLoopbackHost(HOST), HOST).toBe(false);
      expect(sandboxExposure(parseEnv({ HOST })), HOST).toMatch(
        /SANDBOX is on and HOST=.* Set SANDBOX=false/,
      );
    }
  });
});

describe('PUBLIC_URL', () => {
  it('follows PORT when unset, so links point at the server that sent them', () => {
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '3101' }).PUBLIC_URL).toBe('http://localhost:3101');
  });

  it('is taken as given when set', () => {
    expect(parseEnv({ PORT: '3101', PUBLIC_URL: 'https://myprosper.co.ke' }).PUBLIC_URL).toBe(
      'https://myprosper.co.ke',
    );
  });
});
