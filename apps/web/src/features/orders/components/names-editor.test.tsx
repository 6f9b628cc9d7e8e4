import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NamesField } from '@threadcart/contracts';
import { useState } from 'react';
import { createQueryClient } from '../../../lib/query-client.ts';
import { deferred, mockApi, type MockHandler, type MockReply } from '../../../testing/mock-api.ts';
import { cleanName, NamesEditor, toNames } from './names-editor.tsx';

const SUGGEST = 'GET /api/corpus/suggest/';
const SCIENCE = [
  { name: 'science', records: 12_345 },
  { name: 'scifi', records: 678 },
  { name: 'SciencePorn', records: 1 },
];

function Harness({
  field,
  initial,
  onCommit,
}: {
  field: NamesField;
  initial: unknown;
  onCommit: (value: string[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <NamesEditor
        field={field}
        label="Subreddit"
        value={value}
        onCommit={(next) => {
          onCommit(next);
          setValue(next);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

function setup({
  field = 'subreddit',
  initial = [],
  suggest = [200, { field: 'subreddit', suggestions: SCIENCE }],
}: { field?: NamesField; initial?: unknown; suggest?: MockHandler } = {}) {
  const api = mockApi({ [SUGGEST]: suggest });
  const onCommit = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness field={field} initial={initial} onCommit={onCommit} />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Subreddit value' });
  const tokens = () =>
    screen.queryByRole('list', { name: 'Subreddit chosen' })
      ? within(screen.getByRole('list', { name: 'Subreddit chosen' }))
          .getAllByRole('listitem')
          .map((item) => item.firstChild?.textContent)
      : [];
  return { api, onCommit, user, input, tokens };
}

describe('toNames / cleanName', () => {
  it('reads a list or a comma/space separated string, and drops r/, /r/ and u/ in any case', () => {
    expect(toNames(['science', 3, 'askscience'])).toEqual(['science', 'askscience']);
    expect(toNames('science, askscience  news')).toEqual(['science', 'askscience', 'news']);
    expect(toNames(null)).toEqual([]);
    expect(cleanName(' r/science ', 'r/')).toBe('science');
    expect(cleanName('R/Science', 'r/')).toBe('Science');
    expect(cleanName('/r/science', 'r/')).toBe('science');
    expect(cleanName('u/spez', 'u/')).toBe('spez');
    expect(cleanName('r/science', 'u/')).toBe('r/science');
    expect(cleanName('i.redd.it', '')).toBe('i.redd.it');
  });
});

describe('NamesEditor (token input with suggestions)', { timeout: 15_000 }, () => {
  it('is a labelled combobox that lists suggestions with their record counts', async () => {
    const { api, user, input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(input, 'r/sci');
    const listbox = await screen.findByRole('listbox', { name: 'Subreddit suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'r/science12,345 records',
      'r/scifi678 records',
      'r/SciencePorn1 record',
    ]);
    expect(options[0]).toHaveAccessibleName('r/science, 12,345 records');
    // Debounced: the top names on focus, then one call for the finished prefix, with the r/ dropped.
    await waitFor(() =>
      expect(api.callsTo(SUGGEST).map((call) => call.config.params)).toEqual([
        { field: 'subreddit', q: '' },
        { field: 'subreddit', q: 'sci' },
      ]),
    );
  });

  it('picks a suggestion with the keyboard: arrows move the active option, Enter adds it', async () => {
    const { user, input, onCommit, tokens } = setup();
    await user.type(input, 'sci');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /scifi/ });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith(['science']);
    expect(tokens()).toEqual(['r/science']);
    expect(input).toHaveValue('');
    // A chosen name is not suggested again.
    await user.type(input, 'sci');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.queryByRole('option', { name: /^r\/science\d/ })).not.toBeInTheDocument();
  });

  it('picks a suggestion with the mouse, keeping the focus in the box', async () => {
    const { user, input, onCommit } = setup();
    await user.type(input, 'sci');
    await user.click(await screen.findByRole('option', { name: /scifi/ }));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenLastCalledWith(['scifi']);
    expect(input).toHaveFocus();
  });

  it('adds typed names on Enter and comma, drops u/, lower-cases, ignores repeats, Backspace removes the last', async () => {
    const { user, input, onCommit, tokens } = setup({
      field: 'author',
      suggest: [200, { field: 'author', suggestions: [] }],
    });
    await user.type(input, 'u/Spez{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith(['spez']);
    await user.type(input, 'kn0thing,');
    expect(onCommit).toHaveBeenLastCalledWith(['spez', 'kn0thing']);
    await user.type(input, 'SPEZ{Enter}');
    expect(onCommit).toHaveBeenCalledTimes(2);
    expect(tokens()).toEqual(['u/spez', 'u/kn0thing']);
    await user.keyboard('{Backspace}');
    expect(onCommit).toHaveBeenLastCalledWith(['spez']);
    await user.click(screen.getByRole('button', { name: 'Remove spez' }));
    expect(onCommit).toHaveBeenLastCalledWith([]);
    expect(tokens()).toEqual([]);
  });

  it('turns a pasted list into tokens and commits a typed name when the box loses focus', async () => {
    const { user, input, onCommit } = setup({ suggest: [200, { field: 'subreddit', suggestions: [] }] });
    await user.click(input);
    await user.paste('r/science, askscience physics');
    expect(onCommit).toHaveBeenLastCalledWith(['science', 'askscience']);
    expect(input).toHaveValue('physics');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(onCommit).toHaveBeenLastCalledWith(['science', 'askscience', 'physics']);
  });

  it('shows the names a rule already holds, and Escape closes the list', async () => {
    const { user, input, tokens } = setup({ initial: 'science,askscience' });
    expect(tokens()).toEqual(['r/science', 'r/askscience']);
    await user.type(input, 'sci');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('aborts a suggestion request that a newer prefix supersedes', async () => {
    const held = deferred<MockReply>();
    const signals: AbortSignal[] = [];
    const { user, input } = setup({
      suggest: (request) => {
        signals.push(request.config.signal as AbortSignal);
        const q = (request.config.params as { q: string }).q;
        return q === 'sc' ? held.promise : [200, { field: 'subreddit', suggestions: SCIENCE }];
      },
    });
    await user.type(input, 'sc');
    await waitFor(() => expect(signals).toHaveLength(2)); // '' on focus, then 'sc'
    await user.type(input, 'i');
    await waitFor(() => expect(signals).toHaveLength(3));
    expect(signals[1]?.aborted).toBe(true);
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    held.resolve([200, { field: 'subreddit', suggestions: [{ name: 'stale', records: 1 }] }]);
  });

  it('keeps working without suggestions when the endpoint fails', async () => {
    const { user, input, onCommit } = setup({ suggest: [500, { detail: 'boom' }] });
    await user.type(input, 'science{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith(['science']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
