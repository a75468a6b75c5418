import { z } from './zod.js';

/**
 * Signed-in devices (issue 37): a user sees their sessions in account settings and ends one or
 * all others; an administrator ends all sessions of a user from the dashboard. A session's token
 * never leaves the server: the list names sessions by id.
 */
export const SESSION_MESSAGES = {
  ended: 'Signed out on that device.',
  othersEnded: 'Signed out on every other device.',
  notFound: 'That session has already ended.',
  userSessionsEnded: 'Every session of this user has ended.',
  ownSessions: 'End your own sessions from your account settings.',
  endUserSessionsFailed: 'Failed to end the sessions',
  loadFailed: 'Could not load your signed-in devices.',
  endFailed: 'Could not sign that device out. Please try again.',
} as const;

export const deviceSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", or "Unknown browser" when the browser did not say. */
  device: z.string(),
  /** Roughly where it signed in from ("India", "Hyderabad, IN"), when the server's proxy says; else null. */
  place: z.nullable(z.string()),
  signedInAt: z.string(),
  /** When the session was last renewed: it is renewed at most once a day (auth.ts). */
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceSessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type DeviceSessionsResponse = z.infer<typeof deviceSessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

export const endedSessionsResponseSchema = z.object({ message: z.string(), ended: z.number() });
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponseSchema>;
