import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, i18n, store } from '@join/shared';
import { identityApi } from '@join/shared/identity';
import { checkAtom, guidanceAtom } from '../verification/check-store';
import { checkState, documentAnswer, EID_DETAILS, fakeObjectUrls, listen, PASSPORT_DETAILS, renderAt, resetCheck, serverContext, pressLeadsTo, bothSidesTaken } from './check-helpers';

/**
 * The document scan with a fake camera: getUserMedia answers a stream of one track (or refuses),
 * the video reports a 640x360 frame, and the canvas gives pixels of one grey level and a JPEG.
 */
let frameLevel = 150;
function fakeCamera(failure?: string) {
  const track = { stop: jest.fn(), kind: 'video' };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = jest.fn(() => (failure ? Promise.reject(new DOMException('no', failure)) : Promise.resolve(stream)));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { getUserMedia, track };
}

beforeAll(() => {
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 360 });
});

beforeEach(() => {
  resetCheck();
  fakeObjectUrls();
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  frameLevel = 150;
  // A frame of text-like strokes (sharp), at the current light level.
  // Cast: with tfjs's WebGPU types in the program, getContext's overloads start with 'webgpu'.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((() =>
      ({
        drawImage: jest.fn(),
        getImageData: (_x: number, _y: number, w: number, h: number) => {
          const data = new Uint8ClampedArray(w * h * 4);
          for (let p = 0; p < w * h; p += 1) {
            const x = p % w;
            const y = Math.floor(p / w);
            const v = y % 6 < 2 && x % 9 < 6 ? frameLevel / 8 : frameLevel;
            data.set([v, v, v, 255], p * 4);
          }
          return { data, width: w, height: h };
        },
      }) as unknown as CanvasRenderingContext2D)) as unknown as HTMLCanvasElement['getContext']);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob(['jpeg'], { type: 'image/jpeg' })));
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

const openCamera = async () => userEvent.click(await screen.findByRole('button', { name: 'Open the camera' }));
const takePhoto = async () => userEvent.click(await screen.findByRole('button', { name: 'Take photo' }));

