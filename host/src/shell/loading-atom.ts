import { atom } from 'jotai';

/** True while a step's loading text shows (the footer hides meanwhile, SPEC 2). */
export const stepLoadingAtom = atom(false);
