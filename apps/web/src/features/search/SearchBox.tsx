import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchKeys } from './api';
import { panelContent } from './search-rules';
import { useSearchBox } from './use-search-box';
import { useSearchData } from './use-search-data';
import './search.css';

// The panel (its history list, its icons and their mutations) is a chunk of its
// own, out of the home's first load: it is fetched when the box is first
// opened, alongside the suggestions the panel shows.
const loadPanel = () => import('./SearchPanel');
const SearchPanel = lazy(() => loadPanel().then((module) => ({ default: module.SearchPanel })));

/** The panel's buttons, in reading order, for arrow-key moves. */
function panelButtons(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return [];
  return [...panel.querySelectorAll<HTMLElement>('button:not([disabled])')];
}

/**
 * SPEC 2 header search box with its suggestions panel (SPEC 4 Search). The
 * input is a combobox whose popup is the panel (a non-modal dialog): focus,
 * a click or typing opens it; Down moves into it, Up and Down move between
 * its buttons, Escape or a click outside closes it.
 */
export function SearchBox() {
  const { t } = useTranslation(['search', 'shell']);
  const box = useSearchBox();
  const [isOpen, setOpen] = useState(false);
  // Nothing is loaded before the panel first opens.
  const [hasOpened, setHasOpened] = useState(false);
  const data = useSearchData(hasOpened);
  const queryClient = useQueryClient();
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const keepClosedOnFocus = useRef(false);
  const panelId = useId();
  const hintId = useId();
  const limitId = useId();

  const open = () => {
    // Every search changes the history: ask for it again on each opening.
    if (!isOpen) void queryClient.invalidateQueries({ queryKey: searchKeys.histories() });
    loadPanel().catch(() => undefined);
    setOpen(true);
    setHasOpened(true);
  };

  const closeToInput = () => {
    setOpen(false);
    keepClosedOnFocus.current = true;
    inputRef.current?.focus();
    keepClosedOnFocus.current = false;
  };

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const choose = (words: string) => {
    box.submit(words);
    closeToInput();
  };

  const content = panelContent(data, box.settledText);
  const panel = isOpen && content.kind !== 'none' ? content : null;
  const isShown = panel !== null;

  const handleInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Not while an input method composes the text, nor again while Enter is held.
      if (event.nativeEvent.isComposing || event.repeat) return;
      box.submit(box.text);
      setOpen(false);
    } else if (event.key === 'Escape' && isShown) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (isShown) panelButtons(document.getElementById(panelId))[0]?.focus();
      else open();
    }
  };

  const clear = () => {
    box.change('');
    open();
    inputRef.current?.focus();
  };

  const handlePanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeToInput();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const buttons = panelButtons(event.currentTarget);
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) inputRef.current?.focus();
    else buttons[Math.min(next, buttons.length - 1)]?.focus();
  };

  return (
    <search
      ref={rootRef}
      className="search-box"
      onBlur={(event) => {
        // Tabbing out of the box and its panel closes the panel.
        const target = event.relatedTarget as Node | null;
        if (target && !rootRef.current?.contains(target)) setOpen(false);
      }}
    >
      <div className="search-input header-search">
        <SearchOutlined aria-hidden className="search-input__prefix" />
        <input
          ref={inputRef}
          value={box.text}
          onChange={(event) => {
            box.change(event.target.value);
            open();
          }}
          onFocus={() => {
            if (!keepClosedOnFocus.current) open();
          }}
          onClick={open}
          onKeyDown={handleInputKey}
          placeholder={t('shell:searchPlaceholder')}
          aria-label={t('shell:searchLabel')}
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={isShown}
          aria-controls={isShown ? panelId : undefined}
          aria-describedby={box.isTooLong ? `${hintId} ${limitId}` : hintId}
          aria-invalid={box.isTooLong || undefined}
          autoComplete="off"
          className="search-input__field"
          type="search"
        />
        {box.text ? (
          <button
            type="button"
            className="search-input__clear"
            aria-label={t('shell:clearSearch')}
            title={t('shell:clearSearch')}
            // Keeps the focus in the input: no blur, no panel closing.
            onMouseDown={(event) => event.preventDefault()}
            onClick={clear}
          >
            <CloseCircleFilled aria-hidden />
          </button>
        ) : null}
      </div>
      <span id={hintId} className="visually-hidden">
        {t('keyboardHint')}
      </span>
      {box.isTooLong ? (
        <p id={limitId} className="search-box__limit" role="alert">
          {t('tooLong')}
        </p>
      ) : null}
      {panel ? (
        <Suspense fallback={null}>
          <SearchPanel id={panelId} content={panel} onChoose={choose} onKeyDown={handlePanelKey} />
        </Suspense>
      ) : null}
    </search>
  );
}
