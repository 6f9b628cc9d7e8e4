import { REMOVAL_IDS_MAX, REMOVAL_MESSAGES, validateEmail } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import { useCreateRemovalRequest } from '../api/create-removal-request.ts';

type Kind = 'usernames' | 'ids';
type Field = 'usernames' | 'ids' | 'email' | 'statement';
const FIELDS: readonly Field[] = ['usernames', 'ids', 'email', 'statement'];
const link = 'font-medium text-secondary-dark underline';

function describeError(error: unknown): { fields: Partial<Record<Field, string>>; general?: string } {
  const failure = classifyError(error);
  if (failure.kind === 'no-response') return { fields: {}, general: 'The server did not answer; try again.' };
  if (failure.kind === 'other') return { fields: {}, general: failure.message };
  const fields: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const message = firstFieldMessage(failure.data, field);
    if (message) fields[field] = message;
  }
  return { fields, general: getDetail(failure.data) };
}

/**
 * The public removal form (docs/decisions/036): a Reddit username, or up to 100 permalinks or ids, an e-mail
 * address to confirm the request through, and a statement.
 */
export function RemovalRequestForm() {
  const create = useCreateRemovalRequest();
  const [kind, setKind] = useState<Kind>('usernames');
  const [targets, setTargets] = useState('');
  const [email, setEmail] = useState('');
  const [statement, setStatement] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const list = targets
      .split(/[\s,]+/)
      .map((value) => value.trim())
      .filter((value) => value !== '');
    const found: Partial<Record<Field, string>> = {};
    if (list.length === 0) found[kind] = REMOVAL_MESSAGES.targetsRequired;
    if (kind === 'ids' && list.length > REMOVAL_IDS_MAX) found.ids = REMOVAL_MESSAGES.tooManyIds;
    if (validateEmail(email).length > 0) found.email = REMOVAL_MESSAGES.emailInvalid;
    if (statement.trim() === '') found.statement = REMOVAL_MESSAGES.statementRequired;
    setErrors(found);
    setGeneral(undefined);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { [kind]: list, email: email.trim(), statement },
      {
        onError: (error) => {
          const described = describeError(error);
          setErrors(described.fields);
          setGeneral(Object.keys(described.fields).length === 0 ? described.general : undefined);
        },
      },
    );
  };

  return (
    <Container className="max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-text-primary">Remove your Reddit records</h1>
      <p className="mt-4 text-text-secondary">
        Threadcart sells public Reddit posts and comments from its own copy of the public archive dumps. If
        you wrote some of them, you may ask us to remove them: every record of a username, or the posts and
        comments you list. Once an operator approves the request, the records are erased from our corpus and
        never stored again, and no file delivered from then on contains them. Files delivered before cannot be
        recalled. See our{' '}
        <Link to="/privacy" className={link}>
          Privacy Policy
        </Link>
        .
      </p>
      {create.isSuccess ? (
        <Alert tone="success" className="mt-8">
          {create.data}
        </Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="mt-8 space-y-5" aria-label="Removal request">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-text-primary">What should we remove?</legend>
            <div className="flex gap-6">
              {(
                [
                  ['usernames', 'Everything by a Reddit username'],
                  ['ids', 'Some posts or comments'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="removal-targets" className="mb-1 block text-sm font-medium text-text-primary">
              {kind === 'usernames' ? 'Reddit username' : 'Permalinks or ids (one a line, up to 100)'}
            </label>
            <textarea
              id="removal-targets"
              name="targets"
              rows={kind === 'usernames' ? 1 : 6}
              className="block w-full rounded-md border border-gray-300 px-3 py-2"
              placeholder={
                kind === 'usernames' ? 'u/your_name' : 'https://www.reddit.com/r/…/comments/abc123/…/def456/'
              }
              value={targets}
              aria-invalid={Boolean(errors[kind]) || undefined}
              onChange={(event) => setTargets(event.target.value)}
            />
            {errors[kind] && (
              <p role="alert" className="mt-1 text-sm text-danger-dark">
                {errors[kind]}
              </p>
            )}
          </div>
          <TextField
            label="Your e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            hint="We send a link to confirm the request, and write to you when it is decided."
            value={email}
            errors={errors.email ? [errors.email] : []}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div>
            <label htmlFor="removal-statement" className="mb-1 block text-sm font-medium text-text-primary">
              Statement
            </label>
            <textarea
              id="removal-statement"
              name="statement"
              rows={4}
              className="block w-full rounded-md border border-gray-300 px-3 py-2"
              placeholder="I wrote these records and ask for their removal because…"
              value={statement}
              aria-invalid={Boolean(errors.statement) || undefined}
              onChange={(event) => setStatement(event.target.value)}
            />
            {errors.statement && (
              <p role="alert" className="mt-1 text-sm text-danger-dark">
                {errors.statement}
              </p>
            )}
          </div>
          {general && <Alert tone="error">{general}</Alert>}
          <Button type="submit" size="lg" isLoading={create.isPending}>
            Send the request
          </Button>
        </form>
      )}
    </Container>
  );
}
