import { describe, expect, it } from 'vitest';
import {
  addStroke,
  canRedo,
  canUndo,
  clearStrokes,
  createHistory,
  HISTORY_LIMIT,
  hasPaint,
  hasUnpaint,
  maskHistoryReducer,
  redo,
  type TMaskHistory,
  type TStroke,
  undo,
} from './mask-history';

const stroke = (x: number, mode: TStroke['mode'] = 'paint'): TStroke => ({
  mode,
  size: 20,
  points: [
    { x, y: 0 },
    { x, y: 10 },
  ],
});

const xs = (history: TMaskHistory) => history.present.map((item) => item.points[0]?.x);

describe('mask history', () => {
  it('starts empty with nothing to undo or redo', () => {
    const history = createHistory();
    expect(history.present).toEqual([]);
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
  });

  it('adds strokes in order and undoes and redoes them one at a time', () => {
    let history = addStroke(addStroke(createHistory(), stroke(1)), stroke(2));
    expect(xs(history)).toEqual([1, 2]);
    history = undo(history);
    expect(xs(history)).toEqual([1]);
    expect(canRedo(history)).toBe(true);
    history = undo(history);
    expect(xs(history)).toEqual([]);
    expect(canUndo(history)).toBe(false);
    history = redo(redo(history));
    expect(xs(history)).toEqual([1, 2]);
    expect(canRedo(history)).toBe(false);
  });

  it('drops the redo steps when a new stroke is drawn after an undo', () => {
    let history = addStroke(addStroke(createHistory(), stroke(1)), stroke(2));
    history = addStroke(undo(history), stroke(3));
    expect(xs(history)).toEqual([1, 3]);
    expect(canRedo(history)).toBe(false);
    expect(redo(history)).toBe(history);
  });

  it('ignores strokes without points or without a size', () => {
    const history = createHistory();
    expect(addStroke(history, { mode: 'paint', size: 20, points: [] })).toBe(history);
    expect(addStroke(history, { ...stroke(1), size: 0 })).toBe(history);
  });

  it('makes clearing one undoable step and ignores clearing an empty mask', () => {
    const empty = createHistory();
    expect(clearStrokes(empty)).toBe(empty);
    let history = clearStrokes(addStroke(addStroke(empty, stroke(1)), stroke(2)));
    expect(xs(history)).toEqual([]);
    expect(canUndo(history)).toBe(true);
    history = undo(history);
    expect(xs(history)).toEqual([1, 2]);
    history = redo(history);
    expect(xs(history)).toEqual([]);
  });

  it(`keeps at most ${HISTORY_LIMIT} undo steps but every stroke stays drawn`, () => {
    let history = createHistory();
    for (let index = 1; index <= HISTORY_LIMIT + 5; index += 1) {
      history = addStroke(history, stroke(index));
    }
    expect(history.present).toHaveLength(HISTORY_LIMIT + 5);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    let undos = 0;
    while (canUndo(history)) {
      history = undo(history);
      undos += 1;
    }
    expect(undos).toBe(HISTORY_LIMIT);
    // The five oldest strokes can no longer be undone.
    expect(xs(history)).toEqual([1, 2, 3, 4, 5]);
    expect(history.future).toHaveLength(HISTORY_LIMIT);
  });

  it('honours a custom bound', () => {
    let history = createHistory();
    for (let index = 1; index <= 4; index += 1) history = addStroke(history, stroke(index), 2);
    expect(history.past).toHaveLength(2);
    expect(xs(undo(undo(history)))).toEqual([1, 2]);
  });

  it('shares strokes between steps instead of copying them', () => {
    const first = stroke(1);
    const history = addStroke(addStroke(createHistory(), first), stroke(2));
    expect(history.present[0]).toBe(first);
    expect(history.past[1]?.[0]).toBe(first);
  });

  it('dispatches every action through the reducer, and reset forgets everything', () => {
    let history = maskHistoryReducer(createHistory(), { type: 'stroke', stroke: stroke(1) });
    history = maskHistoryReducer(history, { type: 'clear' });
    history = maskHistoryReducer(history, { type: 'undo' });
    expect(xs(history)).toEqual([1]);
    history = maskHistoryReducer(history, { type: 'redo' });
    expect(xs(history)).toEqual([]);
    history = maskHistoryReducer(history, { type: 'reset' });
    expect(history).toEqual(createHistory());
  });

  it('tells paint from unpaint', () => {
    expect(hasPaint([])).toBe(false);
    expect(hasPaint([stroke(1, 'unpaint')])).toBe(false);
    expect(hasPaint([stroke(1, 'unpaint'), stroke(2)])).toBe(true);
    expect(hasUnpaint([stroke(1)])).toBe(false);
    expect(hasUnpaint([stroke(1), stroke(2, 'unpaint')])).toBe(true);
  });
});
