import { QueryBuilderDnD } from '@react-querybuilder/dnd';
import { createReactDnDAdapter } from '@react-querybuilder/dnd/react-dnd';
import type { SearchType } from '@threadcart/contracts';
import { useMemo } from 'react';
import * as ReactDnD from 'react-dnd';
import * as ReactDndHtml5Backend from 'react-dnd-html5-backend';
import { QueryBuilder, ValueSelector, type FieldSelectorProps } from 'react-querybuilder';
import 'react-querybuilder/dist/query-builder.css';
import {
  builderDefaultOperator,
  builderDefaultValue,
  builderFieldsFor,
  builderOperatorsFor,
  fieldLabel,
  type BuilderQuery,
} from '../filter-builder-config.ts';
import { FilterValueEditor } from './filter-value-editor.tsx';

// Module scope: one adapter for the app's lifetime (frontend-stack §2).
const dnd = createReactDnDAdapter({ ...ReactDnD, ...ReactDndHtml5Backend });

/**
 * The field select; a rule whose field the content type no longer offers keeps it, marked as unused,
 * instead of silently showing another field (the server ignores such a rule for that type).
 */
function FieldSelector(props: FieldSelectorProps) {
  const { options, value } = props;
  const isOffered = options.some((option) => 'name' in option && option.name === value);
  if (isOffered || !value) return <ValueSelector {...props} />;
  const orphan = { name: value, value, label: `${fieldLabel(value)} (not used for this content type)` };
  return <ValueSelector {...props} options={[...options, orphan] as typeof options} />;
}

const CONTROL_CLASSNAMES = {
  queryBuilder: 'queryBuilder-branches queryBuilder-responsive',
  ruleGroup: 'rounded-md',
  addRule: 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm font-medium hover:bg-gray-50',
  addGroup: 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm font-medium hover:bg-gray-50',
  removeRule: 'rounded-md px-2 py-1 text-sm text-danger-dark hover:bg-danger-subtle',
  removeGroup: 'rounded-md px-2 py-1 text-sm text-danger-dark hover:bg-danger-subtle',
  combinators: 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm',
  fields: 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm',
  operators: 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm',
  dragHandle: 'cursor-grab select-none px-1 text-text-secondary',
};

interface FilterBuilderProps {
  searchType: SearchType;
  query: BuilderQuery;
  onQueryChange: (query: BuilderQuery) => void;
}

/**
 * The drag-and-drop query builder (docs/product.md §7.14): fields recomputed from the content type, a field change
 * resets the operator and value (docs/product.md §7.3), values committed on blur by the custom editor.
 */
export function FilterBuilder({ searchType, query, onQueryChange }: FilterBuilderProps) {
  const fields = useMemo(() => builderFieldsFor(searchType), [searchType]);
  return (
    <QueryBuilderDnD dnd={dnd}>
      <QueryBuilder
        fields={fields}
        query={query}
        onQueryChange={onQueryChange}
        getOperators={builderOperatorsFor}
        getDefaultOperator={builderDefaultOperator}
        getDefaultValue={builderDefaultValue}
        resetOnFieldChange
        showNotToggle
        controlElements={{ valueEditor: FilterValueEditor, fieldSelector: FieldSelector }}
        controlClassnames={CONTROL_CLASSNAMES}
      />
    </QueryBuilderDnD>
  );
}
