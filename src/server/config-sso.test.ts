import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'studyshelf-config-')), AUTH_SECRET: 'x'.repeat(32) });
const google = {
  OIDC_PROVIDERS: 'google, uni-sso',
  OIDC_GOOGLE_ISSUER: 'https://accounts.google.com/',
  OIDC_GOOGLE_CLIENT_ID: 'id-1.apps.googleusercontent.com',
  OIDC_GOOGLE_CLIENT_SECRET: 'secret-1',
  OIDC_GOOGLE_LABEL: 'Google Workspace',
  OIDC_UNI_SSO_ISSUER: 'https://sso.example.edu/realms/students',
  OIDC_UNI_SSO_CLIENT_ID: 'studyshelf',
  OIDC_UNI_SSO_CLIENT_SECRET: 'secret-2',
  OIDC_UNI_SSO_LABEL: 'University account',
};

describe('loadConfig: OpenID Connect providers and PASSWORD_LOGIN (decision 052)', () => {
  it('has no providers and password sign-in by default', () => {
    const config = loadConfig(base());
    expect(config.sso).toEqual({ providers: [], passwordLogin: true });
    expect(config.public.sso).toEqual({ providers: [], passwordLogin: true });
  });

  it('reads each listed provider from OIDC_<ID>_*; the browser sees only ids and labels', () => {
    const config = loadConfig({ ...base(), ...google, PASSWORD_LOGIN: 'false' });
    expect(config.sso.providers).toEqual([
      { id: 'google', issuer: 'https://accounts.google.com', clientId: 'id-1.apps.googleusercontent.com', clientSecret: 'secret-1', label: 'Google Workspace' },
      { id: 'uni-sso', issuer: 'https://sso.example.edu/realms/students', clientId: 'studyshelf', clientSecret: 'secret-2', label: 'University account' },
    ]);
    expect(config.public.sso).toEqual({
      providers: [{ id: 'google', label: 'Google Workspace' }, { id: 'uni-sso', label: 'University account' }],
      passwordLogin: false,
    });
  });

  it('names the missing or bad variable of a listed provider, never printing the secret', () => {
    expect(() => loadConfig({ ...base(), ...google, OIDC_UNI_SSO_CLIENT_ID: '' })).toThrow(
      'Invalid configuration: OIDC_UNI_SSO_CLIENT_ID is missing (OIDC_PROVIDERS lists uni-sso)',
    );
    expect(() => loadConfig({ ...base(), ...google, OIDC_GOOGLE_ISSUER: 'http://accounts.example.com' })).toThrow(
      /OIDC_GOOGLE_ISSUER expected an https URL/,
    );
    expect(() => loadConfig({ ...base(), ...google, OIDC_GOOGLE_CLIENT_SECRET: ' ' })).toThrow(
      /^Invalid configuration: OIDC_GOOGLE_CLIENT_SECRET must not be empty$/,
    );
    expect(() => loadConfig({ ...base(), OIDC_PROVIDERS: 'Google Workspace' })).toThrow(/OIDC_PROVIDERS expected up to 8 ids/);
  });

  it('refuses PASSWORD_LOGIN=false with no provider to sign in with', () => {
    expect(() => loadConfig({ ...base(), PASSWORD_LOGIN: 'false' })).toThrow(/PASSWORD_LOGIN=false leaves no way to sign in/);
  });
});
