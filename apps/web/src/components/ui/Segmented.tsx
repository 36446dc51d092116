import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import './segmented.css';

export type TSegmentedOption<T extends string> = { value: T; label: ReactNode };

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * A row of options, one chosen: a radio group (its name is `aria-label`),
 * where a click or the arrow keys change the choice and Tab enters at the
 * chosen option. Looks like antd's Segmented, without its runtime styles, for
 * the screens that load first (docs/PERFORMANCE.md, "Web first load").
 */
export function Segmented<T extends string>({
  options,
  value,
  onChange,
  size = 'middle',
  className,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  options: TSegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'small' | 'middle';
  className?: string;
  'aria-label': string;
  'data-testid'?: string;
}) {
  const groupRef = useRef<HTMLDivElement>(null);
  const selectedIndex = options.findIndex((option) => option.value === value);
  // With no option chosen, Tab still enters the group, at its first option.
  const tabIndexOf = (index: number) => (index === Math.max(selectedIndex, 0) ? 0 : -1);

  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = NEXT_KEYS.has(event.key) ? 1 : PREVIOUS_KEYS.has(event.key) ? -1 : 0;
    if (!step || options.length === 0) return;
    event.preventDefault();
    const from = Math.max(selectedIndex, 0);
    const index = (from + step + options.length) % options.length;
    const next = options[index];
    if (!next) return;
    groupRef.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[index]?.focus();
    if (next.value !== value) onChange(next.value);
  };

  const classes = ['ll-segmented', size === 'small' && 'll-segmented--small', className]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={groupRef}
      role="radiogroup"
      aria-label={ariaLabel}
      className={classes}
      data-testid={testId}
      onKeyDown={handleKey}
    >
      {options.map((option, index) => {
        const isSelected = option.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented button row; the buttons carry the radio semantics and the arrow keys.
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={isSelected}
            tabIndex={tabIndexOf(index)}
            className={`ll-segmented__item${isSelected ? ' is-selected' : ''}`}
            onClick={() => {
              if (!isSelected) onChange(option.value);
            }}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
