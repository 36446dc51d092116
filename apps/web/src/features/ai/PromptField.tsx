import './prompt-added.css';
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { IMAGE_RATIOS, IMAGE_STYLES, type TToolInput } from './tool-types';

type TPromptFieldProps = {
  input: TToolInput;
  text: string;
  style: string;
  ratio: string;
  count: number;
  disabled: boolean;
  canUndo: boolean;
  /** Phrases the last optimisation added, shown so each can be taken back (DESIGN 5). */
  added?: readonly string[];
  onRemoveAdded?: (phrase: string) => void;
  isOptimising: boolean;
  optimiseCost: number | null;
  optimiseAvailable: boolean;
  optimiseError: string | null;
  onText: (text: string) => void;
  onStyle: (style: string) => void;
  onRatio: (ratio: string) => void;
  onCount: (count: number) => void;
  onOptimise: () => void;
  onUndo: () => void;
};

const PROMPT_MAX = 2000;
const LOGO_TEXT_MAX = 40;

/**
 * The prompt (SPEC 5: required where the tool needs one) with its style,
 * ratio and count (SPEC 3 records), and "optimise", which rewrites the
 * prompt in place and can be undone. For logos the field is the logo's text.
 */
export function PromptField(props: TPromptFieldProps) {
  const { t } = useTranslation('ai');
  const { input } = props;
  if (input.text === 'none') return null;
  const isLogo = input.text === 'text';
  const isRequired = input.text !== 'promptOptional';
  return (
    <div className="ai-prompt">
      <label className="ai-prompt__label" htmlFor="ai-prompt">
        {t(isLogo ? 'prompt.logoText' : 'prompt.label')}
        {isRequired && <span className="ai-prompt__required"> *</span>}
      </label>
      {isLogo ? (
        <Input
          id="ai-prompt"
          value={props.text}
          maxLength={LOGO_TEXT_MAX}
          showCount
          placeholder={t('prompt.logoPlaceholder')}
          disabled={props.disabled}
          onChange={(event) => props.onText(event.target.value.replace(/[\r\n\t]/g, ' '))}
        />
      ) : (
        <Input.TextArea
          id="ai-prompt"
          value={props.text}
          maxLength={PROMPT_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('prompt.placeholder')}
          disabled={props.disabled || props.isOptimising}
          onChange={(event) => props.onText(event.target.value)}
        />
      )}
      {!isLogo && (
        <div className="ai-prompt__tools">
          <Button
            size="small"
            icon={<BulbOutlined />}
            loading={props.isOptimising}
            disabled={props.disabled || !props.optimiseAvailable || props.text.trim() === ''}
            onClick={props.onOptimise}
          >
            {props.optimiseCost
              ? t('prompt.optimiseCost', { count: props.optimiseCost })
              : t('prompt.optimise')}
          </Button>
          {props.canUndo && (
            <Button
              size="small"
              icon={<UndoOutlined />}
              onClick={props.onUndo}
              disabled={props.isOptimising}
            >
              {t('prompt.undo')}
            </Button>
          )}
        </div>
      )}
      {!isLogo && props.added && props.added.length > 0 && (
        <div className="ai-prompt__added" data-testid="ai-prompt-added">
          <span className="ai-prompt__added-label">{t('prompt.added')}</span>
          {props.added.map((phrase) => (
            <Tag
              key={phrase}
              closable={!props.disabled && !props.isOptimising}
              closeIcon={<CloseOutlined aria-label={t('prompt.removeAdded', { phrase })} />}
              onClose={(event) => {
                event.preventDefault();
                props.onRemoveAdded?.(phrase);
              }}
            >
              {phrase}
            </Tag>
          ))}
        </div>
      )}
      {props.optimiseError && (
        <div className="ai-prompt__error" role="alert">
          {props.optimiseError}
        </div>
      )}
      {input.styleRatioCount && (
        <div className="ai-prompt__extras">
          <div className="ai-prompt__extra">
            <span>{t('prompt.style')}</span>
            <Select
              value={props.style}
              disabled={props.disabled}
              onChange={props.onStyle}
              options={IMAGE_STYLES.map((style) => ({
                value: style,
                label: t(`styles.${style}`),
              }))}
              popupMatchSelectWidth={false}
              aria-label={t('prompt.style')}
            />
          </div>
          <div className="ai-prompt__extra">
            <span>{t('prompt.ratio')}</span>
            <Select
              value={props.ratio}
              disabled={props.disabled}
              onChange={props.onRatio}
              options={IMAGE_RATIOS.map((ratio) => ({ value: ratio, label: ratio }))}
              aria-label={t('prompt.ratio')}
            />
          </div>
          <div className="ai-prompt__extra">
            <span>{t('prompt.count')}</span>
            <Select
              value={props.count}
              disabled={props.disabled}
              onChange={props.onCount}
              options={[1, 2, 3, 4].map((count) => ({ value: count, label: String(count) }))}
              aria-label={t('prompt.count')}
            />
          </div>
        </div>
      )}
    </div>
  );
}
