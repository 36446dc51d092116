import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { LIMITS } from '@layerline/contract';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../paths';

/**
 * Search box slot of the header. The suggestions panel and the search itself
 * arrive with the search feature; SPEC 4 Search rules already applied here:
 * at most 100 characters, and searching from another route goes home first.
 */
export function HeaderSearch() {
  const { t } = useTranslation('shell');
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const handleSubmit = () => {
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
