import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import type { TOptionField, TTool } from './tool-types';
import { isFieldShown } from './tools';

type TToolOptionsProps = {
  tool: TTool;
  values: Record<string, unknown>;
  disabled: boolean;
  onChange: (name: string, value: unknown) => void;
};

/** The options an engine takes (contract schemas), with sizes in mm where the output is physical. */
export function ToolOptions({ tool, values, disabled, onChange }: TToolOptionsProps) {
  const { t } = useTranslation('ai');
  const fields = tool.fields.filter((field) => isFieldShown(tool, field, values));
  if (fields.length === 0) return null;
  return (
    <div className="ai-options" data-testid="ai-options">
      {fields.map((field) => (
        <div className="ai-options__row" key={field.name}>
          <label className="ai-options__label" htmlFor={`ai-option-${field.name}`}>
            {t(`fields.${field.name}` as 'fields.widthMm')}
          </label>
          <div className="ai-options__control">
            <OptionControl
              field={field}
              value={values[field.name]}
              disabled={disabled}
              onChange={(value) => onChange(field.name, value)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

function OptionControl({
  field,
  value,
  disabled,
  onChange,
}: {
  field: TOptionField;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation('ai');
  const id = `ai-option-${field.name}`;
  switch (field.type) {
    case 'number':
      return (
        <InputNumber
          id={id}
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          value={typeof value === 'number' ? value : null}
          placeholder={field.optional ? t('options.auto') : undefined}
          title={field.optional ? t('options.autoHint') : undefined}
          style={{ width: '100%' }}
          addonAfter={field.unit ? t(`units.${field.unit}`) : undefined}
          disabled={disabled}
          onChange={(next) => onChange(next ?? (field.optional ? undefined : field.min))}
        />
      );
    case 'slider':
      return (
        <Slider
          id={id}
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          value={typeof value === 'number' ? value : field.min}
          disabled={disabled}
          onChange={(next: number) => onChange(next)}
          aria-label={t(`fields.${field.name}` as 'fields.widthMm')}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          value={typeof value === 'string' ? value : undefined}
          allowClear={field.optional}
          placeholder={field.optional ? t('options.auto') : undefined}
          disabled={disabled}
          onChange={(next: string | undefined) => onChange(next)}
          options={field.choices.map((choice) => ({
            value: choice,
            label: t(`choices.${field.name}.${choice}` as 'choices.font.sans'),
          }))}
          popupMatchSelectWidth={false}
        />
      );
    case 'switch':
      return (
        <Switch
          id={id}
          checked={value === true}
          disabled={disabled}
          onChange={(next) => onChange(next)}
        />
      );
  }
}
