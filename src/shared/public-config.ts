import { z } from './zod.js';
import { DEFAULT_ACADEMIC_YEARS_SHOWN, MAX_ACADEMIC_YEARS_SHOWN } from './academic-years.js';
import { DEFAULT_EXAMS } from './exams.js';

export const MAX_EXAMS = 12;

/**
 * The part of the server configuration the browser may see. The server writes it into a
 * <meta> tag of index.html (no inline script, so the CSP stays strict) and the web app reads it
 * synchronously at start-up.
 */
export const publicConfigSchema = z.object({
  productName: z.string(),
  productTagline: z.string(),
  institutionName: z.string(),
  institutionEmailDomain: z.string(),
  maxUploadMb: z.number().check(z.int(), z.positive()),
  /** ACADEMIC_YEARS_SHOWN: the forms offer the current academic year and this many minus one before it. */
  academicYearsShown: z._default(
    z.number().check(z.int(), z.minimum(1), z.maximum(MAX_ACADEMIC_YEARS_SHOWN)),
    DEFAULT_ACADEMIC_YEARS_SHOWN,
  ),
  /** FIRST_ACADEMIC_YEAR: uploads accept any academic year from this one's to the current. */
  firstAcademicYear: z._default(z.number().check(z.int()), 2008),
  /** EXAMS: what a past paper may be for. */
  exams: z._default(z.array(z.string()), [...DEFAULT_EXAMS]),
  /** Sign-in (decision 052): a button per OpenID Connect provider; passwordLogin false = buttons only. */
  sso: z._default(
    z.object({ providers: z.array(z.object({ id: z.string(), label: z.string() })), passwordLogin: z.boolean() }),
    { providers: [], passwordLogin: true },
  ),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_META_NAME = 'studyshelf-config';

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  productName: 'StudyShelf',
  productTagline: 'Notes, papers and practicals, shared by students',
  institutionName: 'Example Institute of Technology',
  institutionEmailDomain: 'example.edu',
  maxUploadMb: 20,
  academicYearsShown: DEFAULT_ACADEMIC_YEARS_SHOWN,
  firstAcademicYear: 2008,
  exams: [...DEFAULT_EXAMS],
  sso: { providers: [], passwordLogin: true },
};
