import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.store';
import { useSaveWords, useSensitiveWords } from './api';

/** The console's sensitive words (admins edit, moderators read) beside the built-in ones. */
export function WordsTab() {
  const { t } = useTranslation('admin');
  const words = useSensitiveWords();
  if (words.isLoading) return <Spin className="admin-list__loading" />;
  if (!words.data) return <Alert type="error" title={t('common.loadFailed')} showIcon />;
  return <WordsEditor words={words.data.words} builtin={words.data.builtin} />;
}

function WordsEditor({ words, builtin }: { words: string[]; builtin: string[] }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const isAdmin = useSessionStore((state) => state.user.role === 'admin');
  const save = useSaveWords();
  const [text, setText] = useState(words.join('\n'));
  const list = text
    .split('\n')
    .map((word) => word.trim())
    .filter(Boolean);

  return (
    <div className="admin-words">
      <section>
        <h4>
          {t('words.editable')} · {t('words.count', { count: list.length })}
        </h4>
        {!isAdmin && <Alert type="info" title={t('words.readOnly')} showIcon />}
        <Input.TextArea
          aria-label={t('words.editable')}
          rows={12}
          value={text}
          readOnly={!isAdmin}
          onChange={(event) => setText(event.target.value)}
        />
        {isAdmin && (
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              save.mutate(list, { onSuccess: () => void message.success(t('words.saved')) })
            }
          >
            {t('words.save')}
          </Button>
        )}
      </section>
      <section>
        <h4>
          {t('words.builtin')} · {t('words.count', { count: builtin.length })}
        </h4>
        <div className="admin-words__builtin">
          {builtin.map((word) => (
            <Tag key={word}>{word}</Tag>
          ))}
        </div>
      </section>
    </div>
  );
}
