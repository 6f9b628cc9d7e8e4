import type { ScheduleCadence } from '@threadcart/contracts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { REPEAT_OPTIONS } from '../order-options.ts';

/** "Repeat": once (a plain order) or a schedule that places it again every day or week (decision 030). */
export function RepeatField({
  value,
  onChange,
  errors,
}: {
  value: ScheduleCadence | '';
  onChange: (value: ScheduleCadence | '') => void;
  errors?: readonly string[];
}) {
  return (
    <SelectField
      label="Repeat"
      className="sm:max-w-xs"
      options={REPEAT_OPTIONS}
      value={value}
      hint={value ? ORDERS_UI_MESSAGES.repeatHint : undefined}
      errors={errors}
      onChange={(event) => onChange(event.target.value as ScheduleCadence | '')}
    />
  );
}
