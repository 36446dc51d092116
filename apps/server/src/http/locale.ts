import { Code, message, pickLocale, type TLocale } from '@layerline/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEnvelope } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** DESIGN 3: the language of `msg` and of localised names (zh or en). */
    readonly locale: TLocale;
  }
}

/**
 * Content-Language first (the web sends its current locale there, SPEC 7), then
 * Accept-Language, then en (SPEC 9). Joining them keeps that order, as
 * pickLocale takes the first supported tag.
 */
export function localeOf(request: Pick<FastifyRequest, 'headers'>): TLocale {
  const { 'content-language': contentLanguage, 'accept-language': acceptLanguage } =
    request.headers;
  return pickLocale([contentLanguage, acceptLanguage].filter(Boolean).join(','));
}

export function registerLocale(app: FastifyInstance): void {
  // A getter, so the locale is right even in handlers that run before any
  // hook (errors in routing, body parsing, the not-found handler).
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return localeOf(this);
    },
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (isEnvelope(payload) && payload.code === Code.OK && payload.msg === '') {
      return { ...payload, msg: message(request.locale, 'ok') };
    }
    return payload;
  });
}
