import { describe, expect, it } from 'vitest';
import { signUpSchemaFor } from './sign-up.js';

const schema = signUpSchemaFor({ institutionName: 'Test University', emailDomain: 'test-uni.edu' });
const valid = {
  name: 'Asha Rao',
  email: 'asha@test-uni.edu',
  course: 'btech',
  branch: 'cse',
  semester: '3',
  role: 'STUDENT',
  session: '2023-24',
  password: 'Long-enough1',
  confirmPassword: 'Long-enough1',
};

/** The one issue a failing body gets: where the form shows it, and SPEC.md §5's text. */
function failure(overrides: Record<string, unknown>) {
  const parsed = schema.safeParse({ ...valid, ...overrides });
  if (parsed.success) return null;
  return parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('signUpSchemaFor: SPEC.md §5, first failure only, in order', () => {
  it('accepts the password rule in any script with letter case (issue 37)', () => {
    for (const password of ['Пароль-ночью-2024', 'Übung-macht-1', 'Σοφία-σοφή-2'])
      expect(failure({ password, confirmPassword: password }), password).toBeNull();
  });

  it('accepts a complete body (semester as text or number) and keeps the values as sent', () => {
    expect(schema.parse(valid)).toEqual(valid);
    expect(schema.safeParse({ ...valid, semester: 8 }).success).toBe(true);
  });

  it.each([
    [{ name: ' ', email: 'x@gmail.com', branch: '', semester: '9' }, 'name', 'Name is required!'],
    [{ email: 'x@gmail.com', branch: '' }, 'email', 'Please use your Test University email address!'],
    [{ email: '' }, 'email', 'Please use your Test University email address!'],
    [{ branch: ' ', semester: '0' }, 'branch', 'Branch is required!'],
    [{ semester: '9', password: 'x' }, 'semester', 'Please enter a valid semester (1-8)!'],
    [{ semester: '', password: 'x' }, 'semester', 'Please enter a valid semester (1-8)!'],
    [{ semester: '2.5' }, 'semester', 'Please enter a valid semester (1-8)!'],
    [{ password: 'short', confirmPassword: 'other', session: '' }, 'password', 'Password must be at least 8 characters!'],
    [{ confirmPassword: 'Different1x', session: '' }, 'confirmPassword', "Passwords don't match!"],
    [{ session: ' ', password: 'alllowercase1', confirmPassword: 'alllowercase1' }, 'session', 'Session is required!'],
    [{ password: 'alllowercase1', confirmPassword: 'alllowercase1', session: 'x' }, 'password', 'Password must be at least 8 characters and contain uppercase, lowercase and numbers'],
    [{ session: '2023-2024', role: 'X' }, 'session', 'Invalid session format (YYYY-YY)'],
    [{ role: 'SUPERUSER', course: 'mba' }, 'role', 'Invalid user role selected'],
    [{ course: 'mba' }, 'course', 'Please select a valid course'],
  ])('%j -> %s: %s', (overrides, field, message) => {
    expect(failure(overrides)).toEqual([[field, message]]);
  });
});
