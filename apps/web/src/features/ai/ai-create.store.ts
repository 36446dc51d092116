import { create } from 'zustand';
import { withoutAddedPhrase } from './prompt-additions';
import type { TMachine, TTool } from './tool-types';
import { findTool, initialOptions } from './tools';

/**
 * The picture a tool works on. `file` is kept until it is uploaded (a
 * visitor picks it before logging in); `url` is the stored upload the job
 * reads; `preview` is what the page shows (an object URL or the stored url).
 */
export type TSourceImage = {
  name: string;
  preview: string;
  file: File | null;
  url: string | null;
  width?: number;
  height?: number;
  /** The DPI the uploaded picture declares (null: none), from the upload answer. */
  dpi?: number | null;
};

export type TAiDraft = {
  machine: TMachine;
  /** The tool shown in each tab; a tab not visited yet shows its first tool. */
  toolByMachine: Partial<Record<TMachine, string>>;
  /** Options per tool id, so switching tools keeps what was set. */
  options: Record<string, Record<string, unknown>>;
  text: string;
  /** The text before the last prompt optimisation, for undo. */
  textBeforeOptimise: string | null;
  /** The phrases the last optimisation added that are still in the text (each can be taken back). */
  promptAdded: string[];
  style: string;
  ratio: string;
  count: number;
  source: TSourceImage | null;
  /** The job shown in the progress and result area. */
  jobId: number | null;
  /**
   * `machine:toolId` a visitor pressed Generate on before logging in: the job
   * starts once the session arrives, with what they entered.
   */
  pendingStart: string | null;
};

type TAiCreateState = TAiDraft & {
  setMachine: (machine: TMachine) => void;
  setTool: (toolId: string) => void;
  setOption: (toolId: string, name: string, value: unknown) => void;
  setOptions: (toolId: string, options: Record<string, unknown>) => void;
  setText: (text: string) => void;
  applyOptimised: (text: string, added?: readonly string[]) => void;
  undoOptimise: () => void;
  /** Takes one added phrase back out of the prompt. */
  removeAdded: (phrase: string) => void;
  setStyle: (style: string) => void;
  setRatio: (ratio: string) => void;
  setCount: (count: number) => void;
  setSource: (source: TSourceImage | null) => void;
  markUploaded: (
    preview: string,
    url: string,
    image?: { width: number; height: number; dpi: number | null },
  ) => void;
  setJob: (jobId: number | null) => void;
  setPendingStart: (pendingStart: string | null) => void;
  reset: () => void;
};

const INITIAL: TAiDraft = {
  machine: 'laser',
  toolByMachine: {},
  options: {},
  text: '',
  textBeforeOptimise: null,
  promptAdded: [],
  style: 'none',
  ratio: '1:1',
  count: 1,
  source: null,
  jobId: null,
  pendingStart: null,
};

function releasePreview(source: TSourceImage | null, next: TSourceImage | null) {
  if (source?.preview.startsWith('blob:') && source.preview !== next?.preview) {
    URL.revokeObjectURL(source.preview);
  }
}

/**
 * The AI page's input, in memory for the whole visit: leaving the page and
 * coming back, or logging in from the start button, keeps everything the
 * maker entered (SPEC 2: starting asks a visitor to log in, input kept).
 */
export const useAiCreateStore = create<TAiCreateState>()((set, get) => ({
  ...INITIAL,
  setMachine: (machine) => set({ machine }),
  setTool: (toolId) =>
    set((state) => ({ toolByMachine: { ...state.toolByMachine, [state.machine]: toolId } })),
  setOption: (toolId, name, value) =>
    set((state) => ({
      options: { ...state.options, [toolId]: { ...state.options[toolId], [name]: value } },
    })),
  setOptions: (toolId, options) =>
    set((state) => ({ options: { ...state.options, [toolId]: options } })),
  setText: (text) =>
    set((state) => ({ text, promptAdded: state.promptAdded.filter((p) => text.includes(p)) })),
  applyOptimised: (text, added = []) =>
    set((state) => ({
      textBeforeOptimise: state.text,
      text,
      promptAdded: added.filter((phrase) => text.includes(phrase)),
    })),
  undoOptimise: () =>
    set((state) =>
      state.textBeforeOptimise === null
        ? state
        : { text: state.textBeforeOptimise, textBeforeOptimise: null, promptAdded: [] },
    ),
  removeAdded: (phrase) =>
    set((state) => ({
      text: withoutAddedPhrase(state.text, phrase),
      promptAdded: state.promptAdded.filter((added) => added !== phrase),
    })),
  setStyle: (style) => set({ style }),
  setRatio: (ratio) => set({ ratio }),
  setCount: (count) => set({ count }),
  setSource: (source) => {
    releasePreview(get().source, source);
    set({ source });
  },
  markUploaded: (preview, url, image) =>
    set((state) =>
      state.source?.preview === preview
        ? { source: { ...state.source, ...image, url, file: null } }
        : state,
    ),
  setJob: (jobId) => set({ jobId }),
  setPendingStart: (pendingStart) => set({ pendingStart }),
  reset: () => {
    releasePreview(get().source, null);
    set(INITIAL);
  },
}));

/** The tool the current tab shows. */
export function currentTool(state: Pick<TAiDraft, 'machine' | 'toolByMachine'>) {
  return findTool(state.machine, state.toolByMachine[state.machine]);
}

/** A tool's current option values: the stored ones over its defaults. */
export function toolOptions(
  options: Record<string, Record<string, unknown>>,
  tool: TTool,
): Record<string, unknown> {
  return { ...initialOptions(tool), ...options[tool.id] };
}
