import { describe, expect, it } from 'vitest';
import { effectiveTool, GENERATIVE_STYLE } from './image-to-image-tool';
import { aiEn } from './locales/en';
import { aiZh } from './locales/zh';
import type { TTool } from './tool-types';
import { TOOLS_BY_MACHINE } from './tools';

/** Every tool the page offers, with image-to-image's generative fields as a provider makes them. */
function offeredTools(): TTool[] {
  const tools = new Map<string, TTool>();
  for (const list of Object.values(TOOLS_BY_MACHINE)) {
    for (const tool of list) {
      tools.set(tool.id, tool);
      const generative = effectiveTool(tool, { style: GENERATIVE_STYLE }, { generative: true });
      if (generative !== tool) tools.set(`${tool.id}:generative`, generative);
    }
  }
  return [...tools.values()];
}

describe('option labels of the AI catalog', () => {
  const tools = offeredTools();
  const selectChoices = new Map<string, Set<string>>();
  for (const tool of tools) {
    for (const field of tool.fields) {
      if (field.type !== 'select') continue;
      const known = selectChoices.get(field.name) ?? new Set<string>();
      for (const choice of field.choices) known.add(choice);
      selectChoices.set(field.name, known);
    }
  }

  it.each([
    ['en', aiEn],
    ['zh', aiZh],
  ] as const)('labels only choices a tool offers (%s)', (_locale, catalog) => {
    const labelled = Object.entries(catalog.choices).flatMap(([field, labels]) =>
      Object.keys(labels).map((choice) => `${field}.${choice}`),
    );
    const offered = [...selectChoices].flatMap(([field, choices]) =>
      [...choices].map((choice) => `${field}.${choice}`),
    );
    // A label no select shows is dead text (e.g. background removal's former quality choice).
    expect(labelled.filter((key) => !offered.includes(key))).toEqual([]);
    expect(offered.filter((key) => !labelled.includes(key))).toEqual([]);
  });

  it.each([
    ['en', aiEn],
    ['zh', aiZh],
  ] as const)('labels only fields a tool has (%s)', (_locale, catalog) => {
    const names = new Set(tools.flatMap((tool) => tool.fields.map((field) => field.name)));
    expect(Object.keys(catalog.fields).filter((name) => !names.has(name))).toEqual([]);
  });
});
