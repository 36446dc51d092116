import { type ChangeEvent, type DragEvent, type ReactNode, useState } from 'react';

interface TDropZoneProps {
  id: string;
  testId: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  icon: ReactNode;
  title: string;
  hint?: string;
  compact?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * A file picker that also takes dropped files. The real <input type=file>
 * stays in the page (visually hidden, still focusable) so keyboards, screen
 * readers and browser automation can use it; its label is the visible area.
 */
export function DropZone({
  id,
  testId,
  accept,
  multiple = false,
  disabled = false,
  icon,
  title,
  hint,
  compact = false,
  onFiles,
}: TDropZoneProps) {
  const [isOver, setIsOver] = useState(false);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length) onFiles(files);
  };

  const handleDragOver = (event: DragEvent<HTMLLabelElement>) => {
    if (disabled) return;
    event.preventDefault();
    setIsOver(true);
  };

  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setIsOver(false);
    const files = Array.from(event.dataTransfer.files ?? []);
    if (!disabled && files.length) onFiles(multiple ? files : files.slice(0, 1));
  };

  const className = [
    'publish-drop',
    compact ? 'publish-drop--compact' : '',
    isOver ? 'publish-drop--over' : '',
    disabled ? 'publish-drop--disabled' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={className}>
      <input
        id={id}
        type="file"
        className="visually-hidden publish-drop__input"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        data-testid={testId}
        onChange={handleChange}
      />
      <label
        htmlFor={id}
        className="publish-drop__label"
        onDragOver={handleDragOver}
        onDragLeave={() => setIsOver(false)}
        onDrop={handleDrop}
      >
        <span className="publish-drop__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="publish-drop__title">{title}</span>
        {hint && <span className="publish-drop__hint">{hint}</span>}
      </label>
    </div>
  );
}
