import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, IMAGE_FORMAT_CODE, IMAGE_TOO_LARGE_CODE } from '@join/shared/contract';
import type { Readable } from 'node:stream';
import { DomainError } from '../../platform/domain-error';
import { inputError } from '../../platform/http/http-error';
import { badRequest } from '../../platform/refusals';
import { identityRefusal } from './errors';

/**
 * The identity uploads (multipart/form-data via @fastify/multipart): a few short text fields and
 * one file, `image` (a document's side), or a few (`frame`: the face challenge's camera frames). The file is read up to DOCUMENT_MAX_BYTES and no further (busboy's
 * fileSize limit: the answer is -644 as soon as the limit is passed, the rest of the body is not
 * buffered). Its type is decided from its first bytes, not from the declared content type or
 * name: JPEG or PNG, else -642. The bytes stay in memory only; nothing here logs them.
 */
export interface ImageForm {
  fields: Record<string, string>;
  image: Buffer;
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** 'jpeg' or 'png' by the file's signature; null for anything else (a GIF, a PDF, text). */
export function imageTypeOf(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.length > JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  return null;
}

const FIELD_MAX_BYTES = 100;

class FileTooLarge extends Error {
  readonly code = 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * The file's bytes, refused the moment busboy's fileSize limit is reached (its 'limit' event):
 * toBuffer() would only fail once the truncated part has been read to its end, which for a
 * 40 MB upload means reading 40 MB.
 */
function readFile(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => reject(new FileTooLarge('file too large')));
    file.once('error', reject);
    file.once('end', () => (file.truncated ? reject(new FileTooLarge('file too large')) : resolve(Buffer.concat(chunks))));
  });
}

/** Errors @fastify/multipart and busboy raise on a bad body, as our 400 (or -644 for the size). */
function uploadError(err: unknown, spec: FileSpec): Error {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return identityRefusal(IMAGE_TOO_LARGE_CODE);
  if (code === 'FST_FILES_LIMIT') return badRequest(`body.${spec.field}`, spec.max > 1 ? `send at most ${spec.max} files` : 'send one file only');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest('body', 'has too many fields');
  if (code === 'FST_PROTO_VIOLATION') return badRequest('body', 'has a forbidden field name');
  // Our own refusals (a field named twice, an unknown one: DomainErrors) and Fastify's answer as they are.
  if (err instanceof DomainError || (err instanceof Error && 'statusCode' in err)) return err;
  return badRequest('body', 'is not a well-formed multipart/form-data body');
}

/**
 * Past the size limit the body is not read any further: the parser lets go of the request and the
 * answer closes the connection (rather than the server draining the rest of a large upload).
 */
function stopReading(request: FastifyRequest, reply: FastifyReply): void {
  request.raw.unpipe();
  void reply.header('connection', 'close');
}

/** Which files a form carries: their field name, how many, and the size limit of each. */
export interface FileSpec {
  field: string;
  min: number;
  max: number;
  maxBytes: number;
}

export interface ImagesForm {
  fields: Record<string, string>;
  images: Buffer[];
}

const ONE_IMAGE: FileSpec = { field: 'image', min: 1, max: 1, maxBytes: DOCUMENT_MAX_BYTES };

export async function readImageForm(request: FastifyRequest, reply: FastifyReply, fieldNames: readonly string[]): Promise<ImageForm> {
  const { fields, images } = await readImagesForm(request, reply, fieldNames, ONE_IMAGE);
  const [image] = images;
  if (!image) throw badRequest('body.image', 'is required: a JPEG or PNG photo');
  return { fields, image };
}

/**
 * The text fields and `spec.min` to `spec.max` files named `spec.field` (in the order sent), each
 * checked as readImageForm checks its one image (size while reading: -644; signature: -642).
 */
export async function readImagesForm(request: FastifyRequest, reply: FastifyReply, fieldNames: readonly string[], spec: FileSpec): Promise<ImagesForm> {
  if (!request.isMultipart()) throw inputError('body', `must be multipart/form-data with the fields and ${spec.max > 1 ? 'the image files' : 'an image file'}`, 415);
  const fields: Record<string, string> = {};
  const images: Buffer[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: spec.maxBytes,
        files: spec.max,
        fields: fieldNames.length + 2,
        fieldSize: FIELD_MAX_BYTES,
        parts: fieldNames.length + spec.max + 2,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== spec.field) {
          part.file.resume();
          throw badRequest(`body.${part.fieldname.slice(0, 40)}`, `unknown file field: send the ${spec.max > 1 ? 'photos' : 'photo'} as ${spec.field}`);
        }
        images.push(await readFile(part.file));
      } else {
        if (!fieldNames.includes(part.fieldname)) throw badRequest(`body.${part.fieldname.slice(0, 40)}`, `unknown field ${part.fieldname.slice(0, 40)}`);
        if (part.fieldname in fields) throw badRequest(`body.${part.fieldname}`, 'send it once');
        if (part.valueTruncated) throw badRequest(`body.${part.fieldname}`, 'is too long');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    const error = uploadError(err, spec);
    if ((err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') stopReading(request, reply);
    throw error;
  }
  if (images.length < spec.min) {
    throw badRequest(`body.${spec.field}`, spec.max > 1 ? `send ${spec.min} to ${spec.max} JPEG or PNG photos` : 'is required: a JPEG or PNG photo');
  }
  for (const image of images) {
    if (image.length > spec.maxBytes) throw identityRefusal(IMAGE_TOO_LARGE_CODE);
    if (imageTypeOf(image) === null) throw identityRefusal(IMAGE_FORMAT_CODE);
  }
  return { fields, images };
}
