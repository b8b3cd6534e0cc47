import type { FastifyRequest } from 'fastify';
import { HttpError, validationError } from './route';

/**
 * Reads a multipart form of text fields and at most one file (a profile photo, a shop's logo): the
 * listed text fields (others are ignored), and the named file when it is not empty (other files are
 * read and dropped). A text value over the field size is a 422 on that field, a file over the size
 * limit a 422 with `tooLarge`, too many parts a 413, anything unreadable a 400. The limits themselves
 * are those @fastify/multipart was registered with.
 */
export async function readMultipartForm(
  req: FastifyRequest,
  form: { textFields: ReadonlySet<string>; fileField: string; tooLarge: string },
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === form.fileField && buffer.length > 0) file = buffer;
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
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED') {
      throw new HttpError(413, 'The request has too many parts.');
    }
    throw new HttpError(400, 'Malformed multipart body.');
  }
  return { fields, file };
}
