/**
 * The class and fields of a user's last batch upload, offered again for the next one (issue 36):
 * a CR uploads a term's papers over several sittings. Kept per user in this browser only; storage
 * may be unavailable (private modes), and then nothing is remembered.
 */
const key = (userId: string) => `studyshelf.uploadChoices.${userId}`;

const REMEMBERED = ['course', 'branch', 'semester', 'subject', 'resourceType', 'academicYear', 'exam', 'examMonth', 'examYear'] as const;

export type UploadChoices = Partial<Record<(typeof REMEMBERED)[number], string>>;

export function readUploadChoices(userId: string): UploadChoices {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '{}');
    if (!saved || typeof saved !== 'object') return {};
    return Object.fromEntries(REMEMBERED.flatMap((name) => {
      const value = (saved as Record<string, unknown>)[name];
      return typeof value === 'string' ? [[name, value]] : [];
    }));
  } catch {
    return {};
  }
}

export function writeUploadChoices(userId: string, values: UploadChoices): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify(Object.fromEntries(REMEMBERED.map((name) => [name, values[name] ?? '']))));
  } catch {
    // Not remembering is harmless: the upload itself went through.
  }
}
