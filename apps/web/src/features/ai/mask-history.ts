/**
 * The eraser's mask as a list of strokes (SPEC 1 and 4: image editing, local eraser).
 * Strokes are point lists in picture pixels and every view of the mask (the
 * overlay, the exported PNG) replays them, so undo keeps a few arrays of
 * references instead of bitmaps: memory stays small however large the picture.
 */

/** A point in picture pixels (the picture's natural size). */
export type TPoint = { readonly x: number; readonly y: number };

/** 'paint' marks what to erase; 'unpaint' takes marks away again. */
export type TBrushMode = 'paint' | 'unpaint';

export type TStroke = {
  readonly mode: TBrushMode;
  /** Brush diameter in picture pixels. */
  readonly size: number;
  readonly points: readonly TPoint[];
};

export type TStrokes = readonly TStroke[];

export type TMaskHistory = {
  /** Earlier states, oldest first; at most `limit` of them. */
  readonly past: readonly TStrokes[];
  readonly present: TStrokes;
  /** States an undo left, the next redo first. */
  readonly future: readonly TStrokes[];
};

/** How many steps undo can go back. */
export const HISTORY_LIMIT = 30;

export type TMaskAction =
  | { type: 'stroke'; stroke: TStroke }
  | { type: 'clear' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset' };

export function createHistory(): TMaskHistory {
  return { past: [], present: [], future: [] };
}

function push(history: TMaskHistory, next: TStrokes, limit: number): TMaskHistory {
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - limit)), present: next, future: [] };
}

/** Adds a finished stroke as one undo step; a new step drops what redo could bring back. */
export function addStroke(
  history: TMaskHistory,
  stroke: TStroke,
  limit = HISTORY_LIMIT,
): TMaskHistory {
  if (stroke.points.length === 0 || !(stroke.size > 0)) return history;
  return push(history, [...history.present, stroke], limit);
}

/** Clearing is one undo step too; clearing an empty mask changes nothing. */
export function clearStrokes(history: TMaskHistory, limit = HISTORY_LIMIT): TMaskHistory {
  if (history.present.length === 0) return history;
  return push(history, [], limit);
}

export function undo(history: TMaskHistory): TMaskHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo(history: TMaskHistory): TMaskHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (history: TMaskHistory) => history.past.length > 0;
export const canRedo = (history: TMaskHistory) => history.future.length > 0;

export function maskHistoryReducer(history: TMaskHistory, action: TMaskAction): TMaskHistory {
  switch (action.type) {
    case 'stroke':
      return addStroke(history, action.stroke);
    case 'clear':
      return clearStrokes(history);
    case 'undo':
      return undo(history);
    case 'redo':
      return redo(history);
    case 'reset':
      return createHistory();
  }
}

/** Whether any stroke adds paint. Unpaint strokes alone never mark anything. */
export const hasPaint = (strokes: TStrokes) => strokes.some((stroke) => stroke.mode === 'paint');

/** Whether some stroke takes paint away: then only the pixels tell whether any is left. */
export const hasUnpaint = (strokes: TStrokes) =>
  strokes.some((stroke) => stroke.mode === 'unpaint');
