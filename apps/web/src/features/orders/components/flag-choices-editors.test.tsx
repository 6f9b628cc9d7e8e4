import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ChoicesEditor, toChoices } from './choices-editor.tsx';
import { FlagEditor } from './flag-editor.tsx';

function FlagHarness({ initial, onCommit }: { initial: unknown; onCommit: (value: boolean) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <FlagEditor
      label="Removed or Deleted"
      value={value}
      onCommit={(next) => {
        onCommit(next);
        setValue(next);
      }}
    />
  );
}

function ChoicesHarness({ initial, onCommit }: { initial: unknown; onCommit: (value: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ChoicesEditor
      field="post_kind"
      label="Post Kind"
      value={value}
      onCommit={(next) => {
        onCommit(next);
        setValue(next);
      }}
    />
  );
}

describe('FlagEditor (nsfw, removed)', () => {
  it('is a labelled switch that commits true and false at once', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    render(<FlagHarness initial={false} onCommit={onCommit} />);
    const toggle = screen.getByRole('switch', { name: 'Removed or Deleted' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveTextContent('false');
    await user.click(toggle);
    expect(onCommit).toHaveBeenLastCalledWith(true);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveTextContent('true');
    await user.keyboard(' ');
    expect(onCommit).toHaveBeenLastCalledWith(false);
  });

  it('reads the string form the parser also takes', () => {
    render(<FlagHarness initial="true" onCommit={vi.fn()} />);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });
});

describe('ChoicesEditor (post_kind)', () => {
  it('offers one checkbox per kind of the registry and commits the picked ones in registry order', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    render(<ChoicesHarness initial={[]} onCommit={onCommit} />);
    const group = screen.getByRole('group', { name: 'Post Kind' });
    expect(group.querySelectorAll('input[type=checkbox]')).toHaveLength(5);
    for (const kind of ['self', 'link', 'image', 'video', 'gallery'])
      expect(screen.getByRole('checkbox', { name: kind })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'video' }));
    await user.click(screen.getByRole('checkbox', { name: 'self' }));
    expect(onCommit).toHaveBeenLastCalledWith(['self', 'video']);
    await user.click(screen.getByRole('checkbox', { name: 'video' }));
    expect(onCommit).toHaveBeenLastCalledWith(['self']);
    expect(screen.getByRole('checkbox', { name: 'self' })).toBeChecked();
  });

  it('reads a list or a comma separated string, in any case', () => {
    expect(toChoices('image, Gallery')).toEqual(['image', 'Gallery']);
    render(<ChoicesHarness initial="image,Gallery" onCommit={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'image' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'gallery' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'self' })).not.toBeChecked();
  });
});
