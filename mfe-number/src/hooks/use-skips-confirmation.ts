import { useAtomValue } from 'jotai';
import { bizConfigAtom } from '@join/shared';

/**
 * Whether the experiment of SPEC 4 is on: a non-VIP choice skips /number/confirmation. The server
 * switches it (JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION) and says so in the business config
 * (`skip_number_confirmation`); off while the config is not loaded, as by default.
 */
export function useSkipsConfirmation(): boolean {
  const config = useAtomValue(bizConfigAtom);
  return config.status === 'ready' && config.config.skip_number_confirmation;
}
