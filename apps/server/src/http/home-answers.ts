import {
  HOME_ANSWER_REQUESTS,
  HOME_ANSWERS_ELEMENT_ID,
  homeAnswerKey,
  homeAnswerUrl,
  type TLocale,
} from '@layerline/contract';
import type { FastifyInstance } from 'fastify';

/** Where index.html takes the home's first answers (see HOME_ANSWER_REQUESTS). */
export const HOME_ANSWERS_PLACEHOLDER = '<!--home-answers-->';

/**
 * JSON as the text of a script element: every '<' is written \u003c, so no
 * text inside an answer (a work's title, say) can close the element or open
 * a comment. JSON.parse reads it back unchanged.
 */
export function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** index.html with the answers' element in place of its placeholder (no answers: no element). */
export function withHomeAnswers(html: string, json: string | undefined): string {
  if (!json) return html;
  return html.replace(
    HOME_ANSWERS_PLACEHOLDER,
    `<script type="application/json" id="${HOME_ANSWERS_ELEMENT_ID}">${scriptJson(json)}</script>`,
  );
}

/**
 * The answers a visitor's home asks for as it starts (HOME_ANSWER_REQUESTS),
 * and `extra` GETs of the page over it (a work's detail under /work/{id}).
 */
export function homeAnswers(
  app: FastifyInstance,
  locale: TLocale,
  extra: readonly string[] = [],
): Promise<string | undefined> {
  return pageAnswers(app, locale, [...HOME_ANSWER_REQUESTS.map(homeAnswerUrl), ...extra]);
}

/**
 * The answers of `urls` (GETs a page makes as it starts), taken from this
 * server's own routes in `locale`, so they are exactly what the requests
 * would get, from the same caches. An answer that is not a success is left
 * out (the web then asks for it as usual); the JSON of THomeAnswers, or
 * undefined when no answer is left.
 */
export async function pageAnswers(
  app: FastifyInstance,
  locale: TLocale,
  urls: readonly string[],
): Promise<string | undefined> {
  const parts = await Promise.all(
    urls.map(async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'content-language': locale, accept: 'application/json' },
      });
      // 200 is the status of code OK alone (httpStatusFor): the body need not be parsed.
      const type = String(response.headers['content-type'] ?? '');
      if (response.statusCode !== 200 || !type.startsWith('application/json')) return undefined;
      return `${JSON.stringify(homeAnswerKey(url))}:${response.body}`;
    }),
  );
  const kept = parts.filter((part) => part !== undefined);
  if (kept.length === 0) return undefined;
  return `{"locale":${JSON.stringify(locale)},"answers":{${kept.join(',')}}}`;
}
