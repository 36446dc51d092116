import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, FormField, PasswordInput } from './form-controls';

describe('form controls (components/ui)', () => {
  it('labels its input, and its message describes it', () => {
    render(
      <FormField label="Password" htmlFor="f_pw" error="Too short" errorId="f_pw_help" isRequired>
        <PasswordInput
          id="f_pw"
          value="abc"
          onChange={() => undefined}
          aria-invalid
          aria-describedby="f_pw_help"
        />
      </FormField>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAccessibleDescription('Too short');
    expect(screen.getByRole('alert')).toHaveTextContent('Too short');
  });

  it('shows and hides the password with its button', async () => {
    const user = userEvent.setup();
    render(<PasswordInput aria-label="Password" value="secret" onChange={() => undefined} />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('a checkbox is named by its label and reports its state', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Checkbox checked={false} onChange={onChange}>
        Remember me
      </Checkbox>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
