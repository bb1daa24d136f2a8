import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A react-hook-form form validated by a zod schema (the rules of SPEC 5 through
 * validation/field-schemas.ts). Checked on submit; after that a field is checked again when it
 * is left or completed (TextField), never on every keystroke (SPEC 4). On a failed submit the
 * first field in error gets focus.
 */
export function useZodForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
): UseFormReturn<In, unknown, Out> {
  return useForm<In, unknown, Out>({
    resolver: zodResolver<In, unknown, Out>(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    shouldFocusError: true,
  });
}