describe('the document scan, a resident (/activation_method/scan_document)', () => {
  beforeEach(() => serverContext({ resident_type: 'resident', sim_type: 'esim' }));

  it('says who checks and what is kept, and asks for the camera only on a press, rear camera preferred', async () => {
    const camera = fakeCamera();
    renderAt('/activation_method/scan_document');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan the front of your Emirates ID' })).toHaveFocus();
    expect(screen.getByText('Side 1 of 2')).toBeInTheDocument();
    expect(screen.getByText(/We delete the photos as soon as the check is done/)).toBeInTheDocument();
    expect(camera.getUserMedia).not.toHaveBeenCalled();
    await openCamera();
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    expect(await screen.findByLabelText('Camera picture')).toBeInstanceOf(HTMLVideoElement);
  });

  it.each([
    ['NotAllowedError', 'The camera is not allowed'],
    ['NotFoundError', 'No camera found'],
    ['NotReadableError', 'The camera is busy'],
  ])('explains a camera that cannot be used (%s) and offers the upload', async (failure, title) => {
    fakeCamera(failure);
    const nav = listen('navigate:request');
    renderAt('/activation_method/scan_document');
    await openCamera();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    // The panel's own "Upload a photo instead" is the one on screen (not a second beside it).
    expect(screen.getAllByRole('button', { name: 'Upload a photo instead' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Upload a photo instead' }));
    expect(nav.seen).toEqual([{ from: 'identity', to: '/activation_method/upload_document' }]);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    nav.off();
  });

  it('explains a browser without camera access, with no Try again', async () => {
    renderAt('/activation_method/scan_document');
    await openCamera();
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use the camera');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('takes a photo, shows it with Retake and Use this photo, and retakes', async () => {
    fakeCamera();
    renderAt('/activation_method/scan_document');
    await openCamera();
    await takePhoto();
    expect(await screen.findByRole('img', { name: 'The photo you took' })).toHaveAttribute('src', 'blob:preview');
    // A sharp, well-lit frame: no hints.
    expect(screen.queryByText('This photo may be hard to read')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.queryByRole('img', { name: 'The photo you took' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
  });

  it('hints that a dark photo may be hard to read, and still lets it be used', async () => {
    fakeCamera();
    frameLevel = 30;
    renderAt('/activation_method/scan_document');
    await openCamera();
    await takePhoto();
    const hint = await screen.findByRole('alert');
    expect(hint).toHaveTextContent('This photo may be hard to read');
    expect(hint).toHaveTextContent('It looks dark. Move to better light.');
    expect(screen.getByRole('button', { name: 'Use this photo' })).toBeEnabled();
  });

  it('sends the front, then asks for the back, then goes on to the face with the details kept', async () => {
    fakeCamera();
    const send = bothSidesTaken();
    const nav = listen('navigate:request');
    renderAt('/activation_method/scan_document');
    await openCamera();
    await takePhoto();
    await userEvent.click(await screen.findByRole('button', { name: 'Use this photo' }));
    expect(send).toHaveBeenCalledWith('front', 'scan', expect.any(Blob));
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan the back of your Emirates ID' })).toHaveFocus();
    expect(screen.getByText('Side 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Front done. Now the back of the card.')).toBeInTheDocument();
    await takePhoto();
    await userEvent.click(await screen.findByRole('button', { name: 'Use this photo' }));
    expect(send).toHaveBeenLastCalledWith('back', 'scan', expect.any(Blob));
    await waitFor(() => expect(nav.seen).toEqual([{ from: 'identity', to: '/activation_method/scan_face' }]));
    expect(store.get(checkAtom)).toEqual({ path: 'resident', remaining: [], details: EID_DETAILS, faceMatched: false });
    nav.off();
  });

  it('turns the camera off when the screen goes', async () => {
    const camera = fakeCamera();
    const { unmount } = renderAt('/activation_method/scan_document');
    await openCamera();
    await screen.findByLabelText('Camera picture');
    unmount();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('shows a retake guidance from the server where the photo is taken, and its button starts again', async () => {
    fakeCamera();
    jest.spyOn(identityApi, 'sendDocument').mockRejectedValue(new ApiError('retry scan', { code: -606, status: 422 }));
    renderAt('/activation_method/scan_document');
    await openCamera();
    await takePhoto();
    await userEvent.click(await screen.findByRole('button', { name: 'Use this photo' }));
    const title = await screen.findByRole('heading', { level: 2, name: "Let's take the document photo again" });
    expect(title).toHaveFocus();
    const panel = title.closest('[role="alert"]')!;
    expect(panel).toHaveTextContent("The scan didn't work. Please try again in good light.");
    // One way to take it again: the refused photo's own Use and Retake are gone.
    expect(screen.queryByRole('button', { name: 'Use this photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retake' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Retake the photo', 'Upload a photo instead']);
    await userEvent.click(screen.getByRole('button', { name: 'Retake the photo' }));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
    expect(store.get(guidanceAtom)).toBeNull();
  });

  it('a refused camera photo: switching to the upload leaves its panel behind', async () => {
    fakeCamera();
    jest.spyOn(identityApi, 'sendDocument').mockRejectedValue(new ApiError('retry scan', { code: -606, status: 422 }));
    const nav = listen('navigate:request');
    const view = renderAt('/activation_method/scan_document');
    await openCamera();
    await takePhoto();
    await userEvent.click(await screen.findByRole('button', { name: 'Use this photo' }));
    await screen.findByRole('heading', { level: 2, name: "Let's take the document photo again" });
    await userEvent.click(screen.getByRole('button', { name: 'Upload a photo instead' }));
    expect(nav.seen).toEqual([{ from: 'identity', to: '/activation_method/upload_document' }]);
    nav.off();
    // The host shows the upload screen for that route.
    view.unmount();
    renderAt('/activation_method/upload_document');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload photos of your Emirates ID' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: "Let's take the document photo again" })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a refused photo, one button to take it again in Arabic too (not two that say the same)', async () => {
    i18n.set('ar', {
      'identity.document.retake': 'أعد الالتقاط',
      'identity.guidance.retake_document.action': 'أعد التقاط الصورة',
      'identity.document.use': 'استخدم هذه الصورة',
    });
    act(() => i18n.setLanguage('ar'));
    try {
      fakeCamera();
      jest.spyOn(identityApi, 'sendDocument').mockRejectedValue(new ApiError('retry scan', { code: -606, status: 422 }));
      renderAt('/activation_method/scan_document');
      await userEvent.click(await screen.findByRole('button', { name: i18n.t('identity.document.openCamera') }));
      await userEvent.click(await screen.findByRole('button', { name: i18n.t('identity.document.capture') }));
      await userEvent.click(await screen.findByRole('button', { name: 'استخدم هذه الصورة' }));
      await screen.findByRole('button', { name: 'أعد التقاط الصورة' });
      expect(screen.queryByRole('button', { name: 'أعد الالتقاط' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'استخدم هذه الصورة' })).not.toBeInTheDocument();
    } finally {
      act(() => i18n.setLanguage('en'));
    }
  });

  it('asks for the residency answer first when the server has another', async () => {
    serverContext({ resident_type: 'non_resident', sim_type: 'esim' });
    await pressLeadsTo('/activation_method/scan_document', 'Answer the questions', '/activation_method', 'First, tell us whether you live in the UAE');
  });
});

describe('the document scan, a visitor (/id_check)', () => {
  beforeEach(() => serverContext({ resident_type: 'non_resident', sim_type: 'esim' }));

  it('asks for the passport photo page, one side, with the passport-shaped guide', async () => {
    fakeCamera();
    const send = jest.spyOn(identityApi, 'sendDocument').mockResolvedValue(documentAnswer({ kind: 'passport', side: 'data_page', remaining_sides: [], details: PASSPORT_DETAILS }));
    const nav = listen('navigate:request');
    const { container } = renderAt('/id_check');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan your passport photo page' })).toHaveFocus();
    expect(screen.queryByText(/Side 1 of/)).not.toBeInTheDocument();
    expect(container.querySelector('.identity-camera--passport')).not.toBeNull();
    await openCamera();
    await takePhoto();
    await userEvent.click(await screen.findByRole('button', { name: 'Use this photo' }));
    expect(send).toHaveBeenCalledWith('data_page', 'scan', expect.any(Blob));
    await waitFor(() => expect(nav.seen).toEqual([{ from: 'identity', to: '/id_check/face' }]));
    nav.off();
  });

  it('offers "I live in the UAE" to change the answer', async () => {
    await pressLeadsTo('/id_check', 'I live in the UAE', '/activation_method');
  });

  it('always offers the upload', async () => {
    await pressLeadsTo('/id_check', 'Upload a photo instead', '/id_check/upload');
  });

  it('starts again from the first side when every side was sent and the visitor is back (a retake)', async () => {
    checkState({ path: 'non_resident', remaining: [], details: PASSPORT_DETAILS });
    renderAt('/id_check');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan your passport photo page' })).toBeInTheDocument();
  });
});
