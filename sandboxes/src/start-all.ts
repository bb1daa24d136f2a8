import { resolve } from 'node:path';
import type { SandboxesConfig, SandboxName } from './config';
import { startAuthoritySandbox } from './authority/start';
import { startBnplSandbox } from './bnpl/bnpl-app';
import { startCardSandbox } from './card/card-app';
import { startCourierSandbox } from './courier/courier-app';
import { startEsimSandbox } from './esim/esim-app';
import { startPortabilitySandbox } from './portability/portability-app';
import { startTerminalSandbox } from './terminal/terminal-app';
import { MailSink } from './mail-sink/mail-sink';
import { startOutboxApp } from './mail-sink/outbox-app';
import { generateSigninKeys, loadOrCreateSigninKeys } from './signin/keys';
import { startSigninSandbox } from './signin/signin-app';

/** Where each running sandbox is reached: the mail sink by SMTP, its outbox and the others by HTTP. */
export type SandboxUrls = Partial<Record<SandboxName | 'outbox', string>>;

export interface RunningSandboxes {
  urls: SandboxUrls;
  close(): Promise<void>;
}

interface Closable {
  close(): Promise<void>;
}

/**
 * Starts the configured sandboxes, each on 127.0.0.1 and its own port (0: any free one), and
 * answers their URLs. A sandbox that fails to start stops the others and names its port variable.
 */
export async function startSandboxes(config: SandboxesConfig): Promise<RunningSandboxes> {
  const running: Closable[] = [];
  const urls: SandboxUrls = {};
  const close = async () => {
    await Promise.allSettled(running.map((r) => r.close()));
  };
  const start = async <T extends Closable>(name: SandboxName | 'outbox', portVar: string, go: () => Promise<T>, urlOf: (t: T) => string): Promise<T> => {
    try {
      const started = await go();
      running.push(started);
      urls[name] = urlOf(started);
      return started;
    } catch (err) {
      throw new Error(`${name} sandbox on ${portVar} ${config.ports[name]}: ${err instanceof Error ? err.message : 'did not start'}`);
    }
  };
  const { run, ports, keys } = config;
  try {
    // Every start settles before a failure is answered, so nothing is left listening behind it.
    const settled = await Promise.allSettled([
      run.has('authority') ? start('authority', 'JOIN_AUTHORITY_PORT', () => startAuthoritySandbox({ port: ports.authority, apiKey: keys.authority }), (s) => s.url) : null,
      run.has('signin')
        ? start(
            'signin',
            'JOIN_SIGNIN_PORT',
            async () =>
              startSigninSandbox({
                port: ports.signin,
                clients: config.signinClients,
                keys: config.signinKeyFile ? await loadOrCreateSigninKeys(resolve(config.signinKeyFile)) : await generateSigninKeys(),
              }),
            (s) => s.url,
          )
        : null,
      run.has('card')
        ? start('card', 'JOIN_CARD_PORT', () => startCardSandbox({ port: ports.card, merchantId: config.merchantId, secretKey: keys.card, allowedOrigins: config.cardOrigins }), (s) => s.url)
        : null,
      run.has('bnpl') ? start('bnpl', 'JOIN_BNPL_PORT', () => startBnplSandbox({ port: ports.bnpl, apiKey: keys.bnpl, limits: config.bnplLimits }), (s) => s.url) : null,
      run.has('courier')
        ? start('courier', 'JOIN_COURIER_PORT', () => startCourierSandbox({ port: ports.courier, apiKey: keys.courier, stepMs: config.courierStepMs, testHooks: config.testHooks }), (s) => s.url)
        : null,
      run.has('esim') ? start('esim', 'JOIN_ESIM_PORT', () => startEsimSandbox({ port: ports.esim, apiKey: keys.esim, autoInstallMs: config.esimAutoInstallMs }), (s) => s.url) : null,
      run.has('portability') ? start('portability', 'JOIN_PORTABILITY_PORT', () => startPortabilitySandbox({ port: ports.portability, apiKey: keys.portability }), (s) => s.url) : null,
      run.has('terminal') ? start('terminal', 'JOIN_TERMINAL_PORT', () => startTerminalSandbox({ port: ports.terminal, apiKey: keys.terminal }), (s) => s.url) : null,
    ]);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    if (run.has('mail')) {
      const sink = await start('mail', 'JOIN_MAIL_SINK_PORT', () => MailSink.start({ port: ports.mail, capacity: config.mailCapacity }), (s) => s.url);
      // Last: a caller waiting for the outbox's page knows every other sandbox listens too.
      await start('outbox', 'JOIN_MAIL_OUTBOX_PORT', () => startOutboxApp(sink, ports.outbox), (s) => s.url);
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { urls, close };
}
