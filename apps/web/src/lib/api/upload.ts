import type { TRawResponse, TTransport } from './transport';

/**
 * fetch reports no upload progress, so uploads go through XMLHttpRequest. This
 * transport only moves bytes; headers, the queue, the timeout, token refresh
 * and the envelope rules are the same as for every other call.
 */
export function createXhrTransport(createXhr: () => XMLHttpRequest): TTransport {
  return ({ url, method, headers, body, signal, onProgress }) =>
    new Promise<TRawResponse>((resolve, reject) => {
      const xhr = createXhr();
      const handleAbort = () => xhr.abort();
      const done = () => signal.removeEventListener('abort', handleAbort);
      xhr.open(method, url, true);
      xhr.responseType = 'text';
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          const total = event.lengthComputable ? event.total : 0;
          const percent = total > 0 ? Math.round((event.loaded / total) * 100) : 0;
          onProgress({ loaded: event.loaded, total, percent });
        };
      }
      xhr.onload = () => {
        done();
        const contentType = xhr.getResponseHeader('content-type') ?? '';
        const text = xhr.responseText;
        resolve({
          status: xhr.status,
          type: 'basic',
          contentType,
          text: () => Promise.resolve(text),
          blob: () => Promise.resolve(new Blob([text], { type: contentType })),
        });
      };
      // Same shape as fetch's failure, so the shared code maps it to the
      // network row of SPEC 8.
      xhr.onerror = () => {
        done();
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('The upload was aborted', 'AbortError'));
      };
      signal.addEventListener('abort', handleAbort, { once: true });
      xhr.send(body ?? null);
    });
}
