import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/account.js';
import type { RateLimitHold, RateLimitRule } from '../accounts/rate-limiter.js';
import type { HeaderOcr, HeaderReading } from './header-ocr-pool.js';
import { HEADER_READS_AT_ONCE } from '../../../shared/upload-guess.js';
import { UploadGuessService } from './upload-guess.service.js';

/** A rate limiter's counting, in memory: the database-backed one is covered by the API tests. */
function countingLimiter() {
  const counts = new Map<string, number>();
  return {
    counts,
    async take(key: string, rule: RateLimitRule) {
      const taken = counts.get(key) ?? 0;
      if (taken >= rule.max) return { retryAfterSeconds: 60 };
      counts.set(key, taken + 1);
      return { held: { key, windowStartMs: 0 } };
    },
    async release(hold: RateLimitHold) {
      counts.set(hold.key, (counts.get(hold.key) ?? 0) - 1);
    },
  };
}

/** OCR that answers the readings it is given, in order, and counts what it was asked. */
function scriptedOcr(...readings: HeaderReading[]) {
  const ocr = { asked: 0, read: async () => readings[ocr.asked++] ?? { unread: 'busy' as const }, close: async () => undefined };
  return ocr satisfies HeaderOcr;
}

describe('UploadGuessService: header OCR per uploader', () => {
  const strip = `data:image/jpeg;base64,${readFileSync(new URL('../../../../tests/fixtures/header-strips/anlp-mid-2023.jpg', import.meta.url)).toString('base64')}`;
  const user = { id: 'cr-1' } as SessionUser;
  const limits = {
    public: { academicYearsShown: 4, firstAcademicYear: 2022, exams: ['Mid-sem 1', 'End-sem'] },
    headerOcr: { perUser: { max: 1, windowMs: 600_000 } },
  };
  const serviceWith = (ocr: HeaderOcr, limiter = countingLimiter()) => ({
    limiter,
    service: new UploadGuessService({ listSubjects: async () => [] }, { list: async () => [] }, limits, limiter, ocr),
  });
  const scan = { fileName: 'scan0001.pdf', text: '', headerImage: strip, branch: 'cse', semester: 5 };
  const header = { text: 'Mid Semester Examination - I, Sep 22, 2023' };

  it('gives back a strip that never reached OCR (the line was full), so it does not count', async () => {
    const ocr = scriptedOcr({ unread: 'busy' }, header);
    const { service, limiter } = serviceWith(ocr);
    expect(await service.guess(user, scan)).toEqual({ guess: {} });
    expect(limiter.counts.get('header-ocr:user:cr-1')).toBe(0);
    expect((await service.guess(user, scan)).guess.exam).toEqual({ value: 'Mid-sem 1', from: 'scanned header' });
    // The one strip allowed is spent: the next is not sent to OCR at all.
    expect(await service.guess(user, scan)).toEqual({ guess: {}, headerNotRead: 'limit' });
    expect(ocr.asked).toBe(2);
  });

  it('keeps counting a strip OCR tried and gave up on (too slow, too big): it cost the line its time', async () => {
    const ocr = scriptedOcr({ unread: 'failed' }, header);
    const { service } = serviceWith(ocr);
    expect(await service.guess(user, scan)).toEqual({ guess: {} });
    expect(await service.guess(user, scan)).toEqual({ guess: {}, headerNotRead: 'limit' });
    expect(ocr.asked).toBe(1);
  });

  it('reads at most HEADER_READS_AT_ONCE of one uploader\'s strips at once; another uploader is not held up', async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ocr: HeaderOcr & { asked: number } = {
      asked: 0,
      read: async () => {
        ocr.asked++;
        await gate;
        return header;
      },
      close: async () => undefined,
    };
    const wide = { ...limits, headerOcr: { perUser: { max: 100, windowMs: 600_000 } } };
    const roomy = new UploadGuessService({ listSubjects: async () => [] }, { list: async () => [] }, wide, countingLimiter(), ocr);
    const first = [roomy.guess(user, scan), roomy.guess(user, scan)];
    // The third is answered at once from its name: the uploader's two places are taken.
    expect(await roomy.guess(user, scan)).toEqual({ guess: {} });
    const other = roomy.guess({ id: 'cr-2' } as SessionUser, scan);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ocr.asked).toBe(HEADER_READS_AT_ONCE + 1);
    open();
    for (const answer of await Promise.all([...first, other])) expect(answer.guess.exam?.from).toBe('scanned header');
    // Its places free again, the uploader's next strip is read.
    expect((await roomy.guess(user, scan)).guess.exam?.from).toBe('scanned header');
  });

  it('answers from the name when the limit cannot be checked (its database failing)', async () => {
    const ocr = scriptedOcr(header);
    const broken = { take: async () => Promise.reject(new Error('database gone')), release: async () => undefined };
    const service = new UploadGuessService({ listSubjects: async () => [] }, { list: async () => [] }, limits, broken, ocr);
    expect(await service.guess(user, scan)).toEqual({ guess: {} });
    expect(ocr.asked).toBe(0);
  });
});
