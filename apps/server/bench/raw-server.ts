import { createServer } from 'node:http';

/**
 * The floor: a bare node:http server answering the bytes the app answered,
 * in its own process like the app. run.ts sets the bytes over IPC.
 */
export type TRawRequest = { type: 'serve'; body: string; contentType: string } | { type: 'close' };
export type TRawReply = { type: 'ready'; port: number } | { type: 'serving' };

let body = Buffer.alloc(0);
let contentType = 'application/json';

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
});

process.on('message', (request: TRawRequest) => {
  if (request.type === 'close') {
    server.close(() => process.exit(0));
    return;
  }
  body = Buffer.from(request.body, 'utf8');
  contentType = request.contentType;
  process.send?.({ type: 'serving' } satisfies TRawReply);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port } satisfies TRawReply);
});
