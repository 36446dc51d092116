import { readFile } from 'node:fs/promises';
import { AiEngineError } from '../ai-engine';

/**
 * ComfyUI workflows in API format ("Save (API Format)": node id -> class_type
 * and inputs) with placeholders the adapter fills per job. A string that is
 * exactly a numeric placeholder becomes a number, so `"seed": "{{seed}}"`
 * reaches the KSampler as an integer.
 */
export type TWorkflowValues = {
  prompt: string;
  negative_prompt: string;
  seed: number;
  width: number;
  height: number;
  count: number;
  strength: number;
  image?: string;
};

type TGraph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

const NUMERIC = new Set(['seed', 'width', 'height', 'count', 'strength']);
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Reads a workflow file on every job, so an edited workflow takes effect without a restart. */
export async function loadWorkflow(path: string): Promise<TGraph> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AiEngineError('failed', `The ComfyUI workflow ${path} cannot be read.`, {
      cause: error,
    });
  }
  let graph: unknown;
  try {
    graph = JSON.parse(text);
  } catch {
    throw new AiEngineError('failed', `The ComfyUI workflow ${path} is not JSON.`);
  }
  const isGraph =
    graph !== null &&
    typeof graph === 'object' &&
    !Array.isArray(graph) &&
    !('nodes' in graph) &&
    Object.values(graph).every(
      (node) => node && typeof node === 'object' && typeof node.class_type === 'string',
    );
  if (!isGraph) {
    throw new AiEngineError(
      'failed',
      `The ComfyUI workflow ${path} is not in API format; export it with "Save (API Format)".`,
    );
  }
  return graph as TGraph;
}

/** Names of the placeholders a workflow uses. */
export function placeholdersIn(graph: TGraph): Set<string> {
  const found = new Set<string>();
  for (const match of JSON.stringify(graph).matchAll(PLACEHOLDER)) found.add(match[1] ?? '');
  return found;
}

function fill(value: unknown, values: TWorkflowValues): unknown {
  if (typeof value === 'string') {
    const whole = /^\{\{(\w+)\}\}$/.exec(value)?.[1];
    if (whole && NUMERIC.has(whole)) return values[whole as keyof TWorkflowValues];
    return value.replace(PLACEHOLDER, (all, name: string) => {
      const replacement = values[name as keyof TWorkflowValues];
      return replacement === undefined ? all : String(replacement);
    });
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fill(item, values)]),
    );
  }
  return value;
}

/**
 * The graph with this job's values. A workflow without `{{prompt}}` (or
 * without `{{image}}` for image-to-image) would ignore the user's input and
 * still charge, so it is refused as a set-up error.
 */
export function fillWorkflow(graph: TGraph, values: TWorkflowValues, path: string): TGraph {
  const used = placeholdersIn(graph);
  const required = values.image === undefined ? ['prompt'] : ['prompt', 'image'];
  const missing = required.filter((name) => !used.has(name));
  if (missing.length > 0) {
    throw new AiEngineError(
      'failed',
      `The ComfyUI workflow ${path} has no ${missing.map((name) => `{{${name}}}`).join(' or ')} placeholder.`,
    );
  }
  return fill(graph, values) as TGraph;
}
