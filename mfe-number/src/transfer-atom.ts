import { atom } from 'jotai';

/** The number being transferred between the check and the terms page (not kept across reloads). */
export const pendingTransferAtom = atom<{ externalNumber: string; operator: string; operatorName: string } | null>(null);
