import { store, type StepName } from '@join/shared';
import { consentAtom, pageAnalyticsAnswer } from '../consent/consent-state';

/**
 * The page's side of the first-party collector (issue 28, part 3), the part in the first download:
 * a few lines that know the step on screen and start the sender (its own chunk, with web-vitals)
 * only once the visitor has said yes to analytics, and never on a shop device (the same rule as
 * the tag-manager events, shell/tracking.ts). Before that nothing is loaded, observed or sent; a
 * yes given later starts it then; a no (a withdrawal from the footer) stops it, its queue dropped.
 */
export interface Sender {
  step(step: StepName | undefined): void;
  setEnabled(enabled: boolean): void;
}

const measuringAllowed = (): boolean => pageAnalyticsAnswer() === 'yes';

let currentStep: StepName | undefined;
let sender: Sender | null = null;

/** The shell's step changed (undefined: a page that is no step). */
export function reportStep(step: StepName | undefined): void {
  currentStep = step;
  sender?.step(step);
}

/**
 * Starts watching the consent; returns its stop. `load` is the sender's chunk (a test gives its own).
 */
export function startMeasurement(
  load: () => Promise<{ createSender(options: { allowed: () => boolean; step: StepName | undefined }): Sender }> = () =>
    import(/* webpackChunkName: "measurement" */ './sender'),
  allowed: () => boolean = measuringAllowed,
): () => void {
  let loading: Promise<void> | null = null;
  let stopped = false;
  const update = () => {
    const yes = allowed();
    if (sender) {
      sender.setEnabled(yes);
      return;
    }
    if (!yes || loading) return;
    loading = load()
      .then((m) => {
        if (stopped) return;
        sender = m.createSender({ allowed, step: currentStep });
        sender.setEnabled(allowed());
      })
      .catch(() => {
        loading = null; // a chunk that failed to load (offline): tried again at the next change of consent
      });
  };
  update();
  const off = store.sub(consentAtom, update);
  return () => {
    stopped = true;
    off();
    sender?.setEnabled(false);
  };
}

/** Tests only: a fresh page. */
export function resetMeasurementForTests(): void {
  sender = null;
  currentStep = undefined;
}
