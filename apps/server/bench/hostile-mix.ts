import http from 'node:http';
import sharp from 'sharp';
import { photoScene } from '../src/test/engine-images';
import { multipartBody } from '../src/test/uploads';
import { buildZip, zeros } from '../src/test/zips';

/**
 * The load of `npm run bench -- --uploads`: hostile uploads (a 45 MB SVG
 * over the element limit, 3MF zip bombs, PNGs whose header claims a huge
 * picture or that fill the pixel limit) and local AI jobs (no provider)
 * started together on the app in its own process.
 */

export type TForm = Awaited<ReturnType<typeof multipartBody>>;
export type THostileUpload = { label: string; form: TForm; megabytes: number };
export type TOutcome = { label: string; status: number; ms: number; msg: string };

/** About 80 bytes a rect: 580,000 of them make a 45 MB file (over 200,000 nodes: refused). */
export function bigSvg(rects: number): Buffer {
  const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10000 10000">'];
  for (let i = 0; i < rects; i += 1) {
    parts.push(
      `<rect x="${i % 9973}" y="${(i * 7) % 9967}" width="12" height="34" fill="#a0b0c0" stroke="#102030"/>`,
    );
  }
  parts.push('</svg>');
  return Buffer.from(parts.join(''));
}

/** A 64² PNG whose header claims `claimed` pixels a side (a decompression bomb's shape). */
async function pngClaiming(claimed: number): Promise<Buffer> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#808080' },
  })
    .png()
    .toBuffer();
  const out = Buffer.from(png);
  // IHDR: length (4), type (4), width (4), height (4), ... and its CRC over type and body.
  out.writeUInt32BE(claimed, 16);
  out.writeUInt32BE(claimed, 20);
  out.writeUInt32BE(crcOf(out.subarray(12, 29)), 29);
  return out;
}

function crcOf(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A smooth picture of `side`² pixels (just under the 40 MP limit at 6300): small file, big decode. */
async function bigPicture(side: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
  <defs><radialGradient id="g"><stop offset="0" stop-color="#f4d0a0"/><stop offset="1" stop-color="#203050"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#a03020"/></svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).png().toBuffer();
}

const megabytes = (data: Buffer) => data.length / 1024 / 1024;

/** The 8 hostile uploads (BENCH_UPLOAD_RECTS sets the SVGs' rects). */
export async function hostileUploads(rects: number): Promise<THostileUpload[]> {
  const svg = bigSvg(rects);
  const bomb = await buildZip([
    { name: '3D/3dmodel.model', stream: () => zeros(400 * 1024 * 1024) },
  ]);
  const claiming = await pngClaiming(60_000);
  const big = await bigPicture(6300);
  const upload = async (label: string, kind: string, data: Buffer, name: string, type: string) => ({
    label,
    form: await multipartBody({ kind }, [{ data, name, type }]),
    megabytes: megabytes(data),
  });
  const svgUpload = await upload('SVG, 580k elements', 'design', svg, 'big.svg', 'image/svg+xml');
  const bombUpload = await upload('3MF zip bomb (400 MB)', 'design', bomb, 'bomb.3mf', 'model/3mf');
  return [
    svgUpload,
    svgUpload,
    svgUpload,
    bombUpload,
    bombUpload,
    await upload('PNG claiming 60000²', 'cover', claiming, 'huge.png', 'image/png'),
    await upload('PNG 6300² as AI source', 'ai', big, 'big.png', 'image/png'),
    await upload('PNG 6300² as cover', 'cover', big, 'big-cover.png', 'image/png'),
  ];
}

/** Local AI jobs (no provider) on a 2000² photo: the ONNX model, meshes, a colour trace. */
export const AI_JOBS = [
  { kind: 'remove_background', params: {} },
  { kind: 'relief_3d', params: { resolution: 1000 } },
  { kind: 'lithophane', params: { resolution: 1000 } },
  { kind: 'vectorize', params: { mode: 'color', colors: 16 } },
] as const;

export async function aiSourcePicture(): Promise<TForm> {
  const scene = await photoScene(2000, 2000);
  return multipartBody({ kind: 'ai' }, [{ data: scene.png, name: 'photo.png', type: 'image/png' }]);
}

function request(
  port: number,
  options: { method: string; path: string; headers: Record<string, string | number> },
  body?: Buffer,
) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text || '{}') as Record<string, unknown>;
        } catch {
          json = { msg: text.slice(0, 80) };
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function upload(
  port: number,
  authorization: string,
  item: Pick<THostileUpload, 'label' | 'form'>,
): Promise<TOutcome & { url?: string }> {
  const started = performance.now();
  const res = await request(
    port,
    {
      method: 'POST',
      path: '/api/v1/resource/upload',
      headers: {
        authorization,
        ...item.form.headers,
        'content-length': item.form.payload.length,
      },
    },
    item.form.payload,
  );
  const data = res.json.data as { url?: string } | undefined;
  return {
    label: item.label,
    status: res.status,
    ms: performance.now() - started,
    msg: String(res.json.msg ?? ''),
    ...(data?.url ? { url: data.url } : {}),
  };
}

/** Creates a job and waits (polling each second) until it has ended. */
export async function aiJob(
  port: number,
  authorization: string,
  job: { kind: string; params: Record<string, unknown> },
  imageUrl: string,
): Promise<TOutcome> {
  const started = performance.now();
  const headers = { authorization, 'content-type': 'application/json' };
  const created = await request(
    port,
    { method: 'POST', path: '/api/v1/ai/jobs', headers },
    Buffer.from(JSON.stringify({ kind: job.kind, params: { ...job.params, imageUrl } })),
  );
  const id = (created.json.data as { id?: string } | undefined)?.id;
  if (created.status !== 200 || !id) {
    return { label: job.kind, status: created.status, ms: 0, msg: String(created.json.msg) };
  }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const got = await request(port, { method: 'GET', path: `/api/v1/ai/jobs/${id}`, headers });
    const state = (got.json.data as { state?: string; error?: string } | undefined)?.state;
    if (state && !['queued', 'running'].includes(state)) {
      return { label: job.kind, status: got.status, ms: performance.now() - started, msg: state };
    }
  }
}
