import type { FastifyRequest } from 'fastify';
import { HttpError, validationError } from './route';

/**
 * Reads a multipart form of text fields and files (a profile photo, a shop's logo, a review's photos):
 * the listed text fields (others are ignored), and the files sent as `fileField` (or `fileField[]`,
 * `fileField[0]`, as PHP-style clients name several) that are not empty (other files are read and
 * dropped). A text value over the field size is a 422 on that field, a file over the size limit a 422
 * with `tooLarge`, more files than the limit a 422 with `tooMany` when given (else 413), too many parts a
 * 413, anything unreadable a 400. The limits themselves are those @fastify/multipart was registered with.
 */
export async function readMultipartForm(
  req: FastifyRequest,
  form: { textFields: ReadonlySet<string>; fileField: string; tooLarge: string; tooMany?: string },
): Promise<{ fields: Record<string, string>; file: Buffer | null; files: Buffer[] }> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  const named = new RegExp(`^${form.fileField}(\\[\\d*\\])?$`);
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (named.test(part.fieldname) && buffer.length > 0) files.push(buffer);
      } else if (form.textFields.has(part.fieldname)) {
        if (part.valueTruncated)
          throw validationError({ [part.fieldname]: [`The ${part.fieldname.replace(/_/g, ' ')} field is too long.`] });
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ [form.fileField]: [form.tooLarge] });
    if (error instanceof HttpError) throw error;
    if (code === 'FST_FILES_LIMIT' && form.tooMany) throw validationError({ [form.fileField]: [form.tooMany] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'The request has too many parts.');
    }
    throw new HttpError(400, 'Malformed multipart body.');
  }
  return { fields, file: files[0] ?? null, files };
}
