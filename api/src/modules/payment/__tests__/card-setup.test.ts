import { cardProviderFrom } from '../card-setup';
import { describeLoopbackSandbox } from '../../../testing/sandbox-reach';

/** cardProviderFrom's sandbox (its other cases: card-client.test.ts). */
const SITE = 'http://127.0.0.1:9300';

describeLoopbackSandbox('card', { port: 'JOIN_CARD_PORT', url: 'JOIN_CARD_URL' }, (env) => cardProviderFrom(env, [SITE]));
