import '@join/shared/identity';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import type { FaceBox, FacePrompt } from '../geometry';
import { forgetFaceDetector } from '../detector';
import FaceScan from '../face-scan';

/**
 * The face scan with a fake @vladmandic/human (its detect answers with `scene`, the faces of the
 * current frame), a fake getUserMedia and a fake 640 x 480 video: each state the visitor can see,
 * the challenge and the capture, the camera's and the model's failures, and the camera stopped.
 */

/** What the fake detector sees now (boxes in 640 x 480 video pixels; the oval is 252 x 336 at the centre). */
let scene: FaceBox[] = [];
const face = (height: number, cx = 320, cy = 240): FaceBox => ({ x: cx - 0.4 * height, y: cy - height / 2, width: 0.8 * height, height, score: 0.95 });
const WELL_PLACED = face(200);
const CLOSER = face(250);

const human = {
  load: jest.fn(async () => {}),
  detect: jest.fn(async () => ({ face: scene.map((f) => ({ box: [f.x, f.y, f.width, f.height], score: f.score })) })),
  tf: { getBackend: jest.fn(() => 'wasm') },
  models: { list: jest.fn(() => [{ name: 'blazeface', loaded: true, size: 538928, url: 'x' }]) },
};
const Human = jest.fn((_config: unknown) => human);
// A constructor (human is used with `new`) that hands back the fake above.
// (Virtual: the build reaches human's tfjs-less file through an alias, not a package export.)
jest.mock(
  '@vladmandic/human/dist/human.esm-nobundle',
  () => ({
    Human: function FakeHuman(config: unknown) {
      return Human(config);
    },
  }),
  { virtual: true },
);

/** A camera whose one track records stop(). */
function fakeCamera(fail?: string) {
  const track = { stop: jest.fn(), kind: 'video' };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = jest.fn(async () => {
    if (fail) throw new DOMException('fake', fail);
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { track, getUserMedia };
}

/** Pixels of the brightness probe: mid-grey unless the test darkens them. */
let luminance = 128;
/** The canvases encoded as JPEG (jsdom's Blob cannot be read back). */
const encoded: { blob: Blob; width: number; height: number }[] = [];

beforeAll(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: jest.fn(() => Promise.resolve()) });
});

