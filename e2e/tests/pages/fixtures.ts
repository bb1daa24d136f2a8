import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The synthetic documents, selfies and camera feeds of e2e/fixtures/identity (their README says how they are made). */
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '..', '..', 'fixtures', 'identity');
export const fixture = (name: string) => path.join(FIXTURES, name);
