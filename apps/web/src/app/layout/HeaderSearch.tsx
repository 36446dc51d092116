import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { LIMITS } from '@layerline/contract';
import Input from 'antd/es/input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useFeedStore } from '../../features/feed/feed.store';
import { PATHS } from '../paths';

/**
 * Search box of the header; it writes the home feed's search text. SPEC 4
 * Search: typing searches after 300 ms, Enter at once; at most 100 characters;
 * blank text is no search; searching from another route goes home first. The
 * suggestions panel arrives with the search feature.
 */
export function HeaderSearch() {
  const { t } = useTranslation('shell');
  const [text, setText] = useState(() => useFeedStore.getState().query);
  const setQuery = useFeedStore((state) => state.setQuery);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (useFeedStore.getState().query !== text.trim()) setQuery(text);
    }, LIMITS.searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, setQuery]);

  // SPEC 4 Category filter: choosing a category clears the search text, box included.
  useEffect(
    () =>
      useFeedStore.subscribe((state, previous) => {
        const isCleared = state.query === '' && previous.query !== '';
        if (state.category !== previous.category || isCleared) setText('');
      }),
    [],
  );

  const handleSubmit = () => {
    setQuery(text);
    if (text.trim() && pathname !== PATHS.home) navigate(PATHS.home);
  };

  return (
    <Input
      value={text}
      onChange={(event) => setText(event.target.value.slice(0, LIMITS.searchMaxLength))}
      onPressEnter={handleSubmit}
      maxLength={LIMITS.searchMaxLength}
      placeholder={t('searchPlaceholder')}
      aria-label={t('searchLabel')}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      variant="filled"
      className="header-search"
      type="search"
    />
  );
}
