import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { open, readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SessionUser } from '../../../shared/account.js';
import type { PublicConfig } from '../../../shared/public-config.js';
import { RESOURCE_MESSAGES, fileTooLargeMessage, maxUploadBytes } from '../../../shared/resource.js';
import { uploadAcademicYears, uploadFieldsSchemaFor, type UploadFields } from '../../../shared/upload-fields.js';
import { HttpError } from '../../http/http-error.js';
import type { AccountLookup } from '../accounts/account-lookup.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { AliasService } from '../search/alias.service.js';
import { ImportSetupError, manifestEntries, matchExam, matchSubject, namedFields, patternMatcher, type ImportEntry } from './import-manifest.js';
import type { PdfInspection } from './pdf-inspection-pool.js';
import { SIGNATURE_WINDOW, isPdfUpload } from './pdf-signature.js';
import { describeResource } from './resource.presenter.js';
import type { ResourceRepository } from './resource.repository.js';
import { closestPaper, type LibraryPaper } from './near-duplicate.js';
import { nearDuplicate, pdfRefused } from './resource-errors.js';
import type { ResourceService } from './resource.service.js';

/** Where the fields come from: a CSV manifest (a path), or a file-name pattern. */
export type ImportSource = { manifest: string } | { pattern: string };

export interface ImportOptions {
  dir: string;
  /** Without one, DIR/manifest.csv when it exists. */
  source?: ImportSource;
  /** Fields every file gets unless its manifest row or name says otherwise (--branch, --semester, --type…). */
  defaults?: Record<string, string>;
  /** Check and report only: no byte stored, no row written. */
  dryRun?: boolean;
  uploader: SessionUser;
  /** Import papers whose text is nearly that of one in the library (the web form asks; here it is set once). */
  confirmNearDuplicates?: boolean;
  /** Stops before the next file (the file under way finishes or is undone). */
  signal?: AbortSignal;
  /** Told the number of files, then of each file's result as it is decided. */
  onStart?: (total: number) => void;
  onFile?: (result: ImportFileResult) => void;
}

export type ImportOutcome = 'imported' | 'duplicate' | 'refused';
export interface ImportFileResult {
  file: string;
  outcome: ImportOutcome;
  /** Why a file was refused or skipped; for a dry run's "imported", what it would become. */
  reason?: string;
  resourceId?: string;
}
export interface ImportSummary {
  dryRun: boolean;
  total: number;
  imported: number;
  duplicate: number;
  refused: number;
  /** Stopped by the signal before every file was seen. */
  stopped: boolean;
  results: ImportFileResult[];
}

const MANIFEST_NAME = 'manifest.csv';

/**
 * `npm run admin -- import DIR`: an archive of PDFs into the library as an admin's uploads. A
 * real run hands each file to ResourceService.upload, the web upload's own path (PDF check, size
 * limit, duplicate refusal, storage, processing job); a dry run makes the same checks without
 * storing. A file already in the library (same SHA-256) is skipped, so a run stopped halfway and
 * started again imports only the rest.
 */
export class ArchiveImportService {
  private readonly maxBytes: number;

  constructor(
    private readonly resources: ResourceService,
    private readonly repository: Pick<ResourceRepository, 'findBySha256'>,
    private readonly catalogue: CatalogueService,
    private readonly aliases: Pick<AliasService, 'list'>,
    private readonly pdfs: PdfInspection,
    private readonly findAccount: AccountLookup,
    private readonly limits: { maxUploadMb: number; public: PublicConfig },
  ) {
    this.maxBytes = maxUploadBytes(limits.maxUploadMb);
  }

  /** Whose uploads the files become: the administrator with this address, or the first one. */
  async uploader(email?: string): Promise<SessionUser> {
    const user = await this.findAccount(email);
    if (!user) throw new ImportSetupError(email ? `No account has the address ${email}.` : 'There is no administrator yet: create one with create-admin first.');
    if (user.role !== 'ADMIN') throw new ImportSetupError(`${user.email} is not an administrator; imports are made as one.`);
    return user;
  }

  async run(options: ImportOptions): Promise<ImportSummary> {
    const entries = await this.entries(options);
    const summary: ImportSummary = { dryRun: !!options.dryRun, total: entries.length, imported: 0, duplicate: 0, refused: 0, stopped: false, results: [] };
    options.onStart?.(entries.length);
    // Files of this run by content: two copies in one archive are one paper.
    const seen: RunSoFar = { hashes: new Map(), papers: [] };
    for (const entry of entries) {
      if (options.signal?.aborted) {
        summary.stopped = true;
        break;
      }
      const result = { file: entry.file, ...(await this.importOne(entry, options, seen)) };
      summary[result.outcome]++;
      summary.results.push(result);
      options.onFile?.(result);
    }
    return summary;
  }

