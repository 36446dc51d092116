/**
 * Design files come from our own origin (/files/...), outside the JSON API:
 * plain fetch, no envelope. A failed answer is an error the viewer shows as
 * "could not be loaded".
 */
export class FileFetchError extends Error {
  override name = 'FileFetchError';

  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`GET ${url} answered ${status}`);
  }
}

async function fetchOk(url: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new FileFetchError(url, response.status);
  return response;
}

export async function fetchFileBuffer(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  return (await fetchOk(url, signal)).arrayBuffer();
}

export async function fetchFileText(url: string, signal?: AbortSignal): Promise<string> {
  return (await fetchOk(url, signal)).text();
}
