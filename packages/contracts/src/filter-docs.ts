import {
  FILTER_FIELD_DEFS,
  FILTER_FIELDS,
  FILTER_LIMITS,
  KIND_OPERATORS,
  type ValueKind,
} from './filter-fields.ts';

// The filter tree as the API documentation shows it (GET /api/docs/): a JSON Schema of the accepted payload forms,
// built from the field registry. Validation itself is parseFilterTree's (its messages name each bad rule).

const VALUE_FORMS: Record<ValueKind, string> = {
  keyword: 'text with at least one word',
  regex: `an RE2 pattern of at most ${FILTER_LIMITS.regexMaxLength} characters`,
  number: 'between: [min, max] (null = open, or "100-500"); other operators: one whole number',
  date: 'between: [from, to], YYYY-MM-DD (whole UTC days, inclusive) or ISO-8601 date-times, null = open; >= / <=: one date',
  flag: 'true or false',
  names: `a list of up to ${FILTER_LIMITS.maxNames} names (or one comma-separated string)`,
  choices: 'a list of choices',
  text: `text of at most ${FILTER_LIMITS.textMaxLength} characters`,
};

const fieldLines = FILTER_FIELDS.map((name) => {
  const def = FILTER_FIELD_DEFS[name];
  const operators = KIND_OPERATORS[def.kind].map((o) => o.name).join(' | ');
  const choices = 'choices' in def ? ` (${def.choices.join(', ')})` : '';
  return `- ${name} (${def.label}; ${def.appliesTo.join(' and ')}): ${operators}; ${VALUE_FORMS[def.kind]}${choices}. ${def.description}`;
});

const RULE = {
  type: 'object',
  description: 'A rule. `type` may repeat the field name (the order payload form).',
  required: ['field', 'operator'],
  properties: {
    field: { type: 'string', enum: FILTER_FIELDS },
    type: { type: 'string', enum: FILTER_FIELDS },
    operator: {
      type: 'string',
      enum: [
        ...new Set(Object.values(KIND_OPERATORS).flatMap((ops) => ops.map((o) => o.name))),
        'equals',
        'greater than',
      ],
    },
    value: { description: 'By the field kind, see the field list.' },
  },
} as const;

function group(depth: number): Record<string, unknown> {
  const child = depth < FILTER_LIMITS.maxDepth ? { anyOf: [RULE, group(depth + 1)] } : RULE;
  const list = { type: 'array', items: child, maxItems: FILTER_LIMITS.maxRules };
  return {
    type: 'object',
    description:
      depth === 1 ? undefined : 'A group: {type: "group", combinator, items} or {combinator, rules}.',
    properties: {
      type: { type: 'string', enum: ['group'] },
      combinator: { type: 'string', enum: ['and', 'or', 'AND', 'OR'], default: 'and' },
      not: { type: 'boolean', default: false },
      rules: list,
      items: list,
    },
  };
}

/** The JSON Schema of a filter tree's payload forms, with the fields, their operators and values described. */
export const FILTER_TREE_JSON_SCHEMA = {
  ...group(1),
  description:
    `A filter tree: {combinator, rules | items, not?}, groups nest ${FILTER_LIMITS.maxDepth} deep, at most ` +
    `${FILTER_LIMITS.maxRules} rules (${FILTER_LIMITS.maxRegexRules} regex rules). Rules on a field a record type ` +
    `lacks leave that type unconstrained.\nFields:\n${fieldLines.join('\n')}`,
};
