import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateEditor, quickRange, toDateRange } from './date-editor.tsx';

function Harness({
  operator,
  initial,
  onCommit,
}: {
  operator: string;
  initial: unknown;
  onCommit: (value: unknown) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateEditor
        label="Created"
        operator={operator}
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

function setup(operator = 'between', initial: unknown = [null, null]) {
  const onCommit = vi.fn();
  const user = userEvent.setup();
  render(<Harness operator={operator} initial={initial} onCommit={onCommit} />);
  return { onCommit, user };
}

const from = () => screen.getByLabelText<HTMLInputElement>('Created from');
const to = () => screen.getByLabelText<HTMLInputElement>('Created to');
/** What a browser's date picker does: the box's value changes to a full date (or to '' when cleared). */
const pick = (input: HTMLInputElement, date: string) => fireEvent.change(input, { target: { value: date } });

describe('quickRange / toDateRange', () => {
  it('gives whole UTC days ending today, today included', () => {
    const now = new Date('2026-03-05T23:30:00Z');
    expect(quickRange(7, now)).toEqual(['2026-02-27', '2026-03-05']);
    expect(quickRange(30, now)).toEqual(['2026-02-04', '2026-03-05']);
    expect(quickRange(365, now)).toEqual(['2025-03-06', '2026-03-05']);
    // Just after midnight UTC is already the next day, whatever the local zone.
    expect(quickRange(7, new Date('2026-01-01T00:00:05Z'))).toEqual(['2025-12-26', '2026-01-01']);
  });

  it('reads each operator’s value as [from, to]', () => {
    expect(toDateRange('between', ['2022-11-01', null])).toEqual(['2022-11-01', null]);
    expect(toDateRange('between', 'junk')).toEqual([null, null]);
    expect(toDateRange('>=', '2024-01-01')).toEqual(['2024-01-01', null]);
    expect(toDateRange('<=', '2024-01-01')).toEqual([null, '2024-01-01']);
    expect(toDateRange('>=', ['2024-01-01', '2024-02-01'])).toEqual(['2024-01-01', null]);
    expect(toDateRange('<=', ['2024-01-01', '2024-02-01'])).toEqual([null, '2024-02-01']);
  });
});

describe('DateEditor', () => {
  it('commits between as [from, to] UTC dates as they change; an empty side stays open (null)', () => {
    const { onCommit } = setup();
    expect(from()).toHaveAttribute('type', 'date');
    from().focus();
    pick(from(), '2022-11-01');
    expect(onCommit).toHaveBeenLastCalledWith(['2022-11-01', null]);
    pick(to(), '2022-11-30');
    expect(onCommit).toHaveBeenLastCalledWith(['2022-11-01', '2022-11-30']);
    expect(to()).toHaveAttribute('min', '2022-11-01');
    pick(from(), '');
    expect(onCommit).toHaveBeenLastCalledWith([null, '2022-11-30']);
  });

  it('marks an end before the start', () => {
    setup('between', ['2022-11-10', '2022-11-01']);
    expect(to()).toHaveAttribute('aria-invalid', 'true');
    expect(from()).not.toHaveAttribute('aria-invalid');
  });

  it('fills both boxes from a quick range and commits at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const { user, onCommit } = setup();
    const quick = screen.getByRole('group', { name: 'Created quick ranges' });
    expect([...quick.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last year',
    ]);
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onCommit).toHaveBeenLastCalledWith(['2026-11-19', '2026-11-25']);
    expect(from()).toHaveValue('2026-11-19');
    expect(to()).toHaveValue('2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onCommit).toHaveBeenLastCalledWith(['2026-10-27', '2026-11-25']);
    await user.click(screen.getByRole('button', { name: 'Last year' }));
    expect(onCommit).toHaveBeenLastCalledWith(['2025-11-26', '2026-11-25']);
  });

  it('shows one box for >= (from, with quick ranges) and for <= (to, without)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const { user, onCommit } = setup('>=', '2024-01-01');
    expect(from()).toHaveValue('2024-01-01');
    expect(screen.queryByLabelText('Created to')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onCommit).toHaveBeenLastCalledWith('2026-10-27');
    screen.getByRole('button', { name: 'elsewhere' }).focus();

    const other = vi.fn();
    const { unmount } = render(<Harness operator="<=" initial={null} onCommit={other} />);
    const box = screen.getAllByLabelText<HTMLInputElement>('Created to').at(-1)!;
    pick(box, '2023-12-31');
    fireEvent.blur(box);
    expect(other).toHaveBeenLastCalledWith('2023-12-31');
    expect(screen.getAllByRole('group', { name: 'Created quick ranges' })).toHaveLength(1);
    unmount();
  });

  it('shows a stored date-time by its day and keeps it while that box is untouched', () => {
    const { onCommit } = setup('between', ['2022-11-01T10:30:00Z', '2022-11-30']);
    expect(from()).toHaveValue('2022-11-01');
    fireEvent.blur(from());
    expect(onCommit).not.toHaveBeenCalled();
    pick(to(), '2022-12-31');
    fireEvent.blur(to());
    expect(onCommit).toHaveBeenLastCalledWith(['2022-11-01T10:30:00Z', '2022-12-31']);
  });
});
