import { redirectTargetFrom } from '../../../lib/login-redirect';

/** The resource a shared preview link leads to (`?preview=<id>`), when the login was asked on the way there. */
export function previewIdFrom(state: unknown): string | undefined {
  const target = redirectTargetFrom(state);
  const id = new URL(target, 'http://x').searchParams.get('preview');
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : undefined;
}
