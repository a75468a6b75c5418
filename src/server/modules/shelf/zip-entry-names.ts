import { stripControlCharacters } from '../../../shared/control-characters.js';
import { RESOURCE_TYPE_NAMES, type ResourceType } from '../../../shared/catalogue.js';

/** What names a file inside the zip. */
export interface NamedResource {
  subject: string;
  resource_type: string;
  academic_year: string;
  original_name: string;
}

const MAX_NAME_LENGTH = 120;

/**
 * Readable, unique, safe names for the files of a zip, in the order given: "Data Structures -
 * Notes - 2024-25 - DS Unit 1.pdf". The subject, type and year say what the file is; the
 * uploader's own file name tells two papers of one class apart. Characters that file systems or
 * unzip tools refuse or misread (path separators, control and bidirectional marks, Windows'
 * reserved punctuation) become spaces or go; a name taken already gets " (2)", " (3)"... in any
 * case, because Windows and macOS compare names ignoring case.
 */
export function zipEntryNames(resources: readonly NamedResource[]): string[] {
  const taken = new Set<string>();
  return resources.map((resource) => {
    const type = RESOURCE_TYPE_NAMES[resource.resource_type as ResourceType] ?? resource.resource_type;
    const original = resource.original_name.replace(/\.pdf$/i, '');
    const base = safeName([resource.subject, type, resource.academic_year, original].map(safeName).filter(Boolean).join(' - ')) || 'file';
    let name = `${base}.pdf`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).pdf`;
    taken.add(name.toLowerCase());
    return name;
  });
}

function safeName(text: string): string {
  // Control characters and bidirectional overrides (which can disguise an extension) go.
  const cleaned = stripControlCharacters(text.normalize('NFC'), { name: true, replacement: '' })
    .replace(/"/g, "'")
    .replace(/[\\/:*?<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // At most MAX_NAME_LENGTH characters (not cutting a surrogate pair), and no leading or trailing
  // dot: "..", or a name Windows would silently shorten.
  return [...cleaned].slice(0, MAX_NAME_LENGTH).join('').replace(/^[.\s]+|[.\s]+$/g, '');
}
