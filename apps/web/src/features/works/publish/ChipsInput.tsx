import '../../../i18n/lazy/publish';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPublishErrorKey } from './upload-rules';
import { usePublishMessage } from './use-publish-rules';

interface TChipsInputProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  max: number;
  duplicateKey: TPublishErrorKey;
  tooManyKey: TPublishErrorKey;
  placeholder: string;
  /** Ready-made entries (the material list) offered as toggles. */
  suggestions?: readonly string[];
  suggestionsLabel?: string;
}

const keyOf = (text: string) => text.trim().toLowerCase();
/** Several entries at once: "PLA, PETG" or "椴木板，亚克力". */
const SEPARATORS = /[,，、;；\n]/;

/**
 * Chips for materials and tags (SPEC 5): each entry once, compared trimmed and
 * case-insensitively, and no more than `max`; a refused entry says why and
 * stays in the box to be corrected.
 */
export function ChipsInput({
  id,
  value = [],
  onChange,
  max,
  duplicateKey,
  tooManyKey,
  placeholder,
  suggestions = [],
  suggestionsLabel,
}: TChipsInputProps) {
  const { t } = useTranslation('publish');
  const say = usePublishMessage();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const taken = new Set(value.map(keyOf));

  const addEntries = (entries: string[]) => {
    const next = [...value];
    const keys = new Set(next.map(keyOf));
    let refusal: TPublishErrorKey | null = null;
    for (const entry of entries.map((text) => text.trim()).filter(Boolean)) {
      if (keys.has(keyOf(entry))) refusal ??= duplicateKey;
      else if (next.length >= max) refusal ??= tooManyKey;
      else {
        next.push(entry);
        keys.add(keyOf(entry));
      }
    }
    setProblem(refusal ? say(refusal) : null);
    if (next.length !== value.length) onChange?.(next);
    return refusal === null;
  };

  const commitDraft = () => {
    if (addEntries(draft.split(SEPARATORS))) setDraft('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the chip; it must not submit the publish form.
    event.preventDefault();
    commitDraft();
  };

  const removeEntry = (entry: string) => {
    setProblem(null);
    onChange?.(value.filter((item) => item !== entry));
  };

  const toggleSuggestion = (entry: string) => {
    const existing = value.find((item) => keyOf(item) === keyOf(entry));
    if (existing) removeEntry(existing);
    else addEntries([entry]);
  };

  return (
    <div className="publish-chips">
      <div className="publish-chips__entry">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={() => draft.trim() && commitDraft()}
        />
        <Button onClick={commitDraft} disabled={!draft.trim()}>
          {t('chips.add')}
        </Button>
      </div>
      {problem && (
        <div className="publish-chips__problem" role="alert">
          {problem}
        </div>
      )}
      {value.length > 0 && (
        <ul className="publish-chips__list">
          {value.map((entry) => (
            <li key={entry} className="publish-chip">
              <span>{entry}</span>
              <button
                type="button"
                className="publish-chip__remove"
                aria-label={t('chips.remove', { name: entry })}
                onClick={() => removeEntry(entry)}
              >
                <CloseOutlined aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {suggestions.length > 0 && (
        <fieldset className="publish-chips__suggestions">
          <legend>{suggestionsLabel}</legend>
          {suggestions.map((entry) => (
            <Tag.CheckableTag
              key={entry}
              checked={taken.has(keyOf(entry))}
              onChange={() => toggleSuggestion(entry)}
            >
              {entry}
            </Tag.CheckableTag>
          ))}
        </fieldset>
      )}
      <div className="publish-upload__count">{t('upload.count', { count: value.length, max })}</div>
    </div>
  );
}
