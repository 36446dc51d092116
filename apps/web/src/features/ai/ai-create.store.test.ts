import { beforeEach, describe, expect, it } from 'vitest';
import { currentTool, toolOptions, useAiCreateStore } from './ai-create.store';
import { findTool } from './tools';

const store = () => useAiCreateStore.getState();

describe('the AI page input (kept for the visit)', () => {
  beforeEach(() => store().reset());

  it("opens each tab on its first tool and remembers each tab's choice", () => {
    expect(currentTool(store()).id).toBe('removeBackground');
    store().setMachine('printer3d');
    expect(currentTool(store()).id).toBe('relief');
    store().setTool('cookieCutter');
    store().setMachine('laser');
    store().setTool('textToLogo');
    store().setMachine('printer3d');
    expect(currentTool(store()).id).toBe('cookieCutter');
    store().setMachine('laser');
    expect(currentTool(store()).id).toBe('textToLogo');
  });

  it("starts from the contract's defaults and keeps what the maker set per tool", () => {
    const relief = findTool('printer3d', 'relief');
    expect(toolOptions(store().options, relief)).toMatchObject({
      widthMm: 100,
      reliefMm: 3,
      baseMm: 2,
      resolution: 400,
    });
    store().setOption('relief', 'widthMm', 60);
    expect(toolOptions(store().options, relief).widthMm).toBe(60);
    expect(toolOptions(store().options, findTool('printer3d', 'lithophane')).widthMm).toBe(100);
  });

  it('undoes a prompt optimisation once', () => {
    store().setText('cat');
    store().applyOptimised('cat, line art, high contrast');
    expect(store().text).toBe('cat, line art, high contrast');
    store().undoOptimise();
    expect(store().text).toBe('cat');
    expect(store().textBeforeOptimise).toBeNull();
  });
});
