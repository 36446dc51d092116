import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type TFieldRules, useForm } from './use-form';

type TValues = { password: string; confirm: string; note: string };

const RULES: TFieldRules<TValues> = {
  password: [
    (value) => (value ? null : 'required'),
    (value) => (String(value).length >= 8 ? null : 'too short'),
  ],
  confirm: [(value, values) => (value === values.password ? null : 'mismatch')],
};

function renderForm() {
  return renderHook(() =>
    useForm<TValues>({
      name: 'pw',
      initialValues: { password: '', confirm: '', note: '' },
      rules: RULES,
    }),
  );
}

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe('useForm (our forms without antd)', () => {
  it('shows nothing before a field is touched, then the first rule it fails', () => {
    const { result } = renderForm();
    expect(result.current.errors).toEqual({});
    act(() => result.current.setValue('password', 'abc'));
    expect(result.current.errors.password).toBe('too short');
    expect(result.current.errors.confirm).toBeUndefined();
    act(() => result.current.setValue('password', ''));
    expect(result.current.errors.password).toBe('required');
  });

  it('checks every field on submit and calls onFinish only when all pass', () => {
    const { result } = renderForm();
    const onFinish = vi.fn();
    const event = submitEvent();
    act(() => result.current.handleSubmit(onFinish)(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(onFinish).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ password: 'required', confirm: undefined });

    act(() => result.current.setValue('password', 'long-enough'));
    act(() => result.current.setValue('confirm', 'long-enough'));
    act(() => result.current.handleSubmit(onFinish)(submitEvent()));
    expect(onFinish).toHaveBeenCalledWith({
      password: 'long-enough',
      confirm: 'long-enough',
      note: '',
    });
  });

  it('checks a checked confirmation again as its password changes', () => {
    const { result } = renderForm();
    act(() => result.current.setValue('password', 'long-enough'));
    act(() => result.current.setValue('confirm', 'long-enough'));
    expect(result.current.errors.confirm).toBeUndefined();
    act(() => result.current.setValue('password', 'changed-password'));
    expect(result.current.errors.confirm).toBe('mismatch');
  });

  it('checks only the named fields when asked, answering the values or null', () => {
    const { result } = renderForm();
    let answer: TValues | null = null;
    act(() => {
      answer = result.current.validate(['confirm']);
    });
    expect(answer).toEqual({ password: '', confirm: '', note: '' });
    expect(result.current.errors.password).toBeUndefined();
    act(() => {
      answer = result.current.validate(['password']);
    });
    expect(answer).toBeNull();
    expect(result.current.errors.password).toBe('required');
  });

  it('sets a value without a check through resetValue, and names inputs after the form', () => {
    const { result } = renderForm();
    act(() => result.current.resetValue('password', 'x'));
    expect(result.current.values.password).toBe('x');
    expect(result.current.errors.password).toBeUndefined();
    const props = result.current.field('password');
    expect(props).toMatchObject({ id: 'pw_password', name: 'password', value: 'x' });
    act(() => result.current.setValue('password', 'y'));
    expect(result.current.field('password')).toMatchObject({
      'aria-invalid': true,
      'aria-describedby': 'pw_password_help',
    });
  });
});
