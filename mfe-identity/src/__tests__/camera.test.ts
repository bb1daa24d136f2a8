import { cameraFailureOf, CameraError, openCamera, FACE_CAMERA, DOCUMENT_CAMERA } from '../camera';

/** The one camera module: both scans read getUserMedia's refusals the same way. */
describe('the camera', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });

  it('sorts getUserMedia refusals by what the visitor can do, the older names too', () => {
    expect(['NotAllowedError', 'SecurityError', 'PermissionDeniedError'].map((n) => cameraFailureOf(named(n)))).toEqual(['denied', 'denied', 'denied']);
    expect(['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError'].map((n) => cameraFailureOf(named(n)))).toEqual(['none', 'none', 'none']);
    expect(['NotReadableError', 'AbortError', 'TrackStartError'].map((n) => cameraFailureOf(named(n)))).toEqual(['in_use', 'in_use', 'in_use']);
    expect(cameraFailureOf(new TypeError('constraints'))).toBe('unsupported');
    expect(cameraFailureOf({ name: 'SomethingNew' })).toBe('failed');
    expect(cameraFailureOf(null)).toBe('failed');
  });

  it('opens the camera each scan asks for, and says why not with one error type', async () => {
    const getUserMedia = jest.fn().mockRejectedValueOnce(named('NotAllowedError')).mockResolvedValueOnce('stream');
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    const refused = await openCamera(FACE_CAMERA).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CameraError);
    expect((refused as CameraError).reason).toBe('denied');
    await expect(openCamera()).resolves.toBe('stream');
    expect(getUserMedia.mock.calls).toEqual([[FACE_CAMERA], [DOCUMENT_CAMERA]]);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    await expect(openCamera(FACE_CAMERA)).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
