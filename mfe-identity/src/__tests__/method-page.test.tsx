import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError, bus, serverFlowContextAtom, store, type FlowStatusResponse } from '@join/shared';
import { identityApi } from '@join/shared/identity';
import { checkAtom, suggestResidentAtom } from '../verification/check-store';
import { flowWrite } from '@join/shared/testing';
import { flowStatusAfter, listen, LOGGED_IN_FLAGS, renderAt, resetCheck, serverContext, checkState, EID_DETAILS } from './check-helpers';

/** /activation_method: two questions, one Continue; the server's answers preselected. */
const heading = () => screen.findByRole('heading', { level: 1, name: 'Choose how to activate' });
const residency = () => screen.getByRole('radiogroup', { name: 'Do you live in the UAE?' });
const simType = () => screen.getByRole('radiogroup', { name: 'How would you like your SIM?' });

beforeEach(resetCheck);
afterEach(() => jest.restoreAllMocks());

describe('/activation_method', () => {
  it('asks both questions, focuses its heading and preselects nothing for a new visitor', async () => {
    serverContext({});
    renderAt('/activation_method');
    expect(await heading()).toHaveFocus();
    expect(within(residency()).getByRole('radio', { name: /I live in the UAE/ })).not.toBeChecked();
    expect(within(residency()).getByRole('radio', { name: /I'm visiting/ })).not.toBeChecked();
    expect(within(simType()).getByRole('radio', { name: /Instant eSIM.*face scan/ })).not.toBeChecked();
    // What a physical SIM means depends on the residency answer.
    expect(within(simType()).getByRole('radio', { name: /Physical SIM.*visitors collect it/ })).toBeInTheDocument();
  });

  it('preselects the answers the server already has', async () => {
    serverContext({ resident_type: 'resident', sim_type: 'physical' });
    renderAt('/activation_method');
    await heading();
    expect(within(residency()).getByRole('radio', { name: /I live in the UAE/ })).toBeChecked();
    expect(within(simType()).getByRole('radio', { name: /Physical SIM.*within 60 minutes/ })).toBeChecked();
  });

  it('says what is missing instead of sending half an answer', async () => {
    serverContext({});
    const choose = jest.spyOn(identityApi, 'chooseActivationMethod');
    renderAt('/activation_method');
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please choose whether you live in the UAE.')).toBeInTheDocument();
    expect(screen.getByText('Please choose how you would like your SIM.')).toBeInTheDocument();
    await userEvent.click(within(residency()).getByRole('radio', { name: /I'm visiting/ }));
    expect(screen.queryByText('Please choose whether you live in the UAE.')).not.toBeInTheDocument();
    expect(choose).not.toHaveBeenCalled();
  });

  it('stores both answers, refreshes the flow status, starts the check afresh and tells the host', async () => {
    serverContext({});
    checkState({ path: 'resident', remaining: [], details: EID_DETAILS });
    const answer: FlowStatusResponse = { flow_status_flags: LOGGED_IN_FLAGS, flow_context: null } as unknown as FlowStatusResponse;
    const choose = jest.spyOn(identityApi, 'chooseActivationMethod').mockImplementation(() => flowWrite(answer));
    const refresh = flowStatusAfter({ resident_type: 'non_resident', sim_type: 'esim' });
    const chosen = listen('identity:method-chosen');
    // The host routes by the server context the store holds when it hears the outcome.
    const residentTypeWhenTold: unknown[] = [];
    const offTold = bus.on('identity:method-chosen', () => residentTypeWhenTold.push(store.get(serverFlowContextAtom)?.resident_type));
    renderAt('/activation_method');
    await heading();
    // By keyboard: Tab into a question, the arrow keys choose within it.
    within(residency()).getByRole('radio', { name: /I live in the UAE/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(residency()).getByRole('radio', { name: /I'm visiting/ })).toBeChecked();
    await userEvent.click(within(simType()).getByRole('radio', { name: /Instant eSIM/ }));
    expect(within(simType()).getByRole('radio', { name: /Physical SIM.*Pay online, then collect/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(choose).toHaveBeenCalledWith({ resident_type: 'non_resident', sim_type: 'esim' });
    expect(refresh).toHaveBeenCalled();
    expect(chosen.seen).toEqual([{ residentType: 'non_resident', simType: 'esim' }]);
    expect(residentTypeWhenTold).toEqual(['non_resident']);
    expect(store.get(checkAtom)).toEqual({ path: 'non_resident', remaining: null, details: null, faceMatched: false });
    chosen.off();
    offTold();
  });

  it('opens with "I live in the UAE" chosen when the check asked for the Emirates ID', async () => {
    serverContext({ resident_type: 'non_resident', sim_type: 'esim' });
    store.set(suggestResidentAtom, true);
    renderAt('/activation_method');
    await heading();
    expect(within(residency()).getByRole('radio', { name: /I live in the UAE/ })).toBeChecked();
  });

  it('leaves a failure to the host pop-up and can be sent again', async () => {
    serverContext({ resident_type: 'resident', sim_type: 'esim' });
    jest.spyOn(identityApi, 'chooseActivationMethod').mockRejectedValue(new ApiError('offline', { code: null, status: null }));
    const raised = listen('error:raised');
    jest.spyOn(api, 'getFlowStatus');
    renderAt('/activation_method');
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(raised.seen).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    raised.off();
  });
});
