import { describe, expect, it } from 'vitest';
import { owesTwoFactorSetup } from './two-factor.policy.js';

const password = { provider: null, hasPassword: true };

describe('owesTwoFactorSetup', () => {
  it('asks a required role signed in by password, until TOTP is on', () => {
    expect(owesTwoFactorSetup({ role: 'ADMIN', twoFactorEnabled: false }, password, ['ADMIN'])).toBe(true);
    expect(owesTwoFactorSetup({ role: 'ADMIN', twoFactorEnabled: true }, password, ['ADMIN'])).toBe(false);
  });

  it('leaves roles outside REQUIRE_2FA_FOR alone', () => {
    expect(owesTwoFactorSetup({ role: 'CR', twoFactorEnabled: false }, password, ['ADMIN'])).toBe(false);
    expect(owesTwoFactorSetup({ role: 'CR', twoFactorEnabled: false }, password, ['ADMIN', 'CR'])).toBe(true);
    expect(owesTwoFactorSetup({ role: 'STUDENT', twoFactorEnabled: false }, password, ['ADMIN', 'CR'])).toBe(false);
  });

  it("counts a provider's sign-in, and an account without a password, as the second factor", () => {
    expect(owesTwoFactorSetup({ role: 'ADMIN', twoFactorEnabled: false }, { provider: 'uni', hasPassword: true }, ['ADMIN'])).toBe(false);
    expect(owesTwoFactorSetup({ role: 'ADMIN', twoFactorEnabled: false }, { provider: null, hasPassword: false }, ['ADMIN'])).toBe(false);
  });
});
