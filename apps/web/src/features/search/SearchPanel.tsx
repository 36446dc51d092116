import BulbOutlined from '@ant-design/icons/BulbOutlined';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';
import { RecentSearches } from './RecentSearches';
import { EMPTY_STATE_TAGS, type TPanelContent } from './search-rules';
import type { TRecentSearch } from './use-search-data';

interface TSearchPanelProps {
  id: string;
  content: Exclude<TPanelContent<TRecentSearch>, { kind: 'none' }>;
  onChoose: (words: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** The panel's width, followed as the window resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function TermChips({ terms, onChoose }: { terms: string[]; onChoose: (words: string) => void }) {
  return (
    <ul className="search-chips">
      {terms.map((words) => (
        <li key={words}>
          <button type="button" className="search-chip" onClick={() => onChoose(words)}>
            <span className="search-chip__text">{words}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * SPEC 2 suggestions panel under the search box: recent, popular (ranked) and
 * guessed searches, a loading state, and an empty state with four tags. It is
 * a non-modal dialog of the search combobox; arrow keys move between its
 * buttons (handled by the box).
 */
export function SearchPanel({ id, content, onChoose, onKeyDown }: TSearchPanelProps) {
  const { t } = useTranslation('search');
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);

  return (
    <div
      id={id}
      ref={ref}
      role="dialog"
      aria-label={t('panelLabel')}
      // The panel waits for its lists; the status line below says so in words.
      aria-busy={content.kind === 'loading' || undefined}
      className="search-panel"
      onKeyDown={onKeyDown}
    >
      {content.kind === 'loading' ? (
        <div className="search-panel__loading" role="status">
          <Spinner size="small" />
          <span>{t('loading')}</span>
        </div>
      ) : null}

      {content.kind === 'empty' ? (
        <section className="search-panel__section search-panel__empty" aria-live="polite">
          <p className="search-panel__empty-title">
            <BulbOutlined aria-hidden /> {t('emptyTitle')}
          </p>
          <TermChips
            terms={EMPTY_STATE_TAGS.map((tag) => t(`emptyTags.${tag}`))}
            onChoose={onChoose}
          />
        </section>
      ) : null}

      {content.kind === 'lists' ? (
        <>
          {content.recent.length > 0 ? (
            <RecentSearches items={content.recent} panelWidth={width} onChoose={onChoose} />
          ) : null}
          {content.popular.length > 0 ? (
            <section className="search-panel__section" aria-labelledby={`${id}-popular`}>
              <h3 id={`${id}-popular`} className="search-panel__title">
                {t('popular')}
              </h3>
              {/* An ordered list: screen readers announce the rank as the position. */}
              <ol className="search-hot">
                {content.popular.map((words, index) => (
                  <li key={words} className="search-hot__item">
                    <button
                      type="button"
                      className="search-hot__term"
                      onClick={() => onChoose(words)}
                    >
                      <span
                        className={`search-hot__rank${index < 3 ? ' search-hot__rank--top' : ''}`}
                        aria-hidden
                      >
                        {index + 1}
                      </span>
                      <span className="search-chip__text">{words}</span>
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {content.guess.length > 0 ? (
            <section className="search-panel__section" aria-labelledby={`${id}-guess`}>
              <h3 id={`${id}-guess`} className="search-panel__title">
                {t('guess')}
              </h3>
              <TermChips terms={content.guess} onChoose={onChoose} />
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
