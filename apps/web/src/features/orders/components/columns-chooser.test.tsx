import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchType } from '@threadcart/contracts';
import { useState } from 'react';
import { ColumnsChooser } from './columns-chooser.tsx';

function Harness({
  searchType,
  onChange,
  errors,
}: {
  searchType: SearchType;
  onChange: (value: string[] | null) => void;
  errors?: string[];
}) {
  const [value, setValue] = useState<string[] | null>(null);
  return (
    <ColumnsChooser
      searchType={searchType}
      value={value}
      errors={errors}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function setup(searchType: SearchType = 'posts', errors?: string[]) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Harness searchType={searchType} onChange={onChange} errors={errors} />);
  const chosen = () =>
    within(screen.getByRole('list', { name: 'Chosen columns' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/[↑↓]/g, ''));
  const leftOut = () =>
    within(screen.getByRole('list', { name: 'Columns left out' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  return { onChange, user, chosen, leftOut };
}

describe('ColumnsChooser', () => {
  it("starts with today's layout chosen and the optional columns left out", () => {
    const { chosen, leftOut } = setup();
    expect(screen.getByText('(default layout)')).toBeInTheDocument();
    expect(chosen()).toEqual([
      'id',
      'author',
      'title',
      'selftext',
      'score',
      'num_comments',
      'created_utc',
      'subreddit',
      'permalink',
      'url',
    ]);
    expect(leftOut()).toEqual(['nsfw', 'removed', 'post_kind', 'domain', 'flair', 'retrieved_at']);
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move id up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move url down' })).toBeDisabled();
  });

  it('chooses, drops and reorders columns, and resets to the default', async () => {
    const { user, onChange, chosen } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'selftext' }));
    expect(onChange).toHaveBeenLastCalledWith([
      'id',
      'author',
      'title',
      'score',
      'num_comments',
      'created_utc',
      'subreddit',
      'permalink',
      'url',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'flair' }));
    expect(chosen().at(-1)).toBe('flair');
    await user.click(screen.getByRole('button', { name: 'Move flair up' }));
    expect(chosen().slice(-2)).toEqual(['flair', 'url']);
    await user.click(screen.getByRole('button', { name: 'Move id down' }));
    expect(chosen().slice(0, 2)).toEqual(['author', 'id']);
    expect(screen.getByText('(10 chosen)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(chosen()[0]).toBe('id');
    expect(screen.getByText('(default layout)')).toBeInTheDocument();
  });

  it('lists the union of post and comment columns for both', () => {
    const { chosen, leftOut } = setup('both');
    expect(chosen()).toEqual(expect.arrayContaining(['title', 'body', 'parent_id', 'replies']));
    expect(leftOut()).toEqual(['nsfw', 'removed', 'post_kind', 'domain', 'flair', 'retrieved_at']);
  });

  it('shows the messages of the columns, opened', () => {
    setup('posts', ['Choose at least one column, or leave the columns out for the default layout.']);
    expect(
      screen.getByText('Choose at least one column, or leave the columns out for the default layout.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Choose the file's columns/ })).toHaveAccessibleDescription(
      'Choose at least one column, or leave the columns out for the default layout.',
    );
    expect(screen.getByText(/File columns/).closest('details')).toHaveAttribute('open');
  });
});
