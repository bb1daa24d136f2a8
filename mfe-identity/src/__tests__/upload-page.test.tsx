import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@join/shared';
import { DOCUMENT_MAX_BYTES, identityApi } from '@join/shared/identity';
import { fakeObjectUrls, JPEG_HEAD, listen, PNG_HEAD, renderAt, resetCheck, serverContext, pressLeadsTo, bothSidesTaken } from './check-helpers';

/** Upload instead of the camera: each side's file checked in the browser, then sent. */
beforeEach(() => {
  resetCheck();
  fakeObjectUrls();
  serverContext({ resident_type: 'resident', sim_type: 'physical' });
});
afterEach(() => jest.restoreAllMocks());

const heading = () => screen.findByRole('heading', { level: 1, name: 'Upload photos of your Emirates ID' });
const choose = (label: string, file: File) => userEvent.upload(screen.getByLabelText(label), file);

describe('/activation_method/upload_document', () => {
  it('takes JPG and PNG files, one side at a time', async () => {
    renderAt('/activation_method/upload_document');
    expect(await heading()).toHaveFocus();
    expect(screen.getByLabelText('Front of the card')).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(screen.getByText('Side 1 of 2')).toBeInTheDocument();
  });

  it('refuses a file that is not a JPG or PNG by its bytes, whatever its name says (-642)', async () => {
    const send = jest.spyOn(identityApi, 'sendDocument');
    renderAt('/activation_method/upload_document');
    await heading();
    await choose('Front of the card', new File(['GIF89a-not-a-jpeg'], 'card.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't read this image format. Please upload a JPG or PNG.");
    expect(screen.getByLabelText('Front of the card')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Send this photo' })).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit (-644)', async () => {
    renderAt('/activation_method/upload_document');
    await heading();
    await choose('Front of the card', new File([new Uint8Array(JPEG_HEAD), new Uint8Array(DOCUMENT_MAX_BYTES)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This image is too large. Please use a smaller one.');
  });

  it('previews a good file and sends each side with source upload, as the server asks for them', async () => {
    const send = bothSidesTaken();
    const nav = listen('navigate:request');
    renderAt('/activation_method/upload_document');
    await heading();
    // A PNG named .jpg goes out as what its bytes say.
    await choose('Front of the card', new File([new Uint8Array(PNG_HEAD)], 'front.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'Your photo: Front of the card' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send this photo' }));
    expect(send).toHaveBeenCalledWith('front', 'upload', expect.objectContaining({ type: 'image/png' }));
    expect(await screen.findByLabelText('Back of the card')).toBeInTheDocument();
    expect(screen.getByText('Side 2 of 2')).toBeInTheDocument();
    await choose('Back of the card', new File([new Uint8Array(JPEG_HEAD)], 'back.jpg', { type: 'image/jpeg' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send this photo' }));
    expect(send).toHaveBeenLastCalledWith('back', 'upload', expect.objectContaining({ type: 'image/jpeg' }));
    await waitFor(() => expect(nav.seen).toEqual([{ from: 'identity', to: '/activation_method/scan_face' }]));
    nav.off();
  });

  it("shows the server's refusal as guidance on this screen; its button clears it for another file", async () => {
    jest.spyOn(identityApi, 'sendDocument').mockRejectedValue(new ApiError('too large', { code: -644, status: 413 }));
    const nav = listen('navigate:request');
    renderAt('/activation_method/upload_document');
    await heading();
    await choose('Front of the card', new File([new Uint8Array(JPEG_HEAD)], 'front.jpg', { type: 'image/jpeg' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send this photo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Please choose another image' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Choose another photo' }));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(nav.seen).toEqual([]);
    nav.off();
  });

  it('offers the camera instead', async () => {
    await pressLeadsTo('/activation_method/upload_document', 'Use the camera instead', '/activation_method/scan_document');
  });
});

describe('/id_check/upload', () => {
  it("asks a visitor for the passport photo page", async () => {
    serverContext({ resident_type: 'non_resident', sim_type: 'esim' });
    renderAt('/id_check/upload');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload a photo of your passport' })).toHaveFocus();
    expect(screen.getByLabelText('Passport photo page')).toBeInTheDocument();
    // A passport page has one side: the intro asks for the page, not "each side".
    expect(screen.queryByText(/each side/)).toBeNull();
    expect(screen.getByText('A clear photo of the page with your photo, as a JPG or PNG file of up to 5 MB.')).toBeInTheDocument();
  });

  it('asks for each side of an Emirates ID', async () => {
    renderAt('/activation_method/upload_document');
    await heading();
    expect(screen.getByText('A clear photo of each side, as a JPG or PNG file of up to 5 MB.')).toBeInTheDocument();
  });
});
