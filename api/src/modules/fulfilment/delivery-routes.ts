import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CoverageResponse,
  DeliveryBody,
  LatLng,
  OrderResponse,
  PickupBody,
  ROUTES,
  StoresQuery,
  StoresResponse,
  ZonesResponse,
  isRouteAllowed,
  type OrderKind,
} from '@join/shared/contract';
import type { FulfilmentDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { HttpError } from '../../platform/http/http-error';
import { stepNotAllowed } from '../../platform/refusals';
import { serverFlowContext, type ServerFlowStatus } from '../flow';
import { coverageOf, deliveryStores, deliveryZones } from './delivery-service';
import { orderService } from './order-service';

/**
 * Delivery's HTTP face (api/README.md "Delivery"): the public geography reads (coverage, zones,
 * stores; delivery-service.ts) and the user's one order (a delivery, a store pickup or an instant
 * eSIM; order-service.ts). Each route declares its query or body and its answer from the
 * contract and answers what the service returns; the body carries neither coverage nor a price.
 */

export async function deliveryGeoRoutes(base: FastifyInstance, ctx: FulfilmentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/delivery/coverage', { schema: { querystring: LatLng, response: { 200: CoverageResponse } } }, async (request) => {
    const { etaMinutes: _minutes, ...coverage } = await coverageOf(ctx, request.query, request.log);
    return coverage;
  });

  app.get('/delivery/zones', { schema: { response: { 200: ZonesResponse } } }, async () => deliveryZones(ctx));

  app.get('/delivery/stores', { schema: { querystring: StoresQuery, response: { 200: StoresResponse } } }, async (request) => {
    const { query } = request;
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      throw new HttpError(400, 'bad_request', `query.${query.lat === undefined ? 'lat' : 'lng'}: is required with query.${query.lat === undefined ? 'lng' : 'lat'}`, `query.${query.lat === undefined ? 'lat' : 'lng'}`);
    }
    const near = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
    return deliveryStores(ctx, query.lang, near);
  });
}

export async function orderRoutes(base: FastifyInstance, ctx: FulfilmentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const orders = orderService(ctx);

  /** The flow-contract guard of an order route, with the replay of an existing order of this kind let through. */
  function orderGuard(kind: OrderKind, allowed: (status: ServerFlowStatus) => boolean) {
    return async (request: FastifyRequest): Promise<void> => {
      if (!(await orders.mayOrder(callerOf(request), kind, allowed))) throw stepNotAllowed(kind === 'esim' ? 'thank_you' : 'submit_delivery');
    };
  }

  app.post(
    '/me/delivery',
    {
      schema: { body: DeliveryBody, response: { 200: OrderResponse } },
      preHandler: orderGuard('delivery', (status) => isRouteAllowed(ROUTES.submitDelivery, serverFlowContext(status))),
    },
    async (request) => orders.placeDelivery(callerOf(request), request.body),
  );

  app.post(
    '/me/pickup',
    {
      schema: { body: PickupBody, response: { 200: OrderResponse } },
      preHandler: orderGuard('pickup', (status) => isRouteAllowed(ROUTES.storePickup, serverFlowContext(status))),
    },
    async (request) => orders.placePickup(callerOf(request), request.body.store_id),
  );

  // No body schema: the eSIM order carries nothing, and its body has never been read.
  app.post(
    '/me/esim',
    {
      schema: { response: { 200: OrderResponse } },
      preHandler: orderGuard('esim', (status) => {
        const flow = serverFlowContext(status);
        return isRouteAllowed(ROUTES.thankYou, flow) && flow.simType === 'esim' && flow.flags.is_plan_paid;
      }),
    },
    async (request) => orders.placeEsim(callerOf(request)),
  );

  app.get('/me/order', { schema: { response: { 200: OrderResponse } } }, async (request) => orders.currentOrder(callerOf(request)));
}
