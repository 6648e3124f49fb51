import { parseMajorUnits } from '@/lib/money';
import type { Column } from './price-grid-text';
import type { CellEdit, GridSize } from './price-grid.schema';

/** A cell (by its name, `robe-s.prices.CNY.unitPrice`) → what the operator typed, or what is wrong with it. */
export type CellTexts = Record<string, string>;

/** The edit a typed text stands for, or the problem that keeps it from being one. */
export function editOf(
  size: GridSize,
  column: Column,
  text: string,
): CellEdit | { problem: 'grid.problem.amount' | 'grid.problem.whole' } {
  const typed = text.trim();
  if (column.field === 'unitPrice' || column.field === 'originalPrice') {
    const value = typed === '' ? null : parseMajorUnits(typed);
    if (typed !== '' && value === null) return { problem: 'grid.problem.amount' };
    return { sku: size.sku, field: column.field, currency: column.currency!, value };
  }
  const whole = /^-?\d{1,9}$/.test(typed) ? Number(typed) : null;
  if (column.field === 'pointsPrice') {
    if (typed !== '' && whole === null) return { problem: 'grid.problem.whole' };
    return { sku: size.sku, field: 'pointsPrice', value: whole };
  }
  if (whole === null) return { problem: 'grid.problem.whole' };
  return { sku: size.sku, field: 'stock', value: whole, seen: size.stock };
}

/** The grid's unsaved cells, their problems, the sizes selected for a bulk action, and what the last save said. */
export type PriceGridState = {
  edits: CellTexts;
  problems: CellTexts;
  selected: Set<string>;
  notices: string[];
  failure: string | null;
  busy: boolean;
};

export const initialPriceGrid: PriceGridState = {
  edits: {},
  problems: {},
  selected: new Set(),
  notices: [],
  failure: null,
  busy: false,
};

export type PriceGridAction =
  /** `stored`: the cell's saved text; typing it again takes the change back. */
  | { type: 'cellEdited'; cell: string; text: string; stored: string }
  | { type: 'selectionCleared' }
  | { type: 'selectionToggled'; skus: string[]; on: boolean }
  | { type: 'saveStarted' }
  | { type: 'saveRefused'; problems: CellTexts; failure: string }
  | { type: 'saveSent' }
  | { type: 'saved'; notices: string[] }
  | { type: 'saveEnded' }
  | { type: 'discarded' }
  | { type: 'bulkApplied'; notice: string };

export function priceGridReducer(state: PriceGridState, action: PriceGridAction): PriceGridState {
  switch (action.type) {
    case 'cellEdited': {
      const { [action.cell]: _previous, ...edits } = state.edits;
      const { [action.cell]: _problem, ...problems } = state.problems;
      return {
        ...state,
        edits: action.text === action.stored ? edits : { ...edits, [action.cell]: action.text },
        problems,
      };
    }
    case 'selectionCleared':
      return { ...state, selected: new Set() };
    case 'selectionToggled': {
      const selected = new Set(state.selected);
      for (const sku of action.skus) {
        if (action.on) selected.add(sku);
        else selected.delete(sku);
      }
      return { ...state, selected };
    }
    case 'saveStarted':
      return { ...state, failure: null, notices: [] };
    case 'saveRefused':
      return { ...state, problems: action.problems, failure: action.failure };
    case 'saveSent':
      return { ...state, busy: true };
    case 'saved':
      return { ...state, notices: action.notices, edits: {}, problems: {} };
    case 'saveEnded':
      return { ...state, busy: false };
    case 'discarded':
      return { ...state, edits: {}, problems: {}, failure: null };
    case 'bulkApplied':
      return { ...state, notices: [action.notice] };
  }
}
