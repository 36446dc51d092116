import type { TAiStage } from '@layerline/contract';
import sharp from 'sharp';
import type { TEngineContext } from '../../ai-engine';
import type { TProviderRuntime } from '../provider-runtime';

/** A real small PNG, as a provider's answer or a user's upload. */
export function pngBytes(color = '#d8463c', size = 8): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * A valid binary glTF 2.0 holding one triangle: header, JSON chunk (padded
 * with spaces) and BIN chunk, the way a provider's GLB download is laid out.
 */
export function glbBytes(): Buffer {
  const positions = Buffer.alloc(36);
  [0, 0, 0, 10, 0, 0, 0, 10, 0].forEach((value, index) => {
    positions.writeFloatLE(value, index * 4);
  });
  const gltf = {
    asset: { version: '2.0', generator: 'fake provider' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    buffers: [{ byteLength: 36 }],
    bufferViews: [{ buffer: 0, byteLength: 36 }],
    accessors: [
      {
        bufferView: 0,
        componentType: 5126,
        count: 3,
        type: 'VEC3',
        min: [0, 0, 0],
        max: [10, 10, 0],
      },
    ],
  };
  let json = Buffer.from(JSON.stringify(gltf));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const total = 12 + 8 + json.length + 8 + positions.length;
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunk = (type: number, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(data.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, data]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, json), chunk(0x004e4942, positions)]);
}

/** Fast timings so retries and polls take milliseconds; the timeout is what a "slow" fake exceeds. */
export function testRuntime(overrides: Partial<TProviderRuntime['http']> = {}): TProviderRuntime {
  return {
    http: { timeoutMs: 2_000, maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 1_000, ...overrides },
    pollIntervalMs: 5,
    taskTimeoutMs: 5_000,
  };
}

export type TTestContext = TEngineContext & {
  stages: { stage: TAiStage; percent: number }[];
  controller: AbortController;
};

/** An engine context whose stored files are the given map and whose progress is recorded. */
export function testContext(files: Record<string, Buffer> = {}): TTestContext {
  const controller = new AbortController();
  const stages: TTestContext['stages'] = [];
  return {
    signal: controller.signal,
    controller,
    stages,
    progress: (stage, percent) => stages.push({ stage, percent }),
    readFile: async (url) => {
      const data = files[url];
      if (!data) throw new Error(`no stored file ${url}`);
      return data;
    },
  };
}
