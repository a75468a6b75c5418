import type { Role } from '../../../src/shared/account.js';
import { makePdf } from '../../support/pdf-fixture.js';
import { PASSWORD, login } from './accounts.js';
import type { Body } from './api-client.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/** A verified, signed-in user of a given class (CRs need a class of their own: two per class). */
export async function member(t: TestApp, role: Role, place: { branch: string; semester: number }, name?: string) {
  const n = ++counter;
  const email = `req${n}.${Date.now()}@${t.config.public.institutionEmailDomain}`;
  const user = await t.services.accounts.createVerifiedUser({
    name: name ?? `${role} ${n}`,
    email,
    password: PASSWORD,
    role,
    branch: place.branch,
    semester: role === 'ADMIN' ? undefined : place.semester,
    academicSession: '2024-25',
  });
  const { cookie } = await login(t.app, email);
  return { cookie, user, email };
}

export const REQUEST_BODY = {
  course: 'btech',
  branch: 'cse',
  semester: '5',
  subject: 'Computer Networks',
  academicYear: '2023-24',
  description: 'Unit 3 notes on routing, please',
} as const;

/** Calls the requests API as the given cookie (undefined = signed out). */
export function call(t: TestApp, cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.api.request(method, `/api${url}`, payload as Body, { as: cookie });
}

/** Fulfils a request with an upload: multipart with resourceType then the file. */
export function fulfilByUpload(t: TestApp, cookie: string, requestId: string, fields: Record<string, string> = { resourceType: 'NOTES' }) {
  const file = { name: 'networks.pdf', bytes: makePdf({ text: `fulfil ${++counter} ${Math.random()}` }) };
  return t.api.upload(`/api/requests/${requestId}/upload`, fields, file, { as: cookie });
}
