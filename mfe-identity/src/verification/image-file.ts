import { DOCUMENT_MAX_BYTES, IMAGE_FORMAT_CODE, IMAGE_TOO_LARGE_CODE } from '@join/shared/identity';

/**
 * The browser's check of a chosen file before it is sent (the server checks the same again):
 * the type from the file's first bytes, not its name or the type the browser guessed from the
 * name (a renamed HEIC is not a JPEG), then the size. SPEC 8: -642 unsupported image format,
 * -644 image too large.
 */
export type ImageType = 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type its first bytes say, or null: JPEG starts FF D8 FF, PNG with its 8-byte signature. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

export type FileCheck = { ok: true; type: ImageType } | { ok: false; code: typeof IMAGE_FORMAT_CODE | typeof IMAGE_TOO_LARGE_CODE };

/** Reads the first bytes of a Blob (FileReader: jsdom's Blob has no arrayBuffer in every version). */
function readHead(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

/** The type first (a wrong type is the first thing to fix), then the size. */
export async function checkImageFile(file: Blob, maxBytes = DOCUMENT_MAX_BYTES): Promise<FileCheck> {
  const type = sniffImageType(await readHead(file, PNG_SIGNATURE.length));
  if (!type) return { ok: false, code: IMAGE_FORMAT_CODE };
  if (file.size > maxBytes) return { ok: false, code: IMAGE_TOO_LARGE_CODE };
  return { ok: true, type };
}

/** The file as sent: with the type its bytes say (the name may say otherwise). */
export function withType(file: Blob, type: ImageType): Blob {
  return file.type === type ? file : new Blob([file], { type });
}
