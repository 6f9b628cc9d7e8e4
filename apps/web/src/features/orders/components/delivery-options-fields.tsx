import { INCLUDE_COMMENTS_MAX, threadOptionsFor } from '@threadcart/contracts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { OptionFieldErrors } from '../api/order-errors.ts';
import type { OrderSettings } from './order-settings-fields.tsx';

interface DeliveryOptionsFieldsProps {
  values: OrderSettings;
  onChange: <K extends keyof OrderSettings>(key: K, value: OrderSettings[K]) => void;
  errors?: OptionFieldErrors;
}

/**
 * The delivery options (docs/decisions/029): leave out records received before; thread context for comments and
 * top comments for posts, each shown only where it applies to the content type and format.
 */
export function DeliveryOptionsFields({ values, onChange, errors = {} }: DeliveryOptionsFieldsProps) {
  const applies = threadOptionsFor(values.searchType, values.formatType);
  return (
    <fieldset className="space-y-3 sm:col-span-3">
      <legend className="mb-1 text-sm font-medium text-text-primary">Delivery</legend>
      <CheckboxField
        label="Only records I have not received (leave out what my earlier orders delivered; pay only for new ones)"
        checked={values.excludePurchased}
        errors={errors.exclude_purchased}
        onChange={(event) => onChange('excludePurchased', event.target.checked)}
      />
      {applies.includeContext && (
        <CheckboxField
          label="Thread context for comments (the post's title and the parent comments up to the post)"
          checked={values.includeContext}
          errors={errors.include_context}
          onChange={(event) => onChange('includeContext', event.target.checked)}
        />
      )}
      {applies.includeComments && (
        <TextField
          label="Top comments per post"
          type="number"
          inputMode="numeric"
          min={0}
          max={INCLUDE_COMMENTS_MAX}
          step={1}
          placeholder="0"
          hint={`Optional, up to ${INCLUDE_COMMENTS_MAX}: each post's best-scored comments, nested in the file. Not charged.`}
          className="sm:max-w-xs"
          value={values.includeComments}
          errors={errors.include_comments}
          onChange={(event) => onChange('includeComments', event.target.value)}
        />
      )}
    </fieldset>
  );
}
