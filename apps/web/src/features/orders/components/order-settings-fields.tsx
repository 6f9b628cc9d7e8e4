import { RESULT_COUNT_MAX, RESULT_COUNT_MIN, type FormatType, type SearchType } from '@threadcart/contracts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { CONTENT_TYPE_OPTIONS, FORMAT_OPTIONS } from '../order-options.ts';
import { clampRecordCount } from '../order-rules.ts';

export interface OrderSettings {
  title: string;
  searchType: SearchType;
  /** As typed; the order uses clampRecordCount of it. */
  recordCount: string;
  formatType: FormatType;
}

interface OrderSettingsFieldsProps {
  values: OrderSettings;
  onChange: <K extends keyof OrderSettings>(key: K, value: OrderSettings[K]) => void;
}

/** Title, content type, number of records and output format (spec §2). */
export function OrderSettingsFields({ values, onChange }: OrderSettingsFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Order Title"
        className="sm:col-span-3"
        placeholder={ORDERS_UI_MESSAGES.titlePlaceholder}
        hint="Leave empty to name it after the date and time."
        maxLength={200}
        value={values.title}
        onChange={(event) => onChange('title', event.target.value)}
      />
      <SelectField
        label="Content Type"
        options={CONTENT_TYPE_OPTIONS}
        value={values.searchType}
        onChange={(event) => onChange('searchType', event.target.value as SearchType)}
      />
      <TextField
        label="Number of Records"
        type="number"
        inputMode="numeric"
        min={RESULT_COUNT_MIN}
        max={RESULT_COUNT_MAX}
        step={1}
        value={values.recordCount}
        onChange={(event) => onChange('recordCount', event.target.value)}
        onBlur={() => onChange('recordCount', String(clampRecordCount(values.recordCount)))}
      />
      <SelectField
        label="Output Format"
        options={FORMAT_OPTIONS}
        value={values.formatType}
        onChange={(event) => onChange('formatType', event.target.value as FormatType)}
      />
    </div>
  );
}
