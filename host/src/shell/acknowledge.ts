import { recommendedRoute, ROUTES, store as defaultStore, type FlowContext, type FlowStatusFlags, type Store, setHeldNumber } from '@join/shared';
import { refreshFlowStatus as defaultRefresh } from '@join/shared/react';
import { browserLocation } from './browser-location';

export interface AcknowledgeDeps {
  navigate: (to: string) => void;
  /** The flow context at the time of the click (flags may be refreshed by the action). */
  ctx: FlowContext;
  openHelp: () => void;
  reload?: () => void;
  refreshFlowStatus?: () => Promise<FlowStatusFlags>;
  store?: Store;
}

/**
 * The acknowledgements of SPEC 4 and the other generic button actions: the same on every
 * step, so the shell performs them (step actions such as Retry go to the raising step, see
 * @join/shared errors/error-actions). The pop-up has already cleared the error.
 * An action name is data from the catalogue or the server: an unknown one just closes.
 *
 * Decisions where the spec is silent: "payment state" to clear has no client copy yet (the
 * payment step will keep it and clear it on the same acknowledgement); the help page, the info
 * page and the app chat are the shell's help modal (no such pages in this product, chat is off
 * by configuration, SPEC 9); clear_and_redirect is ok_clear_error_redirect.
 */
export async function acknowledge(action: string, deps: AcknowledgeDeps): Promise<void> {
  const store = deps.store ?? defaultStore;
  switch (action) {
    case 'ok_clear_error_redirect':
    case 'clear_and_redirect':
      deps.navigate('/');
      return;
    case 'ok_clear_error_get_status': {
      // Reloads the flow status, clears the number and goes to the recommended route.
      const flags = await (deps.refreshFlowStatus ?? defaultRefresh)().catch(() => deps.ctx.flags);
      setHeldNumber(null, store);
      deps.navigate(recommendedRoute({ ...deps.ctx, flags, navigatingInApp: true }));
      return;
    }
    case 'max_sims_redirect':
    case 'redirect_to_info_page':
    case 'redirect_to_app_chat':
      deps.openHelp();
      return;
    case 'reload':
      (deps.reload ?? browserLocation.reload)();
      return;
    case 'go_to_payment':
      // A payment is open: its page offers to finish it or to cancel it.
      deps.navigate(ROUTES.payment);
      return;
    default:
      // ok_clear_error, and any action this shell does not know: the pop-up is closed, nothing more.
      return;
  }
}
