import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRequest } from '../../src/shared/request.js';
import { DOMAIN } from './helpers/accounts.js';
import { REQUEST_BODY, call, fulfilByUpload, member } from './helpers/requests.js';
import { upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Member = Awaited<ReturnType<typeof member>>;

/** Issue 36: a request names the type and exam it wants; open ones list first; uploads since are matched to it. */
describe(`requests that say what is missing (${testDialect})`, () => {
  let t: TestApp;
  let asha: Member;
  let ravi: Member;
  let cr: Member;

  beforeAll(async () => {
    t = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: DOMAIN });
    asha = await member(t, 'STUDENT', { branch: 'cse', semester: 5 }, 'Asha Student');
    ravi = await member(t, 'STUDENT', { branch: 'cse', semester: 5 }, 'Ravi Student');
    cr = await member(t, 'CR', { branch: 'cse', semester: 5 }, 'Chitra CR');
  });
  afterAll(() => t.close());

  const create = (who: Member, body: Record<string, unknown>) => call(t, who.cookie, 'POST', '/requests', { ...REQUEST_BODY, ...body });
  const mine = async (who: Member) => (await call(t, who.cookie, 'GET', '/requests/mine')).json<{ requests: ResourceRequest[] }>().requests;
  const uploadAs = (fields: Record<string, string>) =>
    upload(t, cr.cookie, { fields: { branch: 'cse', semester: '5', academicYear: REQUEST_BODY.academicYear, ...fields } });

  it('stores the type and, for a past paper only, the exam; without them a request asks for any', async () => {
    const paper = await create(asha, { subject: 'Operating Systems', resourceType: 'PYQ', exam: 'End-sem' });
    expect(paper.statusCode).toBe(201);
    expect(paper.json<{ request: ResourceRequest }>().request).toMatchObject({ resourceType: 'PYQ', exam: 'End-sem' });

    const notes = await create(asha, { subject: 'Compiler Design', resourceType: 'NOTES', exam: 'End-sem' });
    expect(notes.json<{ request: ResourceRequest }>().request).toMatchObject({ resourceType: 'NOTES', exam: null });

    const any = await create(asha, { subject: 'Graph Theory' });
    expect(any.json<{ request: ResourceRequest }>().request).toMatchObject({ resourceType: null, exam: null });

    const unknownExam = await create(asha, { subject: 'Graph Theory', resourceType: 'PYQ', exam: 'Viva of doom' });
    expect(unknownExam.statusCode).toBe(400);
    expect(unknownExam.json<{ message: string }>().message).toBe('Choose one of the listed exams');
    const unknownType = await create(asha, { subject: 'Graph Theory', resourceType: 'SLIDES' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json<{ message: string }>().message).toBe('Please select a resource type');
  });

  it('merges only requests for the same type and exam: notes and an end-sem paper are two requests', async () => {
    const first = (await create(asha, { subject: 'Theory of Computation', resourceType: 'PYQ', exam: 'Mid-sem 1' })).json<{ request: ResourceRequest }>();
    const same = await create(ravi, { subject: 'theory of computation', resourceType: 'PYQ', exam: 'Mid-sem 1' });
    expect(same.statusCode).toBe(200);
    expect(same.json<{ request: ResourceRequest; merged: boolean }>()).toMatchObject({ merged: true, request: { id: first.request.id, supporters: 2 } });

    const otherExam = await create(ravi, { subject: 'Theory of Computation', resourceType: 'PYQ', exam: 'End-sem' });
    const notes = await create(ravi, { subject: 'Theory of Computation', resourceType: 'NOTES' });
    expect([otherExam.statusCode, notes.statusCode]).toEqual([201, 201]);
    const ids = new Set([first.request.id, otherExam.json<{ request: ResourceRequest }>().request.id, notes.json<{ request: ResourceRequest }>().request.id]);
    expect(ids.size).toBe(3);
  });

  it('lists open requests before closed ones, each part newest first', async () => {
    const dana = await member(t, 'STUDENT', { branch: 'cse', semester: 5 }, 'Dana Student');
    const ids: string[] = [];
    for (const subject of ['Old Open Subject', 'Declined Subject', 'New Open Subject', 'Newest Declined Subject']) {
      ids.push((await create(dana, { subject })).json<{ request: ResourceRequest }>().request.id);
    }
    for (const id of [ids[1], ids[3]]) {
      expect((await call(t, cr.cookie, 'POST', `/requests/${id}/decline`, { reason: 'Not taught this year' })).statusCode).toBe(200);
    }
    const listed = await mine(dana);
    expect(listed.map((r) => [r.subject, r.status])).toEqual([
      ['New Open Subject', 'open'],
      ['Old Open Subject', 'open'],
      ['Newest Declined Subject', 'declined'],
      ['Declined Subject', 'declined'],
    ]);
  });

  it('matches an open request against uploads made since: same class, subject, year, type and exam', async () => {
    const emma = await member(t, 'STUDENT', { branch: 'cse', semester: 5 }, 'Emma Student');
    expect((await uploadAs({ subject: 'Computer Networks', resourceType: 'PYQ', exam: 'End-sem' })).statusCode).toBe(201);
    const paper = (await create(emma, { subject: 'computer networks', resourceType: 'PYQ', exam: 'End-sem' })).json<{ request: ResourceRequest }>().request;
    const anyType = (await create(emma, { subject: 'Computer Networks' })).json<{ request: ResourceRequest }>().request;
    // Before anything new: the paper uploaded before the request is not news to it.
    expect((await mine(emma)).find((r) => r.id === paper.id)?.matches).toEqual([]);

    const midSem = (await uploadAs({ subject: 'Computer Networks', resourceType: 'PYQ', exam: 'Mid-sem 1' })).json<{ resource: { id: string } }>().resource.id;
    const notes = (await uploadAs({ subject: 'Computer Networks', resourceType: 'NOTES' })).json<{ resource: { id: string } }>().resource.id;
    const endSem = (await uploadAs({ subject: 'Computer Networks', resourceType: 'PYQ', exam: 'End-sem' })).json<{ resource: { id: string } }>().resource.id;
    await uploadAs({ subject: 'Software Engineering', resourceType: 'PYQ', exam: 'End-sem' });

    const listed = await mine(emma);
    expect(listed.find((r) => r.id === paper.id)?.matches?.map((m) => m.id)).toEqual([endSem]);
    expect(listed.find((r) => r.id === paper.id)?.matches?.[0]).toMatchObject({ subject: 'Computer Networks', resourceType: 'PYQ' });
    expect(listed.find((r) => r.id === anyType.id)?.matches?.map((m) => m.id)).toEqual([endSem, notes, midSem]);

    // The class's CR sees the same in the queue and in the request itself.
    const queue = (await call(t, cr.cookie, 'GET', '/requests/queue')).json<{ requests: ResourceRequest[] }>().requests;
    expect(queue.find((r) => r.id === paper.id)?.matches?.map((m) => m.id)).toEqual([endSem]);
    expect((await call(t, cr.cookie, 'GET', `/requests/${paper.id}`)).json<{ request: ResourceRequest }>().request.matches?.map((m) => m.id)).toEqual([endSem]);

    // Once fulfilled, a request needs no more suggestions.
    expect((await call(t, cr.cookie, 'POST', `/requests/${paper.id}/fulfil`, { resourceId: endSem })).statusCode).toBe(200);
    expect((await mine(emma)).find((r) => r.id === paper.id)?.matches).toBeUndefined();
  });

  it('a past paper uploaded to fulfil a request takes the exam the request names', async () => {
    const fiona = await member(t, 'STUDENT', { branch: 'cse', semester: 5 }, 'Fiona Student');
    const asked = (await create(fiona, { subject: 'Digital Signal Processing', resourceType: 'PYQ', exam: 'Supplementary' })).json<{ request: ResourceRequest }>().request;
    const done = await fulfilByUpload(t, cr.cookie, asked.id, { resourceType: 'PYQ' });
    expect(done.statusCode).toBe(201);
    const id = done.json<{ request: ResourceRequest }>().request.resource!.id;
    const resource = (await call(t, cr.cookie, 'GET', `/resources/${id}`)).json<{ resource: { exam: string | null; resourceType: string } }>().resource;
    expect(resource).toMatchObject({ resourceType: 'PYQ', exam: 'Supplementary' });
  });
});
