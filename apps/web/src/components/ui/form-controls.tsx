import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './form-controls.css';

type TFormFieldProps = {
  label: ReactNode;
  /** The id of the input the label names. */
  htmlFor: string;
  /** The field's message, shown under it. */
  error?: string;
  /** Its id: the input's aria-describedby points at it. */
  errorId: string;
  /** Marks the label with an asterisk (a rule says so, not this mark). */
  isRequired?: boolean;
  children: ReactNode;
  className?: string;
};

/**
 * A labelled field with its message under it, drawn like antd's vertical
 * Form.Item, for the forms the home can open (the login dialog's panels).
 */
export function FormField({
  label,
  htmlFor,
  error,
  errorId,
  isRequired = false,
  children,
  className,
}: TFormFieldProps) {
  return (
    <div
      className={`ll-field${error ? ' ll-field--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <label
        className={isRequired ? 'll-field__label ll-field__label--required' : 'll-field__label'}
        htmlFor={htmlFor}
      >
        {label}
      </label>
      {children}
      {error && (
        <div id={errorId} className="ll-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  onChange: (event: { target: { value: string } }) => void;
};

export function TextInput({ className, ...rest }: TInputProps) {
  return (
    <input type="text" className={className ? `ll-input ${className}` : 'll-input'} {...rest} />
  );
}

/** A password with a button that shows or hides it, as antd's Input.Password. */
export function PasswordInput({ className, ...rest }: TInputProps) {
  const { t } = useTranslation('common');
  const [isShown, setShown] = useState(false);
  return (
    <span
      className={`ll-input-affix${rest['aria-invalid'] ? ' ll-input-affix--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <input type={isShown ? 'text' : 'password'} className="ll-input ll-input--bare" {...rest} />
      <button
        type="button"
        className="ll-input-affix__toggle"
        aria-label={isShown ? t('hidePassword') : t('showPassword')}
        aria-pressed={isShown}
        onClick={() => setShown((shown) => !shown)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {!isShown && (
            <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          )}
        </svg>
      </button>
    </span>
  );
}

type TCheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  id?: string;
  className?: string;
};

/** A checkbox and its label, as antd's Checkbox. */
export function Checkbox({ checked, onChange, children, id, className }: TCheckboxProps) {
  return (
    <label className={className ? `ll-checkbox ${className}` : 'll-checkbox'}>
      <input
        id={id}
        type="checkbox"
        className="ll-checkbox__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
