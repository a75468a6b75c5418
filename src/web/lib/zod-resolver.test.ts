import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/account';
import { ACCOUNT_SETTINGS_MESSAGES, changePasswordRequestSchema, missingClassField, updateProfileRequestSchema, type UpdateProfileRequest } from '@shared/account-settings';
import { zodResolver } from './zod-resolver';

const run = (resolver: ReturnType<typeof zodResolver>, values: Record<string, unknown>) =>
  resolver(values as never, undefined, { fields: {}, shouldUseNativeValidation: false }) as Promise<{
    values: Record<string, unknown>;
    errors: Record<string, { message: string }>;
  }>;

describe('zodResolver over the account settings contract', () => {
  it('gives the first message of each failing field, and no values', async () => {
    const result = await run(zodResolver(changePasswordRequestSchema), { currentPassword: '', newPassword: 'short', confirmPassword: '' });
    expect(result.values).toEqual({});
    expect(result.errors.currentPassword?.message).toBe(ACCOUNT_SETTINGS_MESSAGES.currentPasswordRequired);
    expect(result.errors.newPassword?.message).toBe(ACCOUNT_MESSAGES.passwordRules);
  });

  it('runs the extra check only once the schema passes, and hands back the raw values', async () => {
    const forStudent = zodResolver(updateProfileRequestSchema, (parsed) => missingClassField(parsed as UpdateProfileRequest, 'STUDENT'));
    const blankClass = { name: 'Asha', branch: '', semester: '', session: '' };
    expect((await run(forStudent, blankClass)).errors.branch?.message).toBe(ACCOUNT_MESSAGES.branchRequired);
    expect((await run(forStudent, { ...blankClass, name: ' ' })).errors).toEqual({ name: expect.objectContaining({ message: ACCOUNT_MESSAGES.nameRequired }) });

    const forAdmin = zodResolver(updateProfileRequestSchema, (parsed) => missingClassField(parsed as UpdateProfileRequest, 'ADMIN'));
    expect(await run(forAdmin, blankClass)).toEqual({ values: blankClass, errors: {} });
    const full = { name: 'Asha', branch: 'cse', semester: '5', session: '2023-24' };
    expect(await run(forStudent, full)).toEqual({ values: full, errors: {} });
  });
});
