import {
  RESULT_COUNT_MIN,
  SAMPLE_SEED_MAX,
  type FormatType,
  type SearchType,
  type SortOrder,
  type AuthorMode,
  type PseudonymScope,
  type ScrubKind,
} from '@threadcart/contracts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { recordCountMax } from '../order-rules.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { OptionFieldErrors } from '../api/order-errors.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { CONTENT_TYPE_OPTIONS, FORMAT_OPTIONS, SORT_OPTIONS } from '../order-options.ts';
import { ColumnsChooser } from './columns-chooser.tsx';
import { DeliveryOptionsFields } from './delivery-options-fields.tsx';

export interface OrderSettings {
  title: string;
  searchType: SearchType;
  /** As typed; parseRecordCount says whether it is a count the order takes. */
  recordCount: string;
  formatType: FormatType;
  sort: SortOrder;
  /** As typed; empty lets the server pick one. Sent with the random sort only. */
  sampleSeed: string;
  /** The file's columns in order; null = the default layout (nothing is sent). */
  columns: string[] | null;
  /** exclude_purchased: leave out the records earlier orders delivered */
  excludePurchased: boolean;
  /** include_context (comments) */
  includeContext: boolean;
  /** include_comments (posts), as typed; empty or 0 = none */
  includeComments: string;
  /** how the file names authors, whose secret makes pseudonyms, what the texts lose (docs/decisions/036) */
  authors?: AuthorMode;
  pseudonyms?: PseudonymScope;
  scrub?: ScrubKind[];
  /** a large order (up to 1,000,000 records, compressed; docs/decisions/045-large-orders.md) */
  isLarge?: boolean;
}

interface OrderSettingsFieldsProps {
  values: OrderSettings;
  onChange: <K extends keyof OrderSettings>(key: K, value: OrderSettings[K]) => void;
  /** The server's messages for the options, or the form's own check of the columns. */
  errors?: OptionFieldErrors;
}

/**
 * Title, content type, number of records, output format, sort (with its seed), the delivery options and the file's
 * columns (docs/product.md §2.9).
 */
export function OrderSettingsFields({ values, onChange, errors = {} }: OrderSettingsFieldsProps) {
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
        max={recordCountMax(values.isLarge === true)}
        step={1}
        value={values.recordCount}
        errors={errors.result_count}
        onChange={(event) => onChange('recordCount', event.target.value)}
      />
      <SelectField
        label="Output Format"
        options={FORMAT_OPTIONS}
        value={values.formatType}
        onChange={(event) => onChange('formatType', event.target.value as FormatType)}
      />
      <SelectField
        label="Sort"
        options={SORT_OPTIONS}
        value={values.sort}
        errors={errors.sort}
        onChange={(event) => onChange('sort', event.target.value as SortOrder)}
      />
      {values.sort === 'random' && (
        <TextField
          label="Sample seed"
          type="number"
          inputMode="numeric"
          min={0}
          max={SAMPLE_SEED_MAX}
          step={1}
          placeholder="Picked by the server"
          hint="Optional. The same seed gives the same sample."
          value={values.sampleSeed}
          errors={errors.sample_seed}
          onChange={(event) => onChange('sampleSeed', event.target.value)}
        />
      )}
      <div className="sm:col-span-3">
        <CheckboxField
          label="Large order (up to 1,000,000 records, delivered compressed; it resumes if the worker restarts)"
          checked={values.isLarge === true}
          errors={errors.size}
          onChange={(event) => onChange('isLarge', event.target.checked)}
        />
      </div>
      <DeliveryOptionsFields values={values} onChange={onChange} errors={errors} />
      <div className="sm:col-span-3">
        <ColumnsChooser
          searchType={values.searchType}
          value={values.columns}
          errors={errors.columns}
          onChange={(columns) => onChange('columns', columns)}
        />
      </div>
    </div>
  );
}
