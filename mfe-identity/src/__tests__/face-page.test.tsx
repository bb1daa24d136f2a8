import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError, store, type FlowStatusResponse } from '@join/shared';
import { identityApi } from '@join/shared/identity';
import type { FaceScanProps } from '../face/face-scan';
import { checkAtom, guidanceAtom, suggestResidentAtom } from '../verification/check-store';
import { checkState, EID_DETAILS, flowStatusAfter, listen, PASSPORT_DETAILS, renderAt, resetCheck, serverContext, withSupport, pressLeadsTo } from './check-helpers';
import { flowWrite } from '@join/shared/testing';

// The real face scan is built elsewhere (its camera, model and liveness step): a stand-in with its interface.
jest.mock('../face/face-scan', () => ({
  __esModule: true,
  default: ({ getChallenge, onCapture, problem, onCameraUnavailable }: FaceScanProps) => (
    <div>
      {problem}
      <button
        type="button"
        onClick={() =>
          void getChallenge()
            .then(({ nonce }) => onCapture({ nonce, frames: [1, 2, 3].map((i) => new Blob([`frame ${i}`], { type: 'image/jpeg' })) }))
            .catch(() => undefined)
        }
      >
        Fake capture
      </button>
      <button type="button" onClick={() => onCameraUnavailable?.()}>
        Fake no camera
      </button>
    </div>
  ),
}));

const FLOW = {} as FlowStatusResponse;

const NONCE = 'n'.repeat(43);

beforeEach(() => {
  resetCheck();
  jest.spyOn(identityApi, 'faceChallenge').mockResolvedValue({ nonce: NONCE, prompt: 'left', expires_in: 180, frames: 3 });
  serverContext({ resident_type: 'resident', sim_type: 'esim' });
});
afterEach(() => jest.restoreAllMocks());

const capture = async () => userEvent.click(await screen.findByRole('button', { name: 'Fake capture' }));
const detailsHeading = () => screen.findByRole('heading', { level: 1, name: 'Check your details' });

/** On the face route of a resident with the document sent; the face matches unless told. */
async function atDetails(details = EID_DETAILS, route = '/activation_method/scan_face') {
  checkState({ path: details.kind === 'passport' ? 'non_resident' : 'resident', remaining: [], details });
  jest.spyOn(identityApi, 'sendFace').mockResolvedValue({ face_matched: true });
  renderAt(route);
  await capture();
  return detailsHeading();
}

