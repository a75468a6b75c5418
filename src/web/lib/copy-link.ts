import { SHELF_MESSAGES } from '@shared/shelf';
import { toast } from './toast';

/**
 * Copies an address of this site (a path such as /filter-resources?preview=id) as a full link,
 * with a toast either way. The Clipboard API needs a secure context: on a plain-http campus
 * server a hidden text field and the older copy command do it instead.
 */
export async function copyLink(path: string): Promise<void> {
  const link = new URL(path, window.location.origin).href;
  try {
    if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(link);
    else copyWithTextField(link);
    toast.success(SHELF_MESSAGES.linkCopied, { id: 'copy-link' });
  } catch {
    toast.error(SHELF_MESSAGES.linkCopyFailed, { id: 'copy-link' });
  }
}

function copyWithTextField(text: string): void {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  // Inside an open modal dialog the rest of the page is inert: the field must sit in the dialog.
  (document.querySelector('dialog[open]') ?? document.body).append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('copy refused');
}
