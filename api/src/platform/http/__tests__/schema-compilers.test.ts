import { EMPTY_FLOW_FLAGS, EMPTY_SERVER_FLOW_CONTEXT, FlowStatusResponse, RequestHeaders } from '@join/shared/contract';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encodedOrUndefined, parseInput, zodSerializerCompiler } from '../validate';
import type { HttpError } from '../http-error';

/**
 * The schema compilers go around a slow path of zod (validate.ts): an input is parsed without
 * the error map before it is parsed with it, and a response is encoded with zod's own call. What
 * they answer must be what zod's safeParse with the map, and the type provider's serializer, answer.
 */
describe('the schema compilers', () => {
  const route = { schema: FlowStatusResponse, method: 'GET', url: '/api/me/flow_status', httpStatus: '200' };
  const answer = () => ({
    flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, has_password: true },
    flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, inside_uae: true, terminated_email: 'old@example.ae' },
  });

  it('serialize an answer that matches its schema as the type provider does', () => {
    const ours = zodSerializerCompiler(route);
    const theirs = serializerCompiler(route);
    expect(ours(answer())).toBe(theirs(answer()));
    // Unknown keys are left out, as zod's encode leaves them.
    const extra = { ...answer(), secret: 'x', flow_context: { ...answer().flow_context, internal: 1 } };
    expect(ours(extra)).toBe(theirs(extra));
    expect(ours(extra)).not.toContain('secret');
  });

  it('refuse an answer that does not match its schema as the type provider does: no default filled in, no wrong type let through', () => {
    const ours = zodSerializerCompiler(route);
    const { is_plan_selected: _missing, ...flags } = EMPTY_FLOW_FLAGS;
    for (const bad of [
      { flow_status_flags: flags },
      { ...answer(), flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_plan_paid: 'yes' } },
      { ...answer(), flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, sim_type: 'paper' } },
    ]) {
      expect(() => ours(bad)).toThrow(ResponseSerializationError);
      expect(encodedOrUndefined(FlowStatusResponse, bad)).toBeUndefined();
      expect(z.safeEncode(FlowStatusResponse, bad as never).success).toBe(false);
    }
  });

  it('encode as zod\'s encode does (a codec answers its input side)', () => {
    const Cents = z.object({ amount: z.codec(z.string().regex(/^\d+$/), z.number().int(), { decode: Number, encode: String }) });
    expect(encodedOrUndefined(Cents, { amount: 1200 })).toEqual({ value: z.encode(Cents, { amount: 1200 }) });
    expect(encodedOrUndefined(Cents, { amount: 1200 })).toEqual({ value: { amount: '1200' } });
    expect(encodedOrUndefined(Cents, { amount: 1.5 })).toBeUndefined();
  });

  it('parse input to the same value, and word a refusal the same, as a parse with the error map', () => {
    const headers = { host: 'x', 'api-version': 'v34', language: 'en', channel: 'Web', 'device-os': 'web', 'device-id': 'device-0001', connection: 'keep-alive' };
    expect(parseInput(RequestHeaders, headers, 'headers')).toEqual({ 'api-version': 'v34', language: 'en', channel: 'Web', 'device-os': 'web', 'device-id': 'device-0001' });
    const refusal = (value: unknown) => {
      try {
        parseInput(RequestHeaders, value, 'headers');
      } catch (e) {
        return (e as HttpError).message;
      }
      throw new Error('not refused');
    };
    const { 'device-id': _id, ...noDevice } = headers;
    expect(refusal(noDevice)).toMatch(/headers\.device-id.*is required/);
    expect(refusal({ ...headers, language: 'fr' })).toMatch(/headers\.language/);
  });
});
