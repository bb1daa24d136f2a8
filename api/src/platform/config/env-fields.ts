import { z } from 'zod';
import { PROVIDER_FIELDS } from './env-provider-fields';
import { SERVER_FIELDS } from './env-server';

/**
 * Every variable the product server reads: its own settings (env-server.ts) and its providers'
 * (env-provider-fields.ts), parsed as they are given; env.ts checks them together.
 */
export const EnvFields = z.object({ ...SERVER_FIELDS, ...PROVIDER_FIELDS });
export type ParsedEnv = z.output<typeof EnvFields>;
