import {
  INCLUDE_COMMENTS_MAX,
  PRIVACY_HELP,
  SCRUB_KINDS,
  threadOptionsFor,
  type AuthorMode,
  type PseudonymScope,
} from '@threadcart/contracts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { OptionFieldErrors } from '../api/order-errors.ts';
import type { OrderSettings } from './order-settings-fields.tsx';

const AUTHOR_OPTIONS = [
  { value: 'as_is', label: 'As is' },
  { value: 'pseudonymised', label: 'Pseudonymised' },
  { value: 'omitted', label: 'Omitted' },
];
const PSEUDONYM_OPTIONS = [
  { value: 'per_order', label: 'Per order' },
  { value: 'per_account', label: 'Per account (stable across my orders)' },
];
const SCRUB_LABELS = {
  emails: 'E-mail addresses',
  phones: 'Phone numbers',
  urls: 'Links',
  mentions: 'u/ mentions',
};

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
      <SelectField
        label="Authors"
        className="sm:max-w-xs"
        options={AUTHOR_OPTIONS}
        value={values.authors ?? 'as_is'}
        hint={PRIVACY_HELP.authors}
        errors={errors.authors}
        onChange={(event) => onChange('authors', event.target.value as AuthorMode)}
      />
      {values.authors === 'pseudonymised' && (
        <SelectField
          label="Pseudonyms"
          className="sm:max-w-xs"
          options={PSEUDONYM_OPTIONS}
          value={values.pseudonyms ?? 'per_order'}
          hint={PRIVACY_HELP.pseudonyms}
          errors={errors.pseudonyms}
          onChange={(event) => onChange('pseudonyms', event.target.value as PseudonymScope)}
        />
      )}
      <fieldset aria-describedby="scrub-help">
        <legend className="mb-1 text-sm font-medium text-text-primary">Scrub from the texts</legend>
        <div className="flex flex-wrap gap-4">
          {SCRUB_KINDS.map((kind) => (
            <CheckboxField
              key={kind}
              label={SCRUB_LABELS[kind]}
              checked={values.scrub?.includes(kind) ?? false}
              onChange={(event) =>
                onChange(
                  'scrub',
                  event.target.checked
                    ? SCRUB_KINDS.filter((k) => k === kind || values.scrub?.includes(k))
                    : (values.scrub ?? []).filter((k) => k !== kind),
                )
              }
            />
          ))}
        </div>
        <p id="scrub-help" className="mt-1 text-sm text-text-secondary">
          {PRIVACY_HELP.scrub}
        </p>
        {errors.scrub && <p className="mt-1 text-sm text-danger-dark">{errors.scrub[0]}</p>}
      </fieldset>
    </fieldset>
  );
}
