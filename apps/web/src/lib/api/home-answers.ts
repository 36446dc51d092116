import {
  HOME_ANSWER_REQUESTS,
  HOME_ANSWERS_ELEMENT_ID,
  HOME_ANSWERS_MAX_AGE_MS,
  homeAnswerKey,
  homeAnswerUrl,
  type THomeAnswers,
} from '@layerline/contract';

/**
 * Keys of the answers anyone may take. Any other answer the page brought (the
 * feed's flags, a work's detail with the reader's like, favourite and follow
 * under /work/{id}, ADR 0058) is a visitor's only.
 */
const SHARED_KEYS = new Set<string>(
  HOME_ANSWER_REQUESTS.filter((request) => !request.personal).map((request) =>
    homeAnswerKey(homeAnswerUrl(request)),
  ),
);

/**
 * The answers the server put into the home's HTML (HOME_ANSWER_REQUESTS, and
 * a work's detail in the page of /work/{id}). A
 * GET takes its answer from here instead of the network, once, while the
 * answers are fresh (HOME_ANSWERS_MAX_AGE_MS after the page arrived), in
 * their language, and for a personal answer only while no one is signed in.
 */
export type THomeAnswerStore = {
  take: (pathAndQuery: string, scope: { locale: string; isGuest: boolean }) => unknown;
};

export function createHomeAnswerStore(
  found: THomeAnswers | undefined,
  now: () => number,
  until: number,
): THomeAnswerStore {
  const answers = new Map<string, unknown>(Object.entries(found?.answers ?? {}));
  return {
    take(pathAndQuery, { locale, isGuest }) {
      if (!found || answers.size === 0) return undefined;
      if (now() > until) {
        answers.clear();
        return undefined;
      }
      const key = homeAnswerKey(pathAndQuery);
      if (found.locale !== locale || (!isGuest && !SHARED_KEYS.has(key))) return undefined;
      const answer = answers.get(key);
      answers.delete(key);
      return answer;
    },
  };
}

function isHomeAnswers(value: unknown): value is THomeAnswers {
  if (typeof value !== 'object' || value === null) return false;
  const { locale, answers } = value as Partial<THomeAnswers>;
  return typeof locale === 'string' && typeof answers === 'object' && answers !== null;
}

/** Reads the answers' element, and removes it: they are read once per page. */
export function readHomeAnswers(doc: Document): THomeAnswers | undefined {
  const element = doc.getElementById(HOME_ANSWERS_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return isHomeAnswers(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

let pageStore: THomeAnswerStore | undefined;

/**
 * This page's answers: read from the document the first time, then the same
 * store for every client made after (the app replaces its client at start).
 * Their age counts from the page's own start (performance.now()).
 */
export function pageHomeAnswers(): THomeAnswerStore | undefined {
  if (typeof document === 'undefined') return undefined;
  pageStore ??= createHomeAnswerStore(
    readHomeAnswers(document),
    () => performance.now(),
    HOME_ANSWERS_MAX_AGE_MS,
  );
  return pageStore;
}
