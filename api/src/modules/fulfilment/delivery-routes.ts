import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DeliveryBody,
  LatLng,
  PickupBody,
  ROUTES,
  StoresQuery,
  isRouteAllowed,
  type CoverageResponse,
  type OrderKind,
  type OrderResponse,
  type StoresResponse,
  type ZonesResponse,
} from '@join/shared/contract';
import type { FulfilmentDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { HttpError } from '../../platform/http/http-error';
import { stepNotAllowed } from '../../platform/http/step-guard';
import { parseInput } from '../../platform/http/validate';
import { serverFlowContext, type ServerFlowStatus } from '../flow';
import { coverageOf, deliveryStores, deliveryZones } from './delivery-service';
import { orderService } from './order-service';

/**
 * Delivery's HTTP face (api/README.md "Delivery"): the public geography reads (coverage, zones,
 * stores; delivery-service.ts) and the user's one order (a delivery, a store pickup or an instant
 * eSIM; order-service.ts). Each route parses its request and answers what the service returns;
 * the body carries neither coverage nor a price.
 */

export async function deliveryGeoRoutes(app: FastifyInstance, ctx: FulfilmentDeps): Promise<void> {
  app.get('/delivery/coverage', async (request): Promise<CoverageResponse> => {
    const point = parseInput(LatLng, request.query, 'query');
    const { etaMinutes: _minutes, ...coverage } = await coverageOf(ctx, point, request.log);
    return coverage;
  });

  app.get('/delivery/zones', async (): Promise<ZonesResponse> => deliveryZones(ctx));

  app.get('/delivery/stores', async (request): Promise<StoresResponse> => {
    const query = parseInput(StoresQuery, request.query, 'query');
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      throw new HttpError(400, 'bad_request', `query.${query.lat === undefined ? 'lat' : 'lng'}: is required with query.${query.lat === undefined ? 'lng' : 'lat'}`, `query.${query.lat === undefined ? 'lat' : 'lng'}`);
    }
    const near = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
    return deliveryStores(ctx, query.lang, near);
  });
}

export async function orderRoutes(app: FastifyInstance, ctx: FulfilmentDeps): Promise<void> {
  const orders = orderService(ctx);

  /** The flow-contract guard of an order route, with the replay of an existing order of this kind let through. */
  function orderGuard(kind: OrderKind, allowed: (status: ServerFlowStatus) => boolean) {
    return async (request: FastifyRequest): Promise<void> => {
      if (!(await orders.mayOrder(callerOf(request), kind, allowed))) throw stepNotAllowed(kind === 'esim' ? 'thank_you' : 'submit_delivery');
    };
  }

  app.post(
    '/me/delivery',
    { preHandler: orderGuard('delivery', (status) => isRouteAllowed(ROUTES.submitDelivery, serverFlowContext(status))) },
    async (request): Promise<OrderResponse> => orders.placeDelivery(callerOf(request), parseInput(DeliveryBody, request.body, 'body')),
  );

  app.post(
    '/me/pickup',
    { preHandler: orderGuard('pickup', (status) => isRouteAllowed(ROUTES.storePickup, serverFlowContext(status))) },
    async (request): Promise<OrderResponse> => orders.placePickup(callerOf(request), parseInput(PickupBody, request.body, 'body').store_id),
  );

  app.post(
    '/me/esim',
    {
      preHandler: orderGuard('esim', (status) => {
        const flow = serverFlowContext(status);
        return isRouteAllowed(ROUTES.thankYou, flow) && flow.simType === 'esim' && flow.flags.is_plan_paid;
      }),
    },
    async (request): Promise<OrderResponse> => orders.placeEsim(callerOf(request)),
  );

  app.get('/me/order', async (request): Promise<OrderResponse> => orders.currentOrder(callerOf(request)));
}