  /** The files to import, in order, each with its raw fields or why it has none. */
  private async entries(options: ImportOptions): Promise<Array<ImportEntry & { error?: string }>> {
    const defaults = namedFields(options.defaults ?? {});
    let source = options.source;
    if (!source && existsSync(path.join(options.dir, MANIFEST_NAME))) source = { manifest: path.join(options.dir, MANIFEST_NAME) };
    if (!source) throw new ImportSetupError(`No ${MANIFEST_NAME} in ${options.dir}: give --manifest FILE or --pattern "{subject}_{exam}_{year}.pdf".`);
    if ('manifest' in source) {
      const rows = manifestEntries(await readFile(source.manifest, 'utf8'));
      return rows.map((row) => ({ file: row.file, fields: { ...defaults, ...row.fields }, error: row.file ? undefined : 'the manifest row names no file' }));
    }
    const match = patternMatcher(source.pattern);
    const files = (await readdir(options.dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && !e.name.startsWith('.') && e.name !== MANIFEST_NAME)
      .map((e) => path.relative(options.dir, path.join(e.parentPath, e.name)))
      .sort();
    return files.map((file) => {
      const fields = match(path.basename(file));
      return { file, fields: { ...defaults, ...fields }, error: fields ? undefined : `its name does not match the pattern ${source.pattern}` };
    });
  }

  private async importOne(entry: ImportEntry & { error?: string }, options: ImportOptions, seen: RunSoFar): Promise<Omit<ImportFileResult, 'file'>> {
    const refused = (reason: string) => ({ outcome: 'refused' as const, reason });
    if (entry.error) return refused(entry.error);
    const checked = await this.checkFields(entry.fields);
    if (typeof checked === 'string') return refused(checked);
    const fields: UploadFields = { ...checked, confirmNearDuplicate: options.confirmNearDuplicates ? 'true' : undefined };
    const file = path.resolve(options.dir, entry.file);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return refused('no such file');
    if (info.size > this.maxBytes) return refused(fileTooLargeMessage(this.limits.maxUploadMb));
    const { head, sha256 } = await hashFile(file);
    if (!isPdfUpload(head)) return refused(RESOURCE_MESSAGES.notPdf);
    const existing = await this.repository.findBySha256(sha256);
    if (existing) return { outcome: 'duplicate', reason: `already in the library as ${describeResource(existing)}`, resourceId: existing.id };
    const earlier = seen.hashes.get(sha256);
    if (earlier) return { outcome: 'duplicate', reason: `the same file as ${earlier}` };
    seen.hashes.set(sha256, entry.file);
    try {
      if (options.dryRun) return { outcome: 'imported', reason: await this.wouldImport(file, info.size, fields, entry.file, seen.papers) };
      const resource = await this.resources.upload(options.uploader, { fields, file: { stream: createReadStream(file), filename: path.basename(file) } });
      return { outcome: 'imported', reason: resource.title, resourceId: resource.id };
    } catch (error) {
      // A refusal of this file; anything else (the database or storage gone) stops the run.
      if (!(error instanceof HttpError)) throw error;
      return { outcome: error.code === 'DUPLICATE' ? 'duplicate' : 'refused', reason: error.message };
    }
  }

  /** The upload form's schema (the years and exams the server offers), then branch and subject against the catalogue. */
  private async checkFields(raw: Record<string, string>): Promise<Omit<UploadFields, 'confirmNearDuplicate'> | string> {
    const { academicYearsShown, firstAcademicYear, exams } = this.limits.public;
    const schema = uploadFieldsSchemaFor(uploadAcademicYears(academicYearsShown, firstAcademicYear), { exams, firstYear: firstAcademicYear });
    const parsed = schema.safeParse({ ...raw, exam: raw.exam && (matchExam(raw.exam, exams) ?? raw.exam) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      return `${field ? `${field}: ` : ''}${issue.message}${field && raw[field] ? ` (got "${raw[field]}")` : ''}`;
    }
    const fields = parsed.data;
    if (!(await this.catalogue.listBranches()).some((b) => b.id === fields.branch)) return `branch: unknown branch "${fields.branch}"`;
    const subjects = (await this.catalogue.listSubjects({ branch: fields.branch, semester: fields.semester })).map((s) => s.name);
    const subject = matchSubject(fields.subject, subjects, await this.aliases.list());
    if (!subject) return `subject: unknown subject "${fields.subject}" for ${fields.branch.toUpperCase()} semester ${fields.semester} (add it to the catalogue, or fix the row)`;
    return { ...fields, subject };
  }

  /** A dry run's last checks, those an upload makes after storing: pdf.js opens it, and it is no near-duplicate. */
  private async wouldImport(file: string, size: number, fields: UploadFields, name: string, earlier: RunSoFar['papers']): Promise<string> {
    const handle = await open(file);
    try {
      const verdict = await this.pdfs.inspect(size, async (start, end) => {
        const buffer = Buffer.alloc(end - start + 1);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
        return buffer.subarray(0, bytesRead);
      });
      if (!verdict.ok) throw pdfRefused(verdict.reason);
      if (fields.confirmNearDuplicate !== 'true') {
        await this.resources.refuseNearDuplicate(fields.subject, verdict.text);
        // A real run would have stored the earlier files by now, and the upload would compare
        // against them (once processed); a dry run stored nothing, so it compares with them here.
        const twin = verdict.text ? closestPaper(verdict.text, earlier.filter((paper) => paper.subject === fields.subject)) : undefined;
        if (twin) throw nearDuplicate(twin);
        earlier.push({ id: name, title: name, text: verdict.text, subject: fields.subject });
      }
      return `${fields.subject}, ${fields.resourceType}, sem${fields.semester}, ${fields.branch.toUpperCase()}, ${fields.academicYear}${fields.exam ? `, ${fields.exam}` : ''}${fields.examYear ? ` ${fields.examYear}` : ''}`;
    } finally {
      await handle.close();
    }
  }
}

/** What a run has seen so far: each file's hash, and (in a dry run) the text of each paper it would import. */
interface RunSoFar {
  hashes: Map<string, string>;
  papers: Array<LibraryPaper & { subject: string }>;
}

/** The file's first KB (the PDF signature check) and SHA-256, in one read. */
async function hashFile(file: string): Promise<{ head: Uint8Array; sha256: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let headBytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    if (headBytes < SIGNATURE_WINDOW) {
      chunks.push(chunk);
      headBytes += chunk.length;
    }
  }
  return { head: Buffer.concat(chunks).subarray(0, SIGNATURE_WINDOW), sha256: hash.digest('hex') };
}
