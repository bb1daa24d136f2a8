import { EMPTY_FLOW_FLAGS } from '../../schemas/entities';
import { FlowStatusResponse } from '../../schemas/api';
import { API_ERROR_CODES, messageTypeForCode } from '../../errors/codes';
import { errorObjectForCode } from '../../errors/catalogue';
import  { store } from '../../store';
import { EMPTY_SERVER_FLOW_CONTEXT, LoginByDeviceIdBody, ServerFlowContext, buildFlowContext, isRetailStart } from '../context';
import { applyFlowStatus, serverFlowContextAtom, setFlowFlags, wipeSession } from '../../store';
import { isRouteAllowed, isStepAllowed, recommendedRoute } from '../rules';
import { ROUTES } from '../steps';

const PICKED_LOGGED = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true, is_logged_in_via_email: true };

describe('the server flow context', () => {
  it('parses the flow-status answer with and without it (an older server sends none)', () => {
    const server = { ...EMPTY_SERVER_FLOW_CONTEXT, resident_type: 'resident', inside_uae: true, has_delivery_form: true };
    expect(FlowStatusResponse.parse({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: server }).flow_context).toEqual(server);
    expect(FlowStatusResponse.parse({ flow_status_flags: EMPTY_FLOW_FLAGS }).flow_context).toBeUndefined();
    expect(ServerFlowContext.safeParse({ ...server, resident_type: 'tourist' }).success).toBe(false);
    expect(ServerFlowContext.safeParse({ ...server, retail: undefined }).success).toBe(false);
    // An older server sends no sim_type: read as not chosen.
    const { sim_type: _omitted, ...older } = server;
    expect(ServerFlowContext.parse(older).sim_type).toBeNull();
    expect(ServerFlowContext.safeParse({ ...server, sim_type: 'sms' }).success).toBe(false);
  });

  it('builds the contract context from flags, server context and the client-only bits', () => {
    const built = buildFlowContext(
      PICKED_LOGGED,
      { resident_type: 'non_resident', sim_type: 'esim', inside_uae: false, has_delivery_form: true, terminated_email: 'old@x.ae', retail: true },
      { navigatingInApp: true, vipFilter: true },
    );
    expect(built).toEqual({
      flags: PICKED_LOGGED,
      residentType: 'non_resident',
      simType: 'esim',
      insideUae: false,
      hasDeliveryForm: true,
      terminatedEmail: 'old@x.ae',
      retail: true,
      navigatingInApp: true,
      vipFilter: true,
      searchActive: false,
    });
  });

  it('feeds the rules: each server input changes what the guards allow', () => {
    const base = (over: Partial<ServerFlowContext>) => buildFlowContext(PICKED_LOGGED, { ...EMPTY_SERVER_FLOW_CONTEXT, ...over });
    expect(isStepAllowed('activation_method', base({}))).toBe(false);
    expect(isStepAllowed('activation_method', base({ inside_uae: true }))).toBe(true);
    // Retail stands in a store in the UAE, and has no location check.
    expect(isStepAllowed('activation_method', base({ retail: true }))).toBe(true);
    expect(isStepAllowed('location_check', base({ retail: true }))).toBe(false);
    expect(isStepAllowed('id_check', base({ resident_type: 'resident' }))).toBe(false);
    expect(isStepAllowed('submit_delivery', base({ resident_type: 'resident', has_delivery_form: true }))).toBe(true);
    expect(isRouteAllowed(ROUTES.terminated, base({ terminated_email: 'old@x.ae' }))).toBe(true);
    // No server context: a new visitor's, the most restrictive reading.
    expect(buildFlowContext(PICKED_LOGGED, undefined)).toEqual(base({}));
    expect(recommendedRoute(buildFlowContext(EMPTY_FLOW_FLAGS, null, { vipFilter: true }))).toBe(ROUTES.numberSearch);
  });

  it('reads the retail start parameter and the login body', () => {
    expect(isRetailStart({ is_retail: 'true' })).toBe(true);
    expect(isRetailStart({ is_retail: '1' })).toBe(true);
    expect(isRetailStart({ is_retail: 'false' })).toBe(false);
    expect(isRetailStart({})).toBe(false);
    expect(LoginByDeviceIdBody.parse({ is_retail: 'true' })).toEqual({ is_retail: 'true' });
    expect(LoginByDeviceIdBody.safeParse({ is_retail: 'yes' }).success).toBe(false);
    expect(LoginByDeviceIdBody.safeParse({ other: '1' }).success).toBe(false);
  });

  it('forgets the context when the flags are wiped (logout), so a new visitor does not inherit it', () => {
    applyFlowStatus({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, retail: true } });
    expect(store.get(serverFlowContextAtom)?.retail).toBe(true);
    wipeSession();
    expect(store.get(serverFlowContextAtom)).toBeNull();
    applyFlowStatus({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, retail: true } });
    setFlowFlags(null);
    expect(store.get(serverFlowContextAtom)).toBeNull();
  });
});

describe('step_not_allowed', () => {
  it('shows a pop-up whose action reloads the flow status and goes to the recommended route', () => {
    expect(messageTypeForCode(API_ERROR_CODES.stepNotAllowed)).toBe('step_not_allowed');
    const popup = errorObjectForCode('step_not_allowed');
    expect(popup.type).toBe('step_not_allowed');
    expect(popup.buttons.map((b) => b.action)).toEqual(['ok_clear_error_get_status']);
  });
});
