import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Eye, EyeOff } from 'lucide';
import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { TextField } from '@join/shared/forms';

/**
 * A password field with a show/hide button below it (people on a phone check what they typed;
 * WCAG 3.3.8 lets a password manager or paste fill it, so nothing here blocks either). The
 * button says what it will do ("Show password" / "Hide password"); the field keeps its value
 * and focus stays where it was: on the button for a keyboard user, in the field for a pointer.
 */
export function PasswordField<T extends FieldValues, Out extends FieldValues = T>({
  form,
  name,
  label,
  autoComplete,
  hint,
}: {
  form: UseFormReturn<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <TextField
        form={form}
        name={name}
        label={label}
        hint={hint}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        dir="ltr"
      />
      <Button
        variant="link"
        className="password-field__toggle"
        icon={visible ? EyeOff : Eye}
        // A pointer press keeps the focus (and caret) in the field: leaving it would re-check the
        // value, clear a server error such as "wrong email or password" and move this button up
        // between press and release, so the click would miss. The keyboard path is unchanged.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('account.password.hide') : t('account.password.show')}
      </Button>
    </div>
  );
}