describe('the face screen', () => {
  it('resumes from the server after a reload (or the language switch): the details once the face matched', async () => {
    const current = jest.spyOn(identityApi, 'currentCheck').mockResolvedValue({ check: { kind: 'emirates_id', remaining_sides: [], details: EID_DETAILS, face_matched: true } });
    renderAt('/activation_method/scan_face');
    expect(await detailsHeading()).toBeInTheDocument();
    expect(current).toHaveBeenCalledTimes(1);
  });

  it('asks for the document first when neither the page nor the server has it (a reload)', async () => {
    jest.spyOn(identityApi, 'currentCheck').mockResolvedValue({ check: null });
    await pressLeadsTo('/activation_method/scan_face', 'Scan my document', '/activation_method/scan_document', 'We need your document first');
  });

  it('sends the face photo and shows the details read from the document, focused', async () => {
    checkState({ path: 'resident', remaining: [], details: EID_DETAILS });
    const face = jest.spyOn(identityApi, 'sendFace').mockResolvedValue({ face_matched: true });
    renderAt('/activation_method/scan_face');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan your face' })).toHaveFocus();
    expect(screen.getByText(/identity authority checks your document and your face/)).toBeInTheDocument();
    await capture();
    expect(identityApi.faceChallenge).toHaveBeenCalledTimes(1);
    expect(face).toHaveBeenCalledWith(NONCE, [expect.any(Blob), expect.any(Blob), expect.any(Blob)]);
    expect(await detailsHeading()).toHaveFocus();
    // Each term (dt) with the value beside it (dd).
    const shown = {
      Name: 'ANIL RAJ KUMAR',
      'Emirates ID number': '784-1990-1234567-1',
      'Card number': '123456789',
      'Date of birth': '12 May 1990',
      'Expiry date': '31 January 2029',
      Sex: 'Male',
      Nationality: 'India',
    };
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(Object.fromEntries(Object.keys(shown).map((term) => [term, value(term)]))).toEqual(shown);
  });

  it('offers a way on when the camera cannot be used', async () => {
    checkState({ path: 'resident', remaining: [], details: EID_DETAILS });
    renderAt('/activation_method/scan_face');
    await userEvent.click(await screen.findByRole('button', { name: 'Fake no camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The face scan needs a camera');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Fake capture' })).toBeInTheDocument();
  });
});

describe('the details', () => {
  it('confirmed: asks for the decision, refreshes the flow status and tells the host', async () => {
    await atDetails();
    const confirm = jest.spyOn(identityApi, 'confirmIdDetails').mockImplementation(() => flowWrite(FLOW));
    const refresh = flowStatusAfter({ resident_type: 'resident', sim_type: 'esim' }, { is_id_verified: true });
    const verified = listen('identity:verified');
    await userEvent.click(screen.getByRole('button', { name: 'These are correct' }));
    expect(confirm).toHaveBeenCalledWith(EID_DETAILS);
    expect(refresh).toHaveBeenCalled();
    expect(verified.seen).toEqual([{ path: 'resident' }]);
    expect(await screen.findByText('You are verified. On to the next step.')).toBeInTheDocument();
    verified.off();
  });

  it("a visitor's passport details on /id_check/face, without an Emirates ID number", async () => {
    serverContext({ resident_type: 'non_resident', sim_type: 'esim' });
    await atDetails(PASSPORT_DETAILS, '/id_check/face');
    expect(screen.getByText('Passport number')).toBeInTheDocument();
    expect(screen.queryByText('Emirates ID number')).not.toBeInTheDocument();
    jest.spyOn(identityApi, 'confirmIdDetails').mockImplementation(() => flowWrite(FLOW));
    flowStatusAfter({ resident_type: 'non_resident', sim_type: 'esim' }, { is_id_verified: true });
    const verified = listen('identity:verified');
    await userEvent.click(screen.getByRole('button', { name: 'These are correct' }));
    await waitFor(() => expect(verified.seen).toEqual([{ path: 'non_resident' }]));
    verified.off();
  });

  it('something wrong: back to the document, the details dropped', async () => {
    await atDetails();
    const nav = listen('navigate:request');
    await userEvent.click(screen.getByRole('button', { name: 'Something is wrong' }));
    expect(nav.seen).toEqual([{ from: 'identity', to: '/activation_method/scan_document' }]);
    expect(store.get(checkAtom).details).toBeNull();
    nav.off();
  });

  it('leaves failures without guidance (the network) to the host pop-up', async () => {
    await atDetails();
    jest.spyOn(identityApi, 'confirmIdDetails').mockRejectedValue(new ApiError('offline', { code: null, status: null }));
    const raised = listen('error:raised');
    await userEvent.click(screen.getByRole('button', { name: 'These are correct' }));
    await waitFor(() => expect(raised.seen).toHaveLength(1));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    raised.off();
  });
});

describe('the face challenge', () => {
  it('a challenge used up or expired (409 face_challenge_invalid): says so on the face screen; the next attempt gets a new challenge', async () => {
    checkState({ path: 'resident', remaining: [], details: EID_DETAILS });
    const face = jest
      .spyOn(identityApi, 'sendFace')
      .mockRejectedValueOnce(new ApiError('spent', { code: 'face_challenge_invalid', status: 409 }))
      .mockResolvedValue({ face_matched: true });
    const raised = listen('error:raised');
    renderAt('/activation_method/scan_face');
    await capture();
    expect(await screen.findByText(/The face check took too long or was interrupted/)).toBeVisible();
    expect(raised.seen).toEqual([]);
    await capture();
    // A new challenge clears the message.
    expect(identityApi.faceChallenge).toHaveBeenCalledTimes(2);
    expect(face).toHaveBeenCalledTimes(2);
    expect(await detailsHeading()).toBeInTheDocument();
    raised.off();
  });

  it('a challenge the server refuses to issue: its guidance, or the pop-up; no frames sent', async () => {
    checkState({ path: 'resident', remaining: [], details: EID_DETAILS });
    const face = jest.spyOn(identityApi, 'sendFace');
    jest.spyOn(identityApi, 'faceChallenge').mockRejectedValueOnce(new ApiError('offline', { code: null, status: null }));
    const raised = listen('error:raised');
    renderAt('/activation_method/scan_face');
    await capture();
    await waitFor(() => expect(raised.seen).toHaveLength(1));
    expect(face).not.toHaveBeenCalled();
    raised.off();
  });
});

describe("each decision's guidance, where it can be acted on", () => {
  const refuse = (code: number) => jest.spyOn(identityApi, 'confirmIdDetails').mockRejectedValue(new ApiError('refused', { code, status: 422 }));
  const confirm = () => userEvent.click(screen.getByRole('button', { name: 'These are correct' }));
  const panel = async (title: string) => {
    const heading = await screen.findByRole('heading', { level: 2, name: title });
    expect(heading).toHaveFocus();
    return heading.closest('[role="alert"]') as HTMLElement;
  };

  it('retake_face (-620): on the face scan, whose Scan again starts it afresh', async () => {
    checkState({ path: 'resident', remaining: [], details: EID_DETAILS });
    const face = jest.spyOn(identityApi, 'sendFace').mockRejectedValueOnce(new ApiError('no match', { code: -620, status: 422 })).mockResolvedValue({ face_matched: true });
    renderAt('/activation_method/scan_face');
    await capture();
    const alert = await panel("Let's scan your face again");
    expect(alert).toHaveTextContent("Your face doesn't match the photo on your ID.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Scan again' }));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    await capture();
    expect(face).toHaveBeenCalledTimes(2);
    expect(await detailsHeading()).toBeInTheDocument();
  });

  it.each([
    [-609, 'check_details', 'Your details did not match', 'Scan my document again', '/activation_method/scan_document'],
    [-611, 'use_emirates_id', 'Please verify with your Emirates ID', 'Change my answer', '/activation_method'],
  ])('%i %s: on the details, its button goes where it can be fixed', async (code, _kind, title, button, to) => {
    await atDetails();
    refuse(code);
    const nav = listen('navigate:request');
    await confirm();
    await userEvent.click(within(await panel(title)).getByRole('button', { name: button }));
    expect(nav.seen).toEqual([{ from: 'identity', to }]);
    if (code === -611) expect(store.get(suggestResidentAtom)).toBe(true);
    nav.off();
  });

  it.each([
    [-606, "Let's take the document photo again", '/activation_method/scan_document'],
    [-639, 'Please use a valid document', '/activation_method/scan_document'],
    [-642, 'Please choose another image', '/activation_method/scan_document'],
  ])('%i from the decision: kept for the document screen, where the host is asked to go', async (code, title, to) => {
    await atDetails();
    refuse(code);
    const nav = listen('navigate:request');
    await confirm();
    await waitFor(() => expect(nav.seen).toEqual([{ from: 'identity', to }]));
    expect(screen.queryByRole('heading', { level: 2, name: title })).not.toBeInTheDocument();
    expect(store.get(guidanceAtom)?.code).toBe(code);
    nav.off();
  });

  it('retry_later (-607): Try again sends the same details again', async () => {
    await atDetails();
    const call = refuse(-607);
    await confirm();
    const alert = await panel('The check did not go through');
    expect(alert).toHaveTextContent("We couldn't reach the identity check service.");
    call.mockResolvedValue(FLOW);
    flowStatusAfter({ resident_type: 'resident' }, { is_id_verified: true });
    const verified = listen('identity:verified');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(call).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(verified.seen).toHaveLength(1));
    verified.off();
  });

  it('contact (-616): the support phone and e-mail, no button that cannot help', async () => {
    withSupport();
    await atDetails();
    refuse(-616);
    await confirm();
    const alert = await panel('Please get in touch with us');
    expect(alert).toHaveTextContent("Your immigration record isn't valid.");
    expect(within(alert).getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+97180012345');
    expect(within(alert).getByRole('link', { name: /Write to us/ })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it("max_sims (-169): More info raises the catalogue's pop-up, whose More Info is the kernel's max_sims_redirect", async () => {
    await atDetails();
    refuse(-169);
    await confirm();
    const raised = listen('error:raised');
    await userEvent.click(within(await panel('You have the most SIMs allowed')).getByRole('button', { name: 'More info' }));
    expect(raised.seen).toHaveLength(1);
    expect(raised.seen[0]!.error.type).toBe('max_sims_reached');
    expect(raised.seen[0]!.error.buttons.map((b) => b.action)).toContain('max_sims_redirect');
    raised.off();
  });

  it('ended (-10018): a polite end with no way forward but logging out', async () => {
    await atDetails();
    refuse(-10018);
    await confirm();
    expect(await screen.findByRole('heading', { level: 1, name: "We can't go on with this order" })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('18 or older');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Log out']);
    const logout = jest.spyOn(api, 'logout').mockResolvedValue({ ok: true } as never);
    const ended = listen('session:ended');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalled();
    await waitFor(() => expect(ended.seen).toEqual([{ code: null }]));
    ended.off();
  });

  it('ended stays the answer on every screen of the check', async () => {
    store.set(guidanceAtom, { guidance: { kind: 'ended', screen: 'details' }, code: -10018 });
    renderAt('/activation_method');
    expect(await screen.findByRole('heading', { level: 1, name: "We can't go on with this order" })).toBeInTheDocument();
  });
});
