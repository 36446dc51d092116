import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useSessionStore } from '../../stores/session.store';
import { recentVisibleCount } from './search-rules';
import { useDeleteRecent } from './use-delete-recent';
import type { TRecentSearch } from './use-search-data';

interface TRecentSearchesProps {
  items: TRecentSearch[];
  /** The panel's width in px: it decides how many items the collapsed list shows. */
  panelWidth: number;
  onChoose: (words: string) => void;
}

/**
 * SPEC 2 recent searches: deletable one by one or all at once in a two-step
 * mode (the trash button first shows a delete icon on every item, then the
 * user clears all or cancels), collapsed to as many items as the panel width
 * allows (at least 3, SPEC 9) with a toggle to show the rest.
 */
export function RecentSearches({ items, panelWidth, onChoose }: TRecentSearchesProps) {
  const { t } = useTranslation('search');
  const isLogin = useSessionStore((state) => state.isLogin);
  const { deleteOne, clearAll, isDeleting } = useDeleteRecent(isLogin);
  const [isDeleteMode, setDeleteMode] = useState(false);
  const [isExpanded, setExpanded] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const listId = useId();

  const visibleCount = recentVisibleCount(panelWidth);
  const hasMore = items.length > visibleCount;
  const shown = isExpanded || !hasMore ? items : items.slice(0, visibleCount);

  // The pressed button is gone after a delete: keep keyboard focus inside the panel.
  const keepFocus = () => listRef.current?.focus();

  const handleDelete = async (item: TRecentSearch) => {
    const isDeleted = await deleteOne(item);
    if (isDeleted && items.length === 1) setDeleteMode(false);
    keepFocus();
  };

  const handleClearAll = async () => {
    if (await clearAll()) setDeleteMode(false);
  };

  return (
    <section className="search-panel__section" aria-labelledby={titleId}>
      <div className="search-panel__heading">
        <h3 id={titleId} className="search-panel__title">
          {t('recent')}
        </h3>
        {isDeleteMode ? (
          <span className="search-panel__actions">
            <Button
              variant="link"
              size="small"
              danger
              disabled={isDeleting}
              onClick={handleClearAll}
            >
              {t('clearAll')}
            </Button>
            <Button variant="text" size="small" onClick={() => setDeleteMode(false)}>
              {t('cancelDelete')}
            </Button>
          </span>
        ) : (
          <Button
            variant="text"
            size="small"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('manageHistory')}
            title={t('manageHistory')}
            onClick={() => setDeleteMode(true)}
          />
        )}
      </div>
      <ul id={listId} ref={listRef} className="search-recent" tabIndex={-1}>
        {shown.map((item) => (
          <li key={item.key} className="search-recent__item">
            {isDeleteMode ? (
              <button
                type="button"
                className="search-chip search-chip--deleting"
                aria-label={t('deleteItem', { words: item.words })}
                disabled={isDeleting}
                onClick={() => void handleDelete(item)}
              >
                <span className="search-chip__text">{item.words}</span>
                <CloseOutlined aria-hidden className="search-chip__icon" />
              </button>
            ) : (
              <button type="button" className="search-chip" onClick={() => onChoose(item.words)}>
                <ClockCircleOutlined aria-hidden className="search-chip__icon" />
                <span className="search-chip__text">{item.words}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button
          variant="link"
          size="small"
          className="search-recent__toggle"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {isExpanded ? t('showLess') : t('showAll', { count: items.length })}
          {isExpanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
        </Button>
      ) : null}
    </section>
  );
}
