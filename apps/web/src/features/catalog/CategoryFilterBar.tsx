import '../../i18n/lazy/home';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { DropdownMenu } from '../../components/ui/DropdownMenu';
import { useFeedStore } from '../feed/feed.store';
import { type TParentCategory, useCategories } from './api';
import { useCategorySelect } from './use-category-select';
import './catalog.css';

const PLACEHOLDER_CHIPS = 6;
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

function ParentChip({
  parent,
  selected,
  onSelect,
}: {
  parent: TParentCategory;
  selected: number | null;
  onSelect: (category: number) => void;
}) {
  const { t } = useTranslation('home');
  const activeChild = parent.children.find((child) => child.id === selected);
  const first = parent.children[0];
  return (
    <DropdownMenu
      trigger="hover"
      placement="bottomLeft"
      label={t('subcategories', { name: parent.name })}
      items={parent.children.map((child) => ({ key: String(child.id), label: child.name }))}
      selectedKey={activeChild ? String(activeChild.id) : null}
      onSelect={(key) => onSelect(Number(key))}
    >
      {(triggerProps) => (
        // SPEC 4: clicking a parent category selects its first child.
        <button
          type="button"
          className={`category-bar__chip${activeChild ? ' is-active' : ''}`}
          aria-pressed={Boolean(activeChild)}
          onClick={() => first && onSelect(first.id)}
          {...triggerProps}
        >
          <span>{parent.name}</span>
          {activeChild && <span className="category-bar__child">{activeChild.name}</span>}
          <DownOutlined className="category-bar__caret" aria-hidden />
        </button>
      )}
    </DropdownMenu>
  );
}

/**
 * SPEC 2 sticky filter bar: 'All' plus the parent categories that have
 * children, each with a dropdown of its children. A failed fetch shows the
 * category-fetch-failed message (SPEC 8) and leaves 'All'.
 */
export function CategoryFilterBar() {
  const { t } = useTranslation('home');
  const { message } = useFeedback();
  const { data, isPending, isError, errorUpdatedAt } = useCategories();
  const selected = useFeedStore((state) => state.category);
  const select = useCategorySelect();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new failure (errorUpdatedAt) is reported once.
  useEffect(() => {
    if (isError) message.error(t('categoryFetchFailed'));
  }, [isError, errorUpdatedAt, message, t]);

  return (
    <nav className="category-bar" aria-label={t('categories')}>
      <button
        type="button"
        className={`category-bar__chip${selected === null ? ' is-active' : ''}`}
        aria-pressed={selected === null}
        onClick={() => select(null)}
      >
        {t('allCategories')}
      </button>
      {isPending
        ? range(PLACEHOLDER_CHIPS).map((index) => (
            <SkeletonBlock key={index} className="category-bar__chip-skeleton" />
          ))
        : data?.map((parent) => (
            <ParentChip key={parent.id} parent={parent} selected={selected} onSelect={select} />
          ))}
    </nav>
  );
}
