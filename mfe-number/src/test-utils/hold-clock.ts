import { act } from '@testing-library/react';
import { i18n } from '@join/shared';

/** A hold's time passing on Jest's fake timers, inside act: React renders what the ticks did. */
export async function pass(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** The number domain registers its English texts once its chunk has loaded (a tick or two). */
export async function numberTextsLoaded(): Promise<void> {
  for (let i = 0; i < 50 && i18n.t('number.extend') === 'number.extend'; i++) await new Promise((r) => setImmediate(r));
}
