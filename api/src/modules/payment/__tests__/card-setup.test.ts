import { cardProviderFrom } from '../card-setup';
import { describeLoopbackSandbox } from '../../../testing/sandbox-reach';

/** cardProviderFrom's sandbox (its other cases: card-client.test.ts). */
describeLoopbackSandbox('card', { port: 'JOIN_CARD_PORT', url: 'JOIN_CARD_URL' }, cardProviderFrom);
