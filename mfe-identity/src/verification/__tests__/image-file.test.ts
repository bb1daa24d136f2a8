import { DOCUMENT_MAX_BYTES } from '@join/shared/identity';
import { checkImageFile, sniffImageType, withType } from '../image-file';

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('sniffImageType', () => {
  it('knows a JPEG and a PNG by their first bytes', () => {
    expect(sniffImageType(new Uint8Array(JPEG_HEAD))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array(PNG_HEAD))).toBe('image/png');
  });

  it('knows nothing else, whatever it is called', () => {
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBeNull(); // GIF
    expect(sniffImageType(new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]))).toBeNull(); // HEIC
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe('checkImageFile', () => {
  it('takes a JPEG or a PNG within the limit', async () => {
    await expect(checkImageFile(new File([new Uint8Array(JPEG_HEAD)], 'id.jpg', { type: 'image/jpeg' }))).resolves.toEqual({ ok: true, type: 'image/jpeg' });
    await expect(checkImageFile(new File([new Uint8Array(PNG_HEAD)], 'id.png'))).resolves.toEqual({ ok: true, type: 'image/png' });
  });

  it('refuses a file whose bytes are not an image it takes, even named .jpg (-642)', async () => {
    await expect(checkImageFile(new File(['GIF89a……'], 'id.jpg', { type: 'image/jpeg' }))).resolves.toEqual({ ok: false, code: -642 });
  });

  it('refuses a file over the limit (-644), after the type', async () => {
    const big = new File([new Uint8Array(JPEG_HEAD), new Uint8Array(DOCUMENT_MAX_BYTES)], 'big.jpg');
    await expect(checkImageFile(big)).resolves.toEqual({ ok: false, code: -644 });
    await expect(checkImageFile(new File([new Uint8Array(20)], 'x.jpg'), 10)).resolves.toEqual({ ok: false, code: -642 });
  });

  it('sends a file with the type its bytes say', () => {
    const named = new File([new Uint8Array(PNG_HEAD)], 'photo.jpg', { type: 'image/jpeg' });
    expect(withType(named, 'image/png').type).toBe('image/png');
    const right = new File([new Uint8Array(PNG_HEAD)], 'photo.png', { type: 'image/png' });
    expect(withType(right, 'image/png')).toBe(right);
  });
});
