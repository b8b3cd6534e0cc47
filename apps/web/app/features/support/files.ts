import { TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from '@souq/contracts/constants';
import type { Translate } from '~/shared/i18n';

export { TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES };

/** What the file inputs offer to pick (the server checks the content again). */
export const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** The type of a file from its first bytes, as the server reads it: JPEG, PNG, PDF, or null. */
export async function sniffFile(file: Blob): Promise<'jpeg' | 'png' | 'pdf' | null> {
  const b = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  if (String.fromCharCode(...b.slice(0, 5)) === '%PDF-') return 'pdf';
  return null;
}

/**
 * Checks files picked for a post before they are sent: at most three, each at most 2 MB, each a real
 * JPEG, PNG or PDF by its first bytes. Answers the files to keep and a message for each one refused.
 */
export async function checkFiles(current: File[], picked: File[], t: Translate): Promise<{ files: File[]; errors: string[] }> {
  const files = [...current];
  const errors: string[] = [];
  for (const f of picked) {
    if (files.length >= TICKET_MAX_FILES) {
      errors.push(t('tickets.too_many_files'));
      break;
    }
    if (f.size > TICKET_MAX_FILE_BYTES) {
      errors.push(t('tickets.file_too_large', { name: f.name }));
      continue;
    }
    if (!(await sniffFile(f))) {
      errors.push(t('tickets.file_bad_type', { name: f.name }));
      continue;
    }
    files.push(f);
  }
  return { files, errors };
}

/** "850 KB" / "1.4 MB" in the page's language. */
export function formatSize(bytes: number, t: Translate): string {
  if (bytes < 1024 * 1024) return t('ticket.size_kb', { n: Math.max(1, Math.round(bytes / 1024)) });
  return t('ticket.size_mb', { n: (bytes / (1024 * 1024)).toFixed(1) });
}
