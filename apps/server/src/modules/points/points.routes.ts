import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import { authOf, requireAuth } from '../../kernel/request-auth';
import type { PointsService } from './points.service';

export type TPointsRoutesOptions = { service: PointsService };

/** Points API, our extension of SPEC 1 points (ADR 0011); login required. */
export const pointsRoutes: FastifyPluginAsyncZod<TPointsRoutesOptions> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('points.summary', {
      tags: ['points'],
      summary: 'Balance, daily allowance, next refresh time and the not-convertible-to-cash note',
      description:
        'The first request of a local day tops the balance up to the daily allowance ' +
        '(POINTS_DAILY_ALLOWANCE, refreshed at midnight in POINTS_TIMEZONE).',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.summary(authOf(request).userId, request.locale)),
  });

  app.route({
    ...endpoint('points.ledger', {
      tags: ['points'],
      summary: "The caller's own points ledger, newest first, paged with total",
    }),
    onRequest: requireAuth,
    handler: async (request) => {
      const { data, total } = await service.ledger(authOf(request).userId, request.query);
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('points.tasks', {
      tags: ['points'],
      summary: 'Tasks that earn points, with amount and state',
      description:
        'first_work, first_post and profile are awarded once when their condition holds; ' +
        'signin once per local day via POST /points/tasks/signin.',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.tasks(authOf(request).userId)),
  });

  app.route({
    ...endpoint('points.signin', {
      tags: ['points'],
      summary: 'Claim the daily sign-in reward (once per local day)',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.signin(authOf(request).userId)),
  });
};
