import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';

/** A field's check: the message to show, or null when the value passes. */
export type TFieldRule<TValues> = (value: unknown, values: TValues) => string | null;

export type TFieldRules<TValues> = {
  [K in keyof TValues]?: readonly TFieldRule<TValues>[];
};

type TErrors<TValues> = { [K in keyof TValues]?: string };

/** What an input needs to be one of the form's fields. */
export type TFieldProps = {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/** What a FormField needs to frame one of the form's fields. */
export type TFrameProps = { htmlFor: string; error: string | undefined; errorId: string };

export type TForm<TValues> = {
  values: TValues;
  errors: TErrors<TValues>;
  /** `<formName>_<field>`: the input's id, which its label points at. */
  idOf: (name: keyof TValues & string) => string;
  /** The id of the field's message, when it shows one. */
  errorIdOf: (name: keyof TValues & string) => string;
  field: (name: keyof TValues & string) => TFieldProps;
  /** What a FormField around the field needs: its label's target and its message. */
  frame: (name: keyof TValues & string) => TFrameProps;
  /** Sets a value as the user would: the field, and any field already checked, are checked again. */
  setValue: <K extends keyof TValues>(name: K, value: TValues[K]) => void;
  /** Sets a value without checking anything (a refreshed captcha clears its answer). */
  resetValue: <K extends keyof TValues>(name: K, value: TValues[K]) => void;
  getValues: () => TValues;
  /** Checks the named fields (all when none are named); the values, or null when one fails. */
  validate: (names?: readonly (keyof TValues)[]) => TValues | null;
  /** The form's onSubmit: checks every field and calls `onFinish` when all pass. */
  handleSubmit: (onFinish: (values: TValues) => unknown) => (event: FormEvent) => void;
};

/**
 * A form's values, rules and messages, for the forms the home can open (the
 * login dialog's panels), without antd's Form. It keeps antd's behaviour that
 * users know: a field is checked as it changes and every field on submit, a
 * field shows the first rule it fails, and once checked a field is checked
 * again as the others change (a confirmation follows its password).
 */
export function useForm<TValues extends Record<string, unknown>>(options: {
  name: string;
  initialValues: TValues;
  rules: TFieldRules<TValues>;
}): TForm<TValues> {
  const { name: formName } = options;
  const [values, setValues] = useState<TValues>(options.initialValues);
  const [errors, setErrors] = useState<TErrors<TValues>>({});
  const valuesRef = useRef(values);
  const rulesRef = useRef(options.rules);
  rulesRef.current = options.rules;
  const checked = useRef(new Set<keyof TValues>());

  const messageOf = useCallback((name: keyof TValues, all: TValues): string | null => {
    for (const rule of rulesRef.current[name] ?? []) {
      const message = rule(all[name], all);
      if (message) return message;
    }
    return null;
  }, []);

  const check = useCallback(
    (names: Iterable<keyof TValues>, all: TValues): boolean => {
      let isValid = true;
      const next: TErrors<TValues> = {};
      for (const name of names) {
        checked.current.add(name);
        const message = messageOf(name, all);
        if (message) isValid = false;
        next[name] = message ?? undefined;
      }
      setErrors((previous) => ({ ...previous, ...next }));
      return isValid;
    },
    [messageOf],
  );

  const store = useCallback((next: TValues) => {
    valuesRef.current = next;
    setValues(next);
  }, []);

  const setValue = useCallback(
    <K extends keyof TValues>(name: K, value: TValues[K]) => {
      const next = { ...valuesRef.current, [name]: value };
      store(next);
      check(new Set([name, ...checked.current]), next);
    },
    [check, store],
  );

  const resetValue = useCallback(
    <K extends keyof TValues>(name: K, value: TValues[K]) => {
      store({ ...valuesRef.current, [name]: value });
    },
    [store],
  );

  const validate = useCallback(
    (names?: readonly (keyof TValues)[]) => {
      const all = valuesRef.current;
      const targets = names ?? (Object.keys(rulesRef.current) as (keyof TValues)[]);
      return check(targets, all) ? all : null;
    },
    [check],
  );

  return useMemo(() => {
    const idOf = (name: string) => `${formName}_${name}`;
    const errorIdOf = (name: string) => `${formName}_${name}_help`;
    return {
      values,
      errors,
      idOf,
      errorIdOf,
      field: (name) => ({
        id: idOf(name),
        name,
        value: String(values[name] ?? ''),
        onChange: (event) => setValue(name, event.target.value as TValues[typeof name]),
        'aria-invalid': Boolean(errors[name]),
        'aria-describedby': errors[name] ? errorIdOf(name) : undefined,
      }),
      frame: (name) => ({ htmlFor: idOf(name), error: errors[name], errorId: errorIdOf(name) }),
      setValue,
      resetValue,
      getValues: () => valuesRef.current,
      validate,
      handleSubmit: (onFinish) => (event) => {
        event.preventDefault();
        const valid = validate();
        if (valid) void onFinish(valid);
      },
    };
  }, [formName, values, errors, setValue, resetValue, validate]);
}
