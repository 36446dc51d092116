import { expect } from 'vitest';

export type TSample = { name: string; labels: Record<string, string>; value: number };
export type TScrape = {
  samples: TSample[];
  types: Map<string, string>;
  /** The sum of the samples named `name` whose labels include `labels` (0 when none). */
  value(name: string, labels?: Record<string, string>): number;
  has(name: string): boolean;
};

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
  counter: [''],
  gauge: [''],
};

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== at) throw new Error(`bad labels: {${text}}`);
    const [, key = '', raw = ''] = match;
    labels[key] = raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/**
 * Prometheus's text exposition format read strictly: every line a HELP, a
 * TYPE or a sample of a family declared before it, with a number for value.
 */
export function parseScrape(text: string): TScrape {
  const types = new Map<string, string>();
  const samples: TSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') types.set(comment[2] ?? '', comment[3] ?? '');
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const [, name = '', labels, raw = ''] = match;
    const value = Number(raw.replace(/^\+Inf$/, 'Infinity').replace(/^-Inf$/, '-Infinity'));
    if (Number.isNaN(value) && raw.toLowerCase() !== 'nan')
      throw new Error(`not a number: ${line}`);
    const family = [...types.entries()].find(([family, type]) =>
      (SUFFIXES[type] ?? ['']).some((suffix) => `${family}${suffix}` === name),
    );
    if (!family) throw new Error(`a sample of no declared family: ${line}`);
    samples.push({ name, labels: labels ? parseLabels(labels) : {}, value });
  }
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
  return {
    samples,
    types,
    value: (name, labels = {}) =>
      matching(name, labels).reduce((sum, sample) => sum + sample.value, 0),
    has: (name) => samples.some((sample) => sample.name === name),
  };
}

/** The scrape of `get` (an inject of GET /metrics with the token): a 200 of Prometheus text. */
export function scrapeOf(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expect(res.statusCode, res.body).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseScrape(res.body);
}