beforeEach(() => {
  scene = [];
  luminance = 128;
  encoded.length = 0;
  forgetFaceDetector();
  human.load.mockImplementation(async () => {});
  human.models.list.mockImplementation(() => [{ name: 'blazeface', loaded: true, size: 538928, url: 'x' }]);
  (jest.spyOn(HTMLCanvasElement.prototype, 'getContext') as unknown as jest.SpyInstance<unknown>).mockImplementation(
    () =>
      ({
        drawImage: jest.fn(),
        getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(luminance) }),
      }) as unknown as CanvasRenderingContext2D,
  );
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback, type?: string) {
    const blob = new Blob(['jpeg'], { type });
    encoded.push({ blob, width: this.width, height: this.height });
    cb(blob);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

const NONCE = 'n'.repeat(43);
/** The server's challenge: "closer" unless a test asks for another prompt. */
const challengeOf = (prompt: FacePrompt = 'closer') => jest.fn(async () => ({ nonce: NONCE, prompt }));

/** Renders the scan and plays the fake video (its first frame arrives). */
async function renderScan(props: Partial<Parameters<typeof FaceScan>[0]> = {}) {
  const onCapture = props.onCapture ?? jest.fn();
  const getChallenge = props.getChallenge ?? challengeOf();
  const view = render(<FaceScan onCapture={onCapture} getChallenge={getChallenge} {...props} />);
  const video = await screen.findByLabelText('Camera preview of your face');
  await waitFor(() => expect((video as HTMLVideoElement).srcObject).toBeTruthy());
  fireEvent(video, new Event('loadeddata'));
  return { ...view, onCapture, getChallenge, video, root: view.container.querySelector('.face-scan') as HTMLElement };
}

const LONG = { timeout: 3000 };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const said = (text: string) => screen.findByText(text, undefined, LONG);

describe('the face scan', () => {
  it('starts the front camera and loads only the face detector, from our own URLs, on the WASM backend', async () => {
    const { getUserMedia } = fakeCamera();
    await renderScan();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: expect.objectContaining({ facingMode: 'user' }) });
    await waitFor(() => expect(Human).toHaveBeenCalled());
    type Part = { enabled?: boolean; modelPath?: string };
    const config = Human.mock.calls[0]![0] as { backend: string; cacheModels: boolean; wasmPath: object; face: Record<string, Part | undefined> };
    const part = (name: string) => (config as unknown as Record<string, Part | undefined>)[name];
    expect(config.backend).toBe('wasm');
    expect(config.cacheModels).toBe(false);
    expect(config.face.detector?.modelPath).toBe('blazeface.json');
    expect(Object.keys(config.wasmPath)).toEqual(['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm']);
    expect(JSON.stringify(config)).not.toMatch(/https?:/);
    for (const off of ['mesh', 'iris', 'emotion', 'description', 'antispoof', 'liveness']) expect(config.face[off]?.enabled).toBe(false);
    for (const off of ['body', 'hand', 'object', 'segmentation', 'gesture']) expect(part(off)?.enabled).toBe(false);
  });

  it('says it is getting ready while the camera and the model load', async () => {
    fakeCamera();
    let finishLoading = () => {};
    human.load.mockImplementation(() => new Promise<void>((r) => (finishLoading = r)));
    const { root } = await renderScan();
    expect(await said('Getting the face check ready…')).toBeVisible();
    expect(root).toHaveAttribute('data-phase', 'starting');
    await act(async () => finishLoading());
    expect(await said('We cannot see a face. Look at the camera.')).toBeVisible();
  });

  it.each([
    ['no face', [], 'We cannot see a face. Look at the camera.'],
    ['two faces', [face(200), face(150, 120, 200)], 'We can see more than one face. Only you should be in the picture.'],
    ['a face too far', [face(110)], 'Move a little closer, so your face fills the oval.'],
    ['a face too close', [face(330)], 'Move back a little, so your whole face is inside the oval.'],
    ['a face off centre', [face(200, 140, 240)], 'Move your face to the middle of the oval.'],
  ])('says what to do for %s, and announces it once it settles', async (_what, faces, text) => {
    fakeCamera();
    scene = faces;
    const { root } = await renderScan();
    expect(await said(text)).toBeVisible();
    // The polite region says it after it stayed the same a moment, not on every frame.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text), LONG);
    expect(root.dataset.detectionsPerSecond).toMatch(/^\d+\.\d$/);
    expect(Number(root.dataset.firstFeedbackMs)).toBeGreaterThan(0);
  });

  it('shows the instruction once: the spoken copy leaves the page once it has been announced', async () => {
    fakeCamera();
    scene = [];
    await renderScan();
    const text = 'We cannot see a face. Look at the camera.';
    expect(await said(text)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text), LONG);
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement(), LONG);
    expect(screen.getAllByText(text)).toHaveLength(1);
  });

  it('says when it is too dark', async () => {
    fakeCamera();
    luminance = 10;
    scene = [WELL_PLACED];
    await renderScan();
    expect(await said('It is too dark. Face a window or a lamp.')).toBeVisible();
  });

  it('good → the server’s challenge → "move closer" → three frames: onCapture gets the nonce and JPEGs of the unmirrored frames; busy meanwhile; the camera goes off', async () => {
    const { track } = fakeCamera();
    let answer = () => {};
    const onCapture = jest.fn(() => new Promise<void>((r) => (answer = r)));
    scene = [WELL_PLACED];
    const { root, getChallenge } = await renderScan({ onCapture });
    expect(await said('Now move a little closer to the camera, slowly.')).toBeVisible();
    expect(getChallenge).toHaveBeenCalledTimes(1);
    expect(root).toHaveAttribute('data-phase', 'challenge');
    expect(root).toHaveAttribute('data-prompt', 'closer');
    // Announced once it has stayed a moment.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Now move a little closer to the camera, slowly.'), LONG);
    expect(onCapture).not.toHaveBeenCalled();
    scene = [face(225)];
    await waitFor(() => expect(root.dataset.progress).toBeDefined(), LONG);
    scene = [CLOSER];
    await waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1), LONG);
    const { nonce, frames } = (onCapture.mock.calls[0] as unknown as [{ nonce: string; frames: Blob[] }])[0];
    expect(nonce).toBe(NONCE);
    expect(frames).toHaveLength(3);
    for (const frame of frames) {
      expect(frame.type).toBe('image/jpeg');
      // The whole frame, drawn as is (the mock context has no scale(): a mirrored draw would throw).
      expect(encoded.find((e) => e.blob === frame)).toMatchObject({ width: 640, height: 480 });
    }
    expect(await said('Checking your photo…')).toBeVisible();
    expect(root).toHaveAttribute('aria-busy', 'true');
    expect(track.stop).toHaveBeenCalled();
    await act(async () => answer());
    expect(await said('Your photo was sent.')).toBeVisible();
    expect(root).not.toHaveAttribute('aria-busy');
  });

  // Boxes in the camera's own picture: the visitor's left is the picture's right (+x).
  it.each([
    ['farther', 'Now move a little back from the camera, slowly.', face(140), face(230)],
    ['left', 'Now move your head a little to your left, slowly.', face(200, 390), face(200, 250)],
    ['right', 'Now move your head a little to your right, slowly.', face(200, 250), face(200, 390)],
  ] as const)('follows the prompt "%s" and not the other way', async (prompt, text, done, wrongWay) => {
    fakeCamera();
    const onCapture = jest.fn();
    scene = [WELL_PLACED];
    await renderScan({ onCapture, getChallenge: challengeOf(prompt) });
    expect(await said(text)).toBeVisible();
    scene = [wrongWay];
    await act(() => sleep(400));
    expect(onCapture).not.toHaveBeenCalled();
    scene = [done];
    await waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1), LONG);
    expect((onCapture.mock.calls[0] as unknown as [{ frames: Blob[] }])[0].frames).toHaveLength(3);
  });

  it('does not take the frames while the face does not move', async () => {
    fakeCamera();
    const onCapture = jest.fn();
    scene = [WELL_PLACED];
    await renderScan({ onCapture });
    await said('Now move a little closer to the camera, slowly.');
    await act(() => sleep(600));
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('says it is getting the instruction while the challenge is on its way; a refused challenge ends the attempt with Try again', async () => {
    fakeCamera();
    let refuse = (_err: Error) => {};
    const getChallenge = jest.fn(() => new Promise<{ nonce: string; prompt: FacePrompt }>((_resolve, reject) => (refuse = reject)));
    const onCapture = jest.fn();
    scene = [WELL_PLACED];
    const { root } = await renderScan({ onCapture, getChallenge });
    expect(await said('Hold still. Getting your instruction…')).toBeVisible();
    await act(async () => refuse(new Error('409')));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    expect(root).toHaveAttribute('data-phase', 'sent');
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('shows the problem it is given, and "Try again" starts the camera and a new challenge', async () => {
    const { getUserMedia } = fakeCamera();
    const onCapture = jest.fn();
    const getChallenge = challengeOf();
    scene = [WELL_PLACED];
    const { rerender } = await renderScan({ onCapture, getChallenge });
    await said('Now move a little closer to the camera, slowly.');
    scene = [CLOSER];
    await waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1), LONG);
    rerender(<FaceScan onCapture={onCapture} getChallenge={getChallenge} problem="The faces did not match. Try again in better light." />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The faces did not match. Try again in better light.');
    scene = [WELL_PLACED];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    fireEvent(screen.getByLabelText('Camera preview of your face'), new Event('loadeddata'));
    expect(await said('Now move a little closer to the camera, slowly.')).toBeVisible();
    expect(getChallenge).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['NotAllowedError', 'The camera is blocked for this site', true],
    ['NotFoundError', 'No camera was found', true],
    ['NotReadableError', 'The camera could not start', true],
  ])('explains a camera that fails with %s, offers Try again and the other way', async (error, title, retry) => {
    const { getUserMedia } = fakeCamera(error);
    const onCameraUnavailable = jest.fn();
    render(<FaceScan onCapture={jest.fn()} getChallenge={challengeOf()} onCameraUnavailable={onCameraUnavailable} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(title);
    expect(screen.getByLabelText('Camera preview of your face').closest('.face-scan__camera')).not.toBeVisible();
    if (retry) {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Continue without the camera' }));
    expect(onCameraUnavailable).toHaveBeenCalled();
  });

  it('explains a browser without a camera API, with no Try again that cannot work', async () => {
    render(<FaceScan onCapture={jest.fn()} getChallenge={challengeOf()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use the camera');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('explains a model that did not load and loads it again on Try again (keyboard)', async () => {
    const { track } = fakeCamera();
    // human logs a failed model rather than throwing: it shows as a model without weights.
    human.models.list.mockImplementation(() => [{ name: 'blazeface', loaded: true, size: 0, url: 'x' }]);
    const onCameraUnavailable = jest.fn();
    await renderScan({ onCameraUnavailable });
    expect(await screen.findByRole('alert')).toHaveTextContent('The face check could not start');
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue without the camera' })).toBeVisible();
    human.models.list.mockImplementation(() => [{ name: 'blazeface', loaded: true, size: 538928, url: 'x' }]);
    screen.getByRole('button', { name: 'Try again' }).focus();
    await userEvent.keyboard('{Enter}');
    fireEvent(screen.getByLabelText('Camera preview of your face'), new Event('loadeddata'));
    expect(await said('We cannot see a face. Look at the camera.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a detection code chunk that did not load', async () => {
    fakeCamera();
    human.load.mockImplementation(async () => {
      throw new Error('network');
    });
    await renderScan();
    expect(await screen.findByRole('alert')).toHaveTextContent('Part of the page did not load');
  });

  it('stops the camera and the detections when it goes away', async () => {
    const { track } = fakeCamera();
    scene = [face(110)];
    const { unmount } = await renderScan();
    await said('Move a little closer, so your face fills the oval.');
    unmount();
    expect(track.stop).toHaveBeenCalled();
    const calls = human.detect.mock.calls.length;
    await act(() => sleep(200));
    expect(human.detect.mock.calls.length).toBe(calls);
  });
});
